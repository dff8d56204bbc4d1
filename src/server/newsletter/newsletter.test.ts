import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  newsletterSubscribers,
  newsletterTokens,
  newsletterUsedTokens,
} from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { tidyUp } from '../janitor.ts'
import { browserClient } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import en from '#shared/locales/en/newsletter.json' with { type: 'json' }
import hu from '#shared/locales/hu/newsletter.json' with { type: 'json' }
import es from '#shared/locales/es/newsletter.json' with { type: 'json' }
import esEmails from '#shared/locales/es/emails.json' with { type: 'json' }
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }

const server = httpTestAppWithMail()
let counter = 0
const newEmail = () => `reader${++counter}-${Date.now()}@example.com`

const db = () => server.harness.database.db
const client = (language = 'en') => browserClient(server.http.origin, { language })
const subscriberRow = async (email: string) =>
  (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]

/** Every e-mail received for an address with a subject, oldest first. */
const mailsTo = (to: string, subject: string) =>
  server.mail.received.filter((m) => m.to.includes(to) && m.subject.startsWith(subject))

/** Waits for the nth (1-based) e-mail with this subject to arrive, and returns it. */
async function nthMail(to: string, subject: string, n = 1) {
  const deadline = Date.now() + 10_000
  while (mailsTo(to, subject).length < n) {
    if (Date.now() > deadline) throw new Error(`no e-mail #${n} "${subject}" to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const found = mailsTo(to, subject)[n - 1]
  if (!found) throw new Error('unreachable')
  return found
}

const tokenIn = (link: string | undefined) => new URL(link ?? 'http://x').searchParams.get('token')
const linkTo = (message: { links: string[] }, path: string) =>
  message.links.find((l) => new URL(l).pathname === path)

/** Subscribes signed out and returns the token from the confirmation e-mail. */
async function askToSubscribe(email: string, c = client()) {
  const response = await c.post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })
  expect(response.status).toBe(200)
  const message = await nthMail(email, enEmails.newsletterConfirm.subject)
  const token = tokenIn(linkTo(message, '/newsletter/verify'))
  if (!token) throw new Error('no token in the confirmation e-mail')
  return { c, token, message }
}

async function confirmedSubscriber(email = newEmail()) {
  const { c, token } = await askToSubscribe(email)
  expect((await c.post('/api/newsletter/verify', { token })).status).toBe(200)
  return { c, email }
}

describe('subscribing signed out (double opt-in)', () => {
  it('e-mails a confirmation link in the visitor’s language; following it subscribes her', async () => {
    const c = client('es')
    const email = newEmail()

    const response = await c.post('/api/newsletter/subscribe', {
      email: `  ${email.toUpperCase()} `,
      name: 'Ana García',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ subscribed: false, message: es.confirmationSent })
    expect(await subscriberRow(email)).toMatchObject({
      email,
      name: 'Ana García',
      verified: false,
      language: 'es',
      confirmedAt: null,
    })

    const message = await nthMail(email, esEmails.newsletterConfirm.subject)
    expect(message.text).toContain('Ana García')
    const link = linkTo(message, '/newsletter/verify')
    expect(link).toMatch(/^http:\/\/localhost:3000\/newsletter\/verify\?token=[\w-]{40,}&lang=es$/)

    const verified = await c.post('/api/newsletter/verify', { token: tokenIn(link) })
    expect(verified.status).toBe(200)
    expect(await verified.json()).toEqual({
      alreadyConfirmed: false,
      message: es.verification.success,
    })
    const row = await subscriberRow(email)
    expect(row).toMatchObject({ verified: true, source: 'landing', language: 'es' })
    expect(row?.confirmedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000)
    // The consent record keeps a keyed hash of the address, never the address itself.
    expect(row?.consentIpHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain('198.51.100.')
  })

  it('asks for a name when signed out, and a valid address from everyone', async () => {
    const noName = await client().post('/api/newsletter/subscribe', { email: newEmail() })
    expect(noName.status).toBe(400)
    expect(await noName.json()).toEqual({ code: 'name_required', message: en.nameRequired })

    for (const email of ['', 'anna', 'anna@', '@example.com', 'anna@example']) {
      const response = await client('es').post('/api/newsletter/subscribe', { email, name: 'A' })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ code: 'invalid_email', message: es.invalidEmail })
    }
    const garbage = await client().request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(garbage.status).toBe(400)
    expect((await garbage.json()).code).toBe('invalid_request')
  })

  it('keeps only a hash of each token; a link opened again says she is already subscribed', async () => {
    const email = newEmail()
    const { c, token } = await askToSubscribe(email)
    const stored = await db().select().from(newsletterTokens)
    expect(JSON.stringify(stored)).not.toContain(token)

    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(200)
    const confirmedAt = (await subscriberRow(email))?.confirmedAt
    const again = await c.post('/api/newsletter/verify', { token })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({
      alreadyConfirmed: true,
      message: en.verification.alreadyConfirmed,
    })
    const inHungarian = await client('hu').post('/api/newsletter/verify', { token })
    expect(await inHungarian.json()).toEqual({
      alreadyConfirmed: true,
      message: hu.verification.alreadyConfirmed,
    })
    // Opening it again changes nothing: the consent record is the first one.
    expect((await subscriberRow(email))?.confirmedAt).toEqual(confirmedAt)
    const used = await db().select().from(newsletterUsedTokens)
    expect(JSON.stringify(used)).not.toContain(token)
    expect(JSON.stringify(used)).not.toContain(email)
  })

  it('answers a mail scanner that ran the page first, and then the person, both with success', async () => {
    const email = newEmail()
    const { token } = await askToSubscribe(email)
    const scanner = await client('en').post('/api/newsletter/verify', { token })
    expect(await scanner.json()).toMatchObject({ alreadyConfirmed: false })
    const person = await client('hu').post('/api/newsletter/verify', { token })
    expect(person.status).toBe(200)
    expect(await person.json()).toEqual({
      alreadyConfirmed: true,
      message: hu.verification.alreadyConfirmed,
    })
    expect(await subscriberRow(email)).toMatchObject({ verified: true })
  })

  it('lets only one of two clicks at once confirm; the other is told she is subscribed', async () => {
    const email = newEmail()
    const { token } = await askToSubscribe(email)
    const answers = await Promise.all(
      [client(), client()].map(async (c) => {
        const response = await c.post('/api/newsletter/verify', { token })
        expect(response.status).toBe(200)
        return ((await response.json()) as { alreadyConfirmed: boolean }).alreadyConfirmed
      }),
    )
    expect(answers.sort()).toEqual([false, true])
  })

  it('still refuses a made-up link, and a used one whose subscription has ended', async () => {
    const madeUp = await client().post('/api/newsletter/verify', { token: 'nope' })
    expect(madeUp.status).toBe(400)
    expect(await madeUp.json()).toEqual({ code: 'invalid_token', message: en.verification.failed })

    const email = newEmail()
    const { c, token } = await askToSubscribe(email)
    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(200)
    await db().delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    const afterLeaving = await c.post('/api/newsletter/verify', { token })
    expect(afterLeaving.status).toBe(400)
    expect(await afterLeaving.json()).toEqual({
      code: 'invalid_token',
      message: en.verification.failed,
    })
  })

  it('lets a confirmation link expire after 48 hours', async () => {
    const email = newEmail()
    const { c, token } = await askToSubscribe(email)
    const subscriber = await subscriberRow(email)
    const [tokenRow] = await db()
      .select()
      .from(newsletterTokens)
      .where(eq(newsletterTokens.subscriberId, subscriber?.id ?? ''))
    const lifetime = (tokenRow?.expiresAt.getTime() ?? 0) - Date.now()
    expect(lifetime).toBeGreaterThan(47.9 * 3600_000)
    expect(lifetime).toBeLessThanOrEqual(48 * 3600_000)

    await db()
      .update(newsletterTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterTokens.subscriberId, subscriber?.id ?? ''))
    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(400)
    expect(await subscriberRow(email)).toMatchObject({ verified: false })
  })

  it('re-sends to a pending address, but not within a minute; earlier links keep working', async () => {
    const email = newEmail()
    const first = await askToSubscribe(email)
    const again = await client().post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })
    expect(await again.json()).toEqual({ subscribed: false, message: en.confirmationSent })
    await server.harness.mailWorker.drain()
    const queued = await db().select().from(outbox).where(eq(outbox.toAddress, email))
    expect(queued).toHaveLength(1)

    // A minute later, asking again sends a new link.
    await db()
      .update(outbox)
      .set({ createdAt: sql`${outbox.createdAt} - interval '61 seconds'` })
      .where(eq(outbox.toAddress, email))
    await client().post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })
    const second = await nthMail(email, enEmails.newsletterConfirm.subject, 2)
    const secondToken = tokenIn(linkTo(second, '/newsletter/verify'))
    expect(secondToken).not.toBe(first.token)
    expect((await client().post('/api/newsletter/verify', { token: first.token })).status).toBe(200)
    // Once confirmed, the other link has nothing left to do but say so.
    const other = await client().post('/api/newsletter/verify', { token: secondToken })
    expect(await other.json()).toEqual({
      alreadyConfirmed: true,
      message: en.verification.alreadyConfirmed,
    })
    expect(
      await db()
        .select()
        .from(newsletterTokens)
        .where(eq(newsletterTokens.subscriberId, (await subscriberRow(email))?.id ?? '')),
    ).toEqual([])
  })

  it('answers the same for a subscribed address, and tells its owner instead of re-confirming', async () => {
    const { email } = await confirmedSubscriber()
    const fresh = await client().post('/api/newsletter/subscribe', { email: newEmail(), name: 'B' })
    const known = await client().post('/api/newsletter/subscribe', { email, name: 'Someone' })
    expect(known.status).toBe(fresh.status)
    expect(await known.json()).toEqual(await fresh.json())
    const note = await nthMail(email, enEmails.newsletterAlreadySubscribed.subject)
    expect(linkTo(note, '/newsletter/unsubscribe')).toBeDefined()
    expect(await subscriberRow(email)).toMatchObject({ verified: true, name: 'Kiss Anna' })
  })
})

describe('unsubscribing through the e-mailed link', () => {
  it('e-mails a link that unsubscribes and deletes the consent record; opened again, it says so', async () => {
    const { email } = await confirmedSubscriber()
    const c = client('en')
    const response = await c.post('/api/newsletter/unsubscribe', { email: email.toUpperCase() })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      unsubscribed: false,
      message: en.unsubscribeEmailSent,
    })
    expect(await subscriberRow(email)).toMatchObject({ verified: true })

    const message = await nthMail(email, enEmails.newsletterUnsubscribe.subject)
    const token = tokenIn(linkTo(message, '/newsletter/unsubscribe'))
    const [tokenRow] = await db()
      .select()
      .from(newsletterTokens)
      .where(eq(newsletterTokens.purpose, 'unsubscribe'))
      .orderBy(sql`${newsletterTokens.createdAt} desc`)
    const lifetime = (tokenRow?.expiresAt.getTime() ?? 0) - Date.now()
    expect(lifetime).toBeGreaterThan(6.99 * 24 * 3600_000)
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000)

    // A confirmation endpoint does not take an unsubscribe token: one purpose per token.
    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(400)
    const done = await c.post('/api/newsletter/verify-unsubscribe', { token })
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({
      alreadyUnsubscribed: false,
      message: en.unsubscribeVerification.success,
    })
    expect(await subscriberRow(email)).toBeUndefined()

    const twice = await c.post('/api/newsletter/verify-unsubscribe', { token })
    expect(twice.status).toBe(200)
    expect(await twice.json()).toEqual({
      alreadyUnsubscribed: true,
      message: en.unsubscribeVerification.alreadyUnsubscribed,
    })
    const inHungarian = await client('hu').post('/api/newsletter/verify-unsubscribe', { token })
    expect(await inHungarian.json()).toEqual({
      alreadyUnsubscribed: true,
      message: hu.unsubscribeVerification.alreadyUnsubscribed,
    })
    // What is remembered holds neither the link nor the address.
    const used = JSON.stringify(await db().select().from(newsletterUsedTokens))
    expect(used).not.toContain(token)
    expect(used).not.toContain(email)
  })

  it('forgets a used unsubscribe link once the address subscribes again', async () => {
    const { email } = await confirmedSubscriber()
    await client().post('/api/newsletter/unsubscribe', { email })
    const message = await nthMail(email, enEmails.newsletterUnsubscribe.subject)
    const token = tokenIn(linkTo(message, '/newsletter/unsubscribe'))
    expect((await client().post('/api/newsletter/verify-unsubscribe', { token })).status).toBe(200)

    // Asking again (still pending) leaves her unsubscribed, and the link says so.
    await db()
      .update(outbox)
      .set({ createdAt: sql`${outbox.createdAt} - interval '61 seconds'` })
      .where(eq(outbox.toAddress, email))
    const c = client()
    await c.post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })
    const confirmToken = tokenIn(
      linkTo(await nthMail(email, enEmails.newsletterConfirm.subject, 2), '/newsletter/verify'),
    )
    const pending = await client().post('/api/newsletter/verify-unsubscribe', { token })
    expect(await pending.json()).toMatchObject({ alreadyUnsubscribed: true })

    // Subscribed again: the old link no longer speaks for her.
    expect((await c.post('/api/newsletter/verify', { token: confirmToken })).status).toBe(200)
    const stale = await client().post('/api/newsletter/verify-unsubscribe', { token })
    expect(stale.status).toBe(400)
    expect(await subscriberRow(email)).toMatchObject({ verified: true })
  })

  it('answers the same for an unknown address and sends it nothing', async () => {
    const { email } = await confirmedSubscriber()
    const stranger = newEmail()
    const known = await client().post('/api/newsletter/unsubscribe', { email })
    const unknown = await client().post('/api/newsletter/unsubscribe', { email: stranger })
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(await known.json())
    await nthMail(email, enEmails.newsletterUnsubscribe.subject)
    await server.harness.mailWorker.drain()
    expect(server.mail.received.some((m) => m.to.includes(stranger))).toBe(false)
  })

  it('refuses a made-up token with the SPEC text', async () => {
    const response = await client().post('/api/newsletter/verify-unsubscribe', { token: 'nope' })
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(en.unsubscribeVerification.failed)
  })
})

describe('List-Unsubscribe (RFC 8058)', () => {
  it('puts one-click headers on every newsletter e-mail, and the POST unsubscribes', async () => {
    const email = newEmail()
    const { message, c, token } = await askToSubscribe(email)
    await c.post('/api/newsletter/verify', { token })
    await client().post('/api/newsletter/unsubscribe', { email })
    const unsubscribeMail = await nthMail(email, enEmails.newsletterUnsubscribe.subject)
    for (const received of [message, unsubscribeMail]) {
      expect(received.rawHeader('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
      expect(received.rawHeader('List-Unsubscribe')).toMatch(/^<https?:\/\/.+>$/)
    }
    const url = message.rawHeader('List-Unsubscribe')?.replace(/^<|>$/g, '') ?? ''
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/newsletter\/one-click\?key=/)

    // A mail provider posts without cookies or Origin, as a form.
    const post = () =>
      fetch(`${server.http.origin}${new URL(url).pathname}${new URL(url).search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
    expect((await post()).status).toBe(200)
    expect(await subscriberRow(email)).toBeUndefined()
    expect((await post()).status).toBe(200)

    const forged = await fetch(
      `${server.http.origin}/api/newsletter/one-click?key=${crypto.randomUUID()}.abc`,
      {
        method: 'POST',
      },
    )
    expect(forged.status).toBe(400)
  })
})

describe('signed-in members', () => {
  it('subscribe and unsubscribe their own confirmed address at once, and read the flag', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const status = async () =>
      (await (await member.client.get('/api/newsletter/status')).json()) as { subscribed: boolean }
    expect(await status()).toEqual({ subscribed: false })

    const on = await member.client.post('/api/newsletter/subscribe', {
      email: member.email,
      source: 'account-menu',
    })
    expect(await on.json()).toEqual({ subscribed: true, message: en.subscribed })
    expect(await status()).toEqual({ subscribed: true })
    expect(await subscriberRow(member.email)).toMatchObject({
      verified: true,
      userId: member.userId,
      source: 'account-menu',
      name: expect.stringMatching(/^Member \d+$/),
    })

    const off = await member.client.post('/api/newsletter/unsubscribe', { email: member.email })
    expect(await off.json()).toEqual({ unsubscribed: true, message: en.unsubscribed })
    expect(await status()).toEqual({ subscribed: false })
    expect(await subscriberRow(member.email)).toBeUndefined()
  })

  it('confirm by e-mail any other address, without giving a name', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const other = newEmail()
    const response = await member.client.post('/api/newsletter/subscribe', { email: other })
    expect((await response.json()).subscribed).toBe(false)
    expect(await subscriberRow(other)).toMatchObject({ verified: false, userId: null })
  })

  it('make a used unsubscribe link forget them by subscribing again from the menu', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const subscribeOwn = () =>
      member.client.post('/api/newsletter/subscribe', {
        email: member.email,
        source: 'account-menu',
      })
    await subscribeOwn()
    await client().post('/api/newsletter/unsubscribe', { email: member.email })
    const message = await nthMail(member.email, enEmails.newsletterUnsubscribe.subject)
    const token = tokenIn(linkTo(message, '/newsletter/unsubscribe'))
    const leave = () => client().post('/api/newsletter/verify-unsubscribe', { token })
    expect((await leave()).status).toBe(200)
    expect(await (await leave()).json()).toMatchObject({ alreadyUnsubscribed: true })

    await subscribeOwn()
    expect((await leave()).status).toBe(400)
    expect(await subscriberRow(member.email)).toMatchObject({ verified: true })
  })

  it('need a session for the status flag', async () => {
    const response = await client().get('/api/newsletter/status')
    expect(response.status).toBe(401)
  })
})

describe('limits and housekeeping', () => {
  it('limits requests per client address', async () => {
    const c = client()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await c.post('/api/newsletter/unsubscribe', { email: newEmail() })
      statuses.push(response.status)
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect((await response.json()).code).toBe('too_many_requests')
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Another visitor is not affected.
    expect((await client().post('/api/newsletter/unsubscribe', { email: newEmail() })).status).toBe(
      200,
    )
  })

  it('deletes pending sign-ups 48 hours after they were last asked for, keeping confirmed ones', async () => {
    const pending = newEmail()
    await askToSubscribe(pending)
    const { email: confirmed } = await confirmedSubscriber()
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000 - 60_000)
    await db()
      .update(newsletterSubscribers)
      .set({ updatedAt: twoDaysAgo })
      .where(inArray(newsletterSubscribers.email, [pending, confirmed]))

    await tidyUp(db())
    expect(await subscriberRow(pending)).toBeUndefined()
    expect(await subscriberRow(confirmed)).toMatchObject({ verified: true })
  })

  it('forgets used links after 30 days: opened then, they fail as unknown ones do', async () => {
    const email = newEmail()
    const { c, token } = await askToSubscribe(email)
    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(200)
    const subscriberId = (await subscriberRow(email))?.id ?? ''
    const used = eq(newsletterUsedTokens.subscriberId, subscriberId)

    await tidyUp(db(), Date.now() + 29 * 24 * 3600_000)
    expect(await db().select().from(newsletterUsedTokens).where(used)).toHaveLength(1)
    await db()
      .update(newsletterUsedTokens)
      .set({ usedAt: new Date(Date.now() - 30 * 24 * 3600_000 - 60_000) })
      .where(used)
    // Past 30 days the link is refused even before the hourly pass has run.
    expect((await c.post('/api/newsletter/verify', { token })).status).toBe(400)
    await tidyUp(db())
    expect(await db().select().from(newsletterUsedTokens).where(used)).toEqual([])
  })
})
