import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/newsletter.json' with { type: 'json' }
import type { WelcomeSeries } from '#shared/schemas/welcome-series.ts'
import { auditLog } from '../db/schema/audit.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { welcomePass } from './welcome-series.ts'

// The welcome series (issue 42 part 1, decision 0090) through the real server and a real SMTP
// server. The server's own welcome job runs on the real clock; each test runs passes with a clock
// of its own (now + days), so the delays are met without waiting. Deliveries are recorded once
// per address and e-mail, so a pass of the server's own changes nothing a test asserts.

const server = httpTestAppWithMail()
const DAY = 24 * 60 * 60 * 1000
let counter = 0
const newEmail = () => `welcomed${++counter}-${Date.now()}@example.com`
const db = () => server.harness.database.db
let admin: ReturnType<typeof browserClient>

/** One pass of the welcome job at now + `days`, then every queued e-mail sent. */
async function passAt(days: number) {
  const { secret, baseUrl } = server.harness.newsletter
  await welcomePass(db(), { secret, baseUrl, now: new Date(Date.now() + days * DAY) })
  await server.harness.mailWorker.drain()
}

/** The welcome e-mails an address received, by subject, oldest first. */
async function welcomesTo(to: string) {
  await server.harness.mailWorker.drain()
  await new Promise((resolve) => setTimeout(resolve, 150)) // the SMTP server parses what it took
  return server.mail.received
    .filter((m) => m.to.includes(to) && m.subject.startsWith('Welcome'))
    .map((m) => m.subject)
}

async function subscribe(email: string, language = 'en') {
  const c = browserClient(server.http.origin, { language })
  const verifyLink = (m: { links: string[] }) =>
    m.links.find((l) => new URL(l).pathname === '/newsletter/verify')
  const confirmations = () =>
    server.mail.received.filter((m) => m.to.includes(email) && verifyLink(m))
  const before = confirmations().length
  expect((await c.post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })).status).toBe(200)
  const deadline = Date.now() + 10_000
  while (confirmations().length <= before) {
    if (Date.now() > deadline) throw new Error('no confirmation e-mail')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const link = verifyLink(confirmations().at(-1) ?? { links: [] })
  const token = new URL(link ?? 'http://x').searchParams.get('token')
  expect((await c.post('/api/newsletter/verify', { token })).status).toBe(200)
}

/** She leaves by the one-click link (RFC 8058) of the welcome e-mail with this subject. */
async function leaveByOneClick(email: string, subject: RegExp) {
  const mail = await server.mail.waitFor(email, { subject })
  const oneClick = /<([^>]+)>/.exec(mail.rawHeader('list-unsubscribe') ?? '')?.[1] ?? ''
  const left = await fetch(oneClick.replace('http://localhost:3000', server.http.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(left.status).toBe(200)
}

/** Some minutes later (the confirmation e-mail's per-address cooldown is one), she subscribes again. */
async function subscribeAgain(email: string) {
  await db()
    .update(outbox)
    .set({ createdAt: sql`${outbox.createdAt} - interval '2 minutes'` })
    .where(eq(outbox.toAddress, email))
  await subscribe(email)
}

const series = async () =>
  (await (await admin.get('/api/admin/newsletter/welcome')).json()) as WelcomeSeries

async function write(position: number, delayDays: number, subject: string) {
  const response = await admin.request(`/api/admin/newsletter/welcome/emails/${position}`, {
    method: 'PUT',
    json: {
      delayDays,
      content: {
        hu: { subject: `Üdv ${subject}`, body: `Szia! Ez a(z) ${position}. levél.` },
        en: { subject: `Welcome ${subject}`, body: `Hello! This is e-mail ${position}.` },
      },
    },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as WelcomeSeries
}

const turn = (enabled: boolean) =>
  admin.request('/api/admin/newsletter/welcome/enabled', { method: 'PUT', json: { enabled } })

let early: string

beforeAll(async () => {
  admin = (await seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'en' }))
    .client
  // She confirmed before the series existed.
  early = newEmail()
  await subscribe(early)
  expect((await turn(true)).status).toBe(409) // nothing written yet
  await write(1, 0, 'one')
  await write(2, 3, 'two')
  await write(3, 7, 'three')
  const on = await turn(true)
  expect(on.status).toBe(200)
  expect(await on.json()).toMatchObject({ enabled: true, earlierIncludedAt: null })
})

describe('the welcome series', () => {
  it('sends her three e-mails at their delays, in her language, each once, with one-click unsubscribe', async () => {
    const email = newEmail()
    await subscribe(email)
    await passAt(0)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
    const first = await server.mail.waitFor(email, { subject: /^Welcome one$/ })
    expect(first.rawHeader('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/newsletter\/one-click\?key=/,
    )
    expect(first.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(first.text).toContain('Hello! This is e-mail 1.')
    await passAt(2.9)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
    await passAt(3)
    expect(await welcomesTo(email)).toEqual(['Welcome one', 'Welcome two'])
    await passAt(7)
    await passAt(30)
    expect(await welcomesTo(email)).toEqual(['Welcome one', 'Welcome two', 'Welcome three'])
    const counts = (await series()).emails.map((e) => e.sent)
    expect(counts.every((n) => n >= 1)).toBe(true)
  })

  it('stops when she unsubscribes, and does not start over when she subscribes again', async () => {
    const email = newEmail()
    await subscribe(email)
    await passAt(0)
    await leaveByOneClick(email, /^Welcome one$/)
    await passAt(3)
    await passAt(7)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])

    await subscribeAgain(email)
    await passAt(0)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
    await passAt(3)
    expect(await welcomesTo(email)).toEqual(['Welcome one', 'Welcome two'])
  })

  it('stops for a suppressed address', async () => {
    const email = newEmail()
    await subscribe(email)
    await passAt(0)
    await db().insert(mailSuppressions).values({ email, reason: 'hard_bounce', source: 'smtp' })
    await passAt(3)
    await passAt(7)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
  })

  it('an edit reaches only the e-mails not yet sent', async () => {
    const email = newEmail()
    await subscribe(email)
    await passAt(0)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
    await write(1, 0, 'one, edited')
    await write(2, 3, 'two, edited')
    await passAt(0)
    await passAt(3)
    expect(await welcomesTo(email)).toEqual(['Welcome one', 'Welcome two, edited'])
    const later = newEmail()
    await subscribe(later)
    await passAt(0)
    expect(await welcomesTo(later)).toEqual(['Welcome one, edited'])
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'welcome.update'), eq(auditLog.subjectId, '2')))
    expect(entries.at(-1)?.after).toMatchObject({ subject_en: 'Welcome two, edited' })
    await write(1, 0, 'one')
    await write(2, 3, 'two')
  })

  it('includes the earlier subscribers once, when the owner chooses', async () => {
    await passAt(0)
    expect(await welcomesTo(early)).toEqual([])
    const before = await series()
    expect(before.earlierCount).toBeGreaterThanOrEqual(1)
    const include = await admin.request('/api/admin/newsletter/welcome/include-earlier', {
      json: { count: before.earlierCount },
    })
    expect(include.status).toBe(200)
    expect(await include.json()).toMatchObject({ earlierCount: 0 })
    await passAt(0)
    expect(await welcomesTo(early)).toEqual(['Welcome one'])
    const again = await admin.request('/api/admin/newsletter/welcome/include-earlier', {
      json: { count: 0 },
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      code: 'conflict',
      message: en.welcome.errors.earlierIncluded,
    })
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'welcome.include_earlier'))
    expect(entries).toHaveLength(1)
  })

  it('turning the series off stops the e-mails; on again, she goes on where she stopped', async () => {
    const email = newEmail()
    await subscribe(email)
    await passAt(0)
    expect((await turn(false)).status).toBe(200)
    await passAt(3)
    expect(await welcomesTo(email)).toEqual(['Welcome one'])
    expect((await turn(true)).status).toBe(200)
    await passAt(3)
    expect(await welcomesTo(email)).toEqual(['Welcome one', 'Welcome two'])
    const switches = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectType, 'welcome'))
    expect(switches.map((s) => s.action)).toEqual(
      expect.arrayContaining(['welcome.enable', 'welcome.disable']),
    )
    const row = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
    expect(row).toHaveLength(1)
  })
  it('follows her to a new sign-in address: she goes on there, and subscribing again there does not start over', async () => {
    const her = await seedMember(server.harness, server.http.origin, { language: 'en' })
    await subscribe(her.email)
    await passAt(0)
    expect(await welcomesTo(her.email)).toEqual(['Welcome one'])

    const to = newEmail()
    const asked = await her.client.post('/api/auth/change-email', {
      newEmail: to,
      moveNewsletter: true,
      callbackURL: '/account',
    })
    expect(asked.status).toBe(200)
    const confirm = await server.mail.waitFor(to, { subject: /new e-mail address/ })
    const link = confirm.links.find((l) => l.includes('/api/auth/verify-email'))
    expect((await her.client.follow(link ?? '')).response.status).toBe(302)

    await passAt(3)
    expect(await welcomesTo(to)).toEqual(['Welcome two'])
    await leaveByOneClick(to, /^Welcome two$/)
    await subscribeAgain(to)
    await passAt(0)
    await passAt(7)
    expect(await welcomesTo(to)).toEqual(['Welcome two', 'Welcome three'])
  })
})
