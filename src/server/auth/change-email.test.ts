import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { account, user } from '../db/schema/auth.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { profiles } from '../db/schema/profiles.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { maskEmail } from './change-email.ts'

const server = httpTestAppWithMail()
const db = () => server.harness.database.db
let counter = 0
const freshAddress = () => `moved${++counter}-${Date.now()}@example.org`
const CALLBACK = '/account?emailChanged=1'
/** Where the link lands: her callback, in the language of the e-mail (hers, English). */
const LANDING = `${CALLBACK}&lang=en`

async function member(language = 'en') {
  const seeded = await seedMember(server.harness, server.http.origin, { language })
  await db().update(profiles).set({ language: 'en' }).where(eq(profiles.id, seeded.userId))
  return seeded
}

const askToChange = (
  c: ReturnType<typeof browserClient>,
  newEmail: string,
  moveNewsletter = false,
) => c.post('/api/auth/change-email', { newEmail, moveNewsletter, callbackURL: CALLBACK })

const confirmLink = async (to: string) => {
  const mail = await server.mail.waitFor(to, { subject: /new e-mail address/ })
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))
  if (!link) throw new Error('no confirmation link')
  return { mail, link }
}

const signIn = (email: string, password: string) =>
  browserClient(server.http.origin).post('/api/auth/sign-in/email', { email, password })

describe('changing the sign-in address', () => {
  it('confirms by a link to the new address, tells the old one, and moves profile and newsletter on confirmation', async () => {
    const { client, email, password, userId } = await member()
    await db().insert(newsletterSubscribers).values({
      email,
      verified: true,
      userId,
      confirmedAt: new Date(),
      language: 'en',
    })
    const to = freshAddress()

    const asked = await askToChange(client, to, true)
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({ status: true })

    const notice = await server.mail.waitFor(email, { subject: /sign-in address/ })
    expect(notice.subject).toBe('Your sign-in address is being changed – Lendület')
    expect(notice.text).toContain(maskEmail(to))
    expect(notice.text).not.toContain(to)
    expect(notice.text).toContain('reset your password now')

    const { mail, link } = await confirmLink(to)
    expect(mail.subject).toBe('Confirm your new e-mail address – Lendület')
    expect(mail.text).toContain(to)

    // Until the link is opened, the old address signs in and the new one does not.
    expect((await signIn(email, password)).status).toBe(200)
    expect((await signIn(to, password)).status).toBe(401)

    const { response, location } = await browserClient(server.http.origin).follow(link)
    expect(response.status).toBe(302)
    expect(location).toBe(LANDING)

    expect((await signIn(to, password)).status).toBe(200)
    expect((await signIn(email, password)).status).toBe(401)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId))
    expect(profile?.email).toBe(to)
    const subscriptions = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.userId, userId))
    expect(subscriptions.map((s) => [s.email, s.verified])).toEqual([[to, true]])
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.email_change'), eq(auditLog.subjectId, userId)))
    expect(entry).toMatchObject({
      actorKind: 'member',
      actorUserId: userId,
      before: { email },
      after: { email: to, newsletterMoved: true },
    })
  })

  it('answers a taken address like a free one, sends it nothing, and still tells the old address', async () => {
    const { client, email } = await member()
    const other = await member()

    const asked = await askToChange(client, other.email)
    expect(asked.status).toBe(200)
    expect(await asked.json()).toEqual({ status: true })
    await server.mail.waitFor(email, { subject: /sign-in address/ })
    const toTaken = await db().select().from(outbox).where(eq(outbox.toAddress, other.email))
    expect(toTaken.map((row) => row.kind)).not.toContain('change-email-confirm')
    expect(toTaken.map((row) => row.kind)).not.toContain('change-email-notice')
  })

  it('leaves the newsletter where it was when she says so, and keeps a subscription the new address already has', async () => {
    const { client, email, userId } = await member()
    const to = freshAddress()
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email, verified: true, userId, confirmedAt: new Date() },
        { email: to, verified: true, confirmedAt: new Date() },
      ])
    expect((await askToChange(client, to, true)).status).toBe(200)
    const { link } = await confirmLink(to)
    expect((await client.follow(link)).location).toBe(LANDING)
    const rows = await db()
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
    expect(rows).toEqual([])
    const [kept] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, to))
    expect(kept?.verified).toBe(true)

    const second = await member()
    await db()
      .insert(newsletterSubscribers)
      .values({ email: second.email, verified: true, confirmedAt: new Date() })
    const next = freshAddress()
    expect((await askToChange(second.client, next, false)).status).toBe(200)
    await second.client.follow((await confirmLink(next)).link)
    const [stayed] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, second.email))
    expect(stayed?.verified).toBe(true)
  })

  it('refuses a malformed or unchanged address in her language, and changes nothing', async () => {
    const { client, email, userId } = await member('de')
    const malformed = await client.post('/api/auth/change-email', { newEmail: 'not-an-address' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({
      code: 'INVALID_EMAIL',
      message: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    })
    const same = await client.post('/api/auth/change-email', { newEmail: email.toUpperCase() })
    expect(same.status).toBe(400)
    expect(await same.json()).toEqual({
      code: 'EMAIL_IS_THE_SAME',
      message: 'Das ist schon deine Anmeldeadresse. Bitte gib eine andere ein.',
    })
    const [row] = await db().select().from(user).where(eq(user.id, userId))
    expect(row?.email).toBe(email)
    expect(
      await browserClient(server.http.origin).post('/api/auth/change-email', {
        newEmail: freshAddress(),
      }),
    ).toHaveProperty('status', 401)
  })

  it('is limited to 5 requests a minute, like the other sign-in routes', async () => {
    const { client } = await member()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/auth/change-email', { newEmail: `x${i}` })).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })

  it('is for accounts with a password: a Google-only account is told how to get one', async () => {
    const { client, userId } = await member()
    await db()
      .update(account)
      .set({ providerId: 'google', password: null })
      .where(eq(account.userId, userId))
    const refused = await askToChange(client, freshAddress())
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'CHANGE_EMAIL_NEEDS_PASSWORD' })
  })

  it('refuses the link once the address was taken meanwhile, or after a new password', async () => {
    const first = await member()
    const to = freshAddress()
    expect((await askToChange(first.client, to)).status).toBe(200)
    const { link } = await confirmLink(to)
    await db()
      .update(user)
      .set({ email: to })
      .where(eq(user.email, (await member()).email))
    const taken = await first.client.follow(link)
    expect(taken.location).toBe(`${LANDING}&error=EMAIL_TAKEN`)
    const [unchanged] = await db().select().from(user).where(eq(user.id, first.userId))
    expect(unchanged?.email).toBe(first.email)

    const second = await member()
    const next = freshAddress()
    expect((await askToChange(second.client, next)).status).toBe(200)
    const { link: cancelled } = await confirmLink(next)
    const changed = await second.client.post('/api/auth/change-password', {
      currentPassword: second.password,
      newPassword: 'another-password',
    })
    expect(changed.status).toBe(200)
    expect((await second.client.follow(cancelled)).location).toBe(`${LANDING}&error=INVALID_TOKEN`)
  })
})

describe('her newsletter subscription follows her address', () => {
  const NEWSLETTER_CONFIRM = /Confirm your subscription/

  /** The signed-in path (the account menu): her own confirmed address is subscribed at once. */
  async function subscribeSignedIn(c: ReturnType<typeof browserClient>, email: string) {
    const subscribed = await c.post('/api/newsletter/subscribe', { email, source: 'account-menu' })
    expect(subscribed.status).toBe(200)
    expect(await subscribed.json()).toMatchObject({ subscribed: true })
  }

  /** The double opt-in path: signed out, then the link in the e-mail to her address. */
  async function askSignedOut(email: string) {
    const anonymous = browserClient(server.http.origin, { language: 'en' })
    const asked = await anonymous.post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })
    expect(asked.status).toBe(200)
    expect(await asked.json()).toMatchObject({ subscribed: false })
    const mail = await server.mail.waitFor(email, { subject: NEWSLETTER_CONFIRM })
    const link = mail.links.find((l) => new URL(l).pathname === '/newsletter/verify')
    const token = new URL(link ?? 'http://x').searchParams.get('token')
    if (!token) throw new Error('no token in the confirmation e-mail')
    // The page at the link posts its token (newsletter-verify.tsx).
    return () => anonymous.post('/api/newsletter/verify', { token })
  }

  const rowsFor = (address: string) =>
    db()
      .select({ verified: newsletterSubscribers.verified, userId: newsletterSubscribers.userId })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address))

  async function auditAfter(userId: string) {
    const [entry] = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.email_change'), eq(auditLog.subjectId, userId)))
    return entry?.after
  }

  async function status(c: ReturnType<typeof browserClient>) {
    const answer = await c.get('/api/newsletter/status')
    expect(answer.status).toBe(200)
    return ((await answer.json()) as { subscribed: boolean }).subscribed
  }

  /** She asks as the account page does by default: without saying "leave it behind". */
  async function changeTo(c: ReturnType<typeof browserClient>, to: string, body = {}) {
    const asked = await c.post('/api/auth/change-email', {
      newEmail: to,
      callbackURL: CALLBACK,
      ...body,
    })
    expect(asked.status).toBe(200)
  }

  async function confirmChange(c: ReturnType<typeof browserClient>, to: string) {
    const { link } = await confirmLink(to)
    expect((await c.follow(link)).location).toBe(LANDING)
  }

  async function expectMoved(
    member: { client: ReturnType<typeof browserClient>; email: string; userId: string },
    to: string,
  ) {
    expect(await rowsFor(to)).toEqual([{ verified: true, userId: member.userId }])
    expect(await rowsFor(member.email)).toEqual([])
    expect(await status(member.client)).toBe(true)
    expect(await auditAfter(member.userId)).toEqual({ email: to, newsletterMoved: true })
  }

  it('moves a subscription made from the account menu before she asked', async () => {
    const her = await member()
    await subscribeSignedIn(her.client, her.email)
    const to = freshAddress()
    await changeTo(her.client, to)
    await confirmChange(her.client, to)
    await expectMoved(her, to)
  })

  it('moves a subscription made from the account menu after she asked, before she confirmed', async () => {
    const her = await member()
    const to = freshAddress()
    await changeTo(her.client, to)
    await subscribeSignedIn(her.client, her.email)
    await confirmChange(her.client, to)
    await expectMoved(her, to)
  })

  it('moves a subscription confirmed by the link in the e-mail to her address', async () => {
    const her = await member()
    const confirmNewsletter = await askSignedOut(her.email)
    expect((await confirmNewsletter()).status).toBe(200)
    expect(await status(her.client)).toBe(true)
    const to = freshAddress()
    await changeTo(her.client, to)
    await confirmChange(her.client, to)
    await expectMoved(her, to)
  })

  it('moves a sign-up still waiting for its link, which then confirms the new address', async () => {
    const her = await member()
    const confirmNewsletter = await askSignedOut(her.email)
    const to = freshAddress()
    await changeTo(her.client, to)
    await confirmChange(her.client, to)
    expect(await rowsFor(to)).toEqual([{ verified: false, userId: her.userId }])
    expect(await status(her.client)).toBe(false)

    expect((await confirmNewsletter()).status).toBe(200)
    await expectMoved(her, to)
  })

  it('leaves it on the old address when she says so, and says in the log that it stayed', async () => {
    const her = await member()
    await subscribeSignedIn(her.client, her.email)
    const to = freshAddress()
    await changeTo(her.client, to, { moveNewsletter: false })
    await confirmChange(her.client, to)
    expect(await rowsFor(her.email)).toEqual([{ verified: true, userId: her.userId }])
    expect(await rowsFor(to)).toEqual([])
    expect(await status(her.client)).toBe(false)
    expect(await auditAfter(her.userId)).toEqual({ email: to, newsletterMoved: false })
  })

  it('records that nothing moved when she had no subscription', async () => {
    const her = await member()
    const to = freshAddress()
    await changeTo(her.client, to)
    await confirmChange(her.client, to)
    expect(await rowsFor(to)).toEqual([])
    expect(await auditAfter(her.userId)).toEqual({ email: to, newsletterMoved: false })
  })
})
