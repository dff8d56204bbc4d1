import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailSuppressions, mailWebhookReceipts } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { SOFT_BOUNCES_TO_SUPPRESS } from './commands/record-mail-feedback.ts'
import { signMailgun, signMailWebhook, SIGNED_HEADER } from './mail-webhooks.ts'

/**
 * Issue 42 part 2: bounces and complaints that arrive later, through the providers' webhooks,
 * in their real payload shapes (Postmark's and Mailgun's documentation), over HTTP.
 */
const POSTMARK = { user: 'postmark', password: 'a-long-webhook-password' }
const MAILGUN_KEY = 'key-mailgun-signing-0123456789'
const SIGNED_SECRET = 'a-secret-of-ours-that-is-32-chars-long!'

const server = httpTestApp({
  POSTMARK_WEBHOOK_AUTH: `${POSTMARK.user}:${POSTMARK.password}`,
  MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
  MAIL_WEBHOOK_SECRET: SIGNED_SECRET,
})
const db = () => server.harness.database.db

let addresses = 0
/** A confirmed subscriber of her own, so that each test starts from a clean address. */
async function subscriber() {
  const email = `reader${++addresses}@example.com`
  await db()
    .insert(newsletterSubscribers)
    .values({ email, name: 'Olvasó', verified: true, confirmedAt: new Date() })
  return email
}

const subscription = async (email: string) =>
  (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]
const suppression = async (email: string) =>
  (await db().select().from(mailSuppressions).where(eq(mailSuppressions.email, email)))[0]

const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.http.origin}/api/mail-webhooks/${path}`, {
    method: 'POST',
    // Providers post from their own servers: another origin, no cookies.
    headers: {
      'content-type': 'application/json',
      origin: 'https://api.postmarkapp.com',
      ...headers,
    },
    body,
  })

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

let postmarkIds = 1000
/** Postmark's Bounce record as its documentation shows it. */
const postmarkBounce = (email: string, type: string, id = ++postmarkIds) =>
  JSON.stringify({
    RecordType: 'Bounce',
    MessageStream: 'broadcast',
    ID: id,
    Type: type,
    TypeCode: type === 'HardBounce' ? 1 : 4096,
    Name: type === 'HardBounce' ? 'Hard bounce' : 'Soft bounce',
    Tag: 'newsletter',
    MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
    Metadata: {},
    ServerID: 23,
    Description:
      'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    Email: email,
    From: 'hello@lendulet.fit',
    BouncedAt: '2026-11-28T16:33:54.9070259Z',
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: 'Lendület hírlevél',
  })
const postmarkComplaint = (email: string) =>
  JSON.stringify({
    RecordType: 'SpamComplaint',
    MessageStream: 'broadcast',
    ID: ++postmarkIds,
    Type: 'SpamComplaint',
    TypeCode: 512,
    Name: 'Spam complaint',
    Tag: 'newsletter',
    MessageID: '00000000-0000-0000-0000-000000000000',
    ServerID: 1234,
    Description: '',
    Details: 'Test spam complaint details',
    Email: email,
    From: 'hello@lendulet.fit',
    BouncedAt: '2026-11-28T16:33:54.9070259Z',
    DumpAvailable: true,
    Inactive: true,
    CanActivate: false,
    Subject: 'Lendület hírlevél',
  })

let tokens = 0
/** Mailgun's webhook body for one event, signed with `key` at `at`. */
function mailgun(
  event: Record<string, unknown>,
  { key = MAILGUN_KEY, at = new Date(), token = `token-${++tokens}-${Date.now()}` } = {},
) {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  return JSON.stringify({
    signature: { timestamp, token, signature: signMailgun(key, timestamp, token) },
    'event-data': {
      id: `event-${tokens}`,
      timestamp: at.getTime() / 1000,
      'log-level': 'error',
      envelope: { sender: 'hello@lendulet.fit', transport: 'smtp', targets: event.recipient },
      flags: { 'is-routed': false, 'is-authenticated': true },
      message: { headers: { to: event.recipient, 'message-id': '2018@lendulet.fit' } },
      ...event,
    },
  })
}
const mailgunFailure = (recipient: string, severity: 'permanent' | 'temporary') => ({
  event: 'failed',
  severity,
  reason: severity === 'permanent' ? 'bounce' : 'generic',
  recipient,
  'recipient-domain': 'example.com',
  'delivery-status': {
    'attempt-no': 1,
    code: severity === 'permanent' ? 550 : 452,
    message: severity === 'permanent' ? '5.1.1 No such user' : '4.2.2 Mailbox full',
    description: '',
    'session-seconds': 0.4,
  },
})

describe('Postmark', () => {
  it('records a hard bounce with the basic auth of its webhook URL', async () => {
    const email = await subscriber()
    const response = await post('postmark', postmarkBounce(email, 'HardBounce'), {
      authorization: basic(POSTMARK.user, POSTMARK.password),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    expect(await suppression(email)).toMatchObject({ reason: 'hard_bounce', source: 'postmark' })
    expect((await subscription(email))?.bouncedAt).toBeInstanceOf(Date)
  })

  it('refuses a report with a wrong password, or none, and stores nothing', async () => {
    const email = await subscriber()
    for (const authorization of [basic(POSTMARK.user, 'guessed-password-123'), undefined]) {
      const response = await post(
        'postmark',
        postmarkBounce(email, 'HardBounce'),
        authorization ? { authorization } : {},
      )
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ code: 'webhook_unauthorized' })
    }
    expect(await suppression(email)).toBeUndefined()
    expect((await subscription(email))?.bouncedAt).toBeNull()
  })

  it('refuses a replay of a report already taken', async () => {
    const email = await subscriber()
    const auth = { authorization: basic(POSTMARK.user, POSTMARK.password) }
    const body = postmarkBounce(email, 'SoftBounce')
    expect((await post('postmark', body, auth)).status).toBe(200)
    const replay = await post('postmark', body, auth)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toMatchObject({ code: 'webhook_replayed' })
  })

  it('a Delivery record ends the row of soft bounces', async () => {
    const email = await subscriber()
    const authorization = basic(POSTMARK.user, POSTMARK.password)
    const soft = () => post('postmark', postmarkBounce(email, 'SoftBounce'), { authorization })
    for (let i = 1; i < SOFT_BOUNCES_TO_SUPPRESS; i++) expect((await soft()).status).toBe(200)
    const delivery = JSON.stringify({
      RecordType: 'Delivery',
      ServerID: 23,
      MessageStream: 'broadcast',
      MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
      Recipient: email,
      Email: email,
      ID: ++postmarkIds,
      Tag: 'newsletter',
      DeliveredAt: '2026-11-28T16:33:54.9070259Z',
      Details: 'Test delivery webhook details',
      Metadata: {},
    })
    expect((await post('postmark', delivery, { authorization })).status).toBe(200)
    expect((await soft()).status).toBe(200)
    expect(await suppression(email)).toBeUndefined()
  })

  it('a complaint suppresses the address, unsubscribes it and is in the audit log', async () => {
    const email = await subscriber()
    const response = await post('postmark', postmarkComplaint(email), {
      authorization: basic(POSTMARK.user, POSTMARK.password),
    })
    expect(response.status).toBe(200)
    expect(await subscription(email)).toBeUndefined()
    expect(await suppression(email)).toMatchObject({ reason: 'complaint', source: 'postmark' })
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const audit = await admin.client.get('/api/admin/audit?action=subscriber.complaint')
    expect(audit.status).toBe(200)
    const { entries } = (await audit.json()) as {
      entries: { subject: { label: string }; actor: { kind: string } }[]
    }
    expect(entries.find((entry) => entry.subject.label === email)?.actor.kind).toBe('system')
  })
})

describe('Mailgun', () => {
  it('records a permanent failure as a hard bounce, with a valid signature', async () => {
    const email = await subscriber()
    const response = await post('mailgun', mailgun(mailgunFailure(email, 'permanent')), {})
    expect(response.status).toBe(200)
    expect(await suppression(email)).toMatchObject({ reason: 'hard_bounce', source: 'mailgun' })
  })

  it('refuses a wrong signature, a stale one, and a replayed token', async () => {
    const email = await subscriber()
    const forged = await post(
      'mailgun',
      mailgun(mailgunFailure(email, 'permanent'), { key: 'key-somebody-elses-000000' }),
      {},
    )
    expect(forged.status).toBe(401)
    const stale = await post(
      'mailgun',
      mailgun(mailgunFailure(email, 'permanent'), { at: new Date(Date.now() - 3_600_000) }),
      {},
    )
    expect(stale.status).toBe(401)
    expect(await suppression(email)).toBeUndefined()

    const body = mailgun({ event: 'complained', recipient: email })
    expect((await post('mailgun', body, {})).status).toBe(200)
    expect((await post('mailgun', body, {})).status).toBe(409)
    expect(await suppression(email)).toMatchObject({ reason: 'complaint' })
  })

  it(`suppresses after ${SOFT_BOUNCES_TO_SUPPRESS} soft bounces in a row, not before`, async () => {
    const email = await subscriber()
    for (let i = 1; i <= SOFT_BOUNCES_TO_SUPPRESS; i++) {
      expect(await suppression(email)).toBeUndefined()
      const response = await post('mailgun', mailgun(mailgunFailure(email, 'temporary')), {})
      expect(response.status).toBe(200)
    }
    expect(await suppression(email)).toMatchObject({ reason: 'soft_bounces' })
    expect((await subscription(email))?.bounceReason).toBe('4.2.2 Mailbox full')
  })

  it('a delivery in between starts the row of soft bounces again', async () => {
    const email = await subscriber()
    const soft = () => post('mailgun', mailgun(mailgunFailure(email, 'temporary')), {})
    for (let i = 1; i < SOFT_BOUNCES_TO_SUPPRESS; i++) expect((await soft()).status).toBe(200)
    const delivered = mailgun({ event: 'delivered', recipient: email })
    expect((await post('mailgun', delivered, {})).status).toBe(200)
    // Taken twice, a delivery changes nothing more (it keeps no receipt to be refused with).
    expect((await post('mailgun', delivered, {})).status).toBe(200)
    for (let i = 1; i < SOFT_BOUNCES_TO_SUPPRESS; i++) expect((await soft()).status).toBe(200)
    expect(await suppression(email)).toBeUndefined()
    expect((await subscription(email))?.bouncedAt).toBeNull()
    expect((await soft()).status).toBe(200)
    expect(await suppression(email)).toMatchObject({ reason: 'soft_bounces' })
  })

  it('ignores opens and other events', async () => {
    const email = await subscriber()
    const response = await post('mailgun', mailgun({ event: 'opened', recipient: email }), {})
    expect(response.status).toBe(200)
    expect(await suppression(email)).toBeUndefined()
  })
})

describe('our own signed format', () => {
  const signed = (report: Record<string, unknown>, secret = SIGNED_SECRET) => {
    const body = JSON.stringify(report)
    return [body, { [SIGNED_HEADER]: signMailWebhook(secret, body) }] as const
  }

  it('records a complaint signed with the secret', async () => {
    const email = await subscriber()
    const response = await post(
      'signed',
      ...signed({ id: `r-${email}`, type: 'complaint', email, detail: 'abuse report' }),
    )
    expect(response.status).toBe(200)
    expect(await suppression(email)).toMatchObject({ reason: 'complaint', source: 'signed' })
    expect(await subscription(email)).toBeUndefined()
  })

  it('refuses a forged or stale signature, and malformed JSON that is signed', async () => {
    const email = await subscriber()
    const [body, headers] = signed({ id: 'x1', type: 'hard_bounce', email }, 'x'.repeat(40))
    expect((await post('signed', body, headers)).status).toBe(401)
    const old = signMailWebhook(SIGNED_SECRET, body, new Date(Date.now() - 3_600_000))
    expect((await post('signed', body, { [SIGNED_HEADER]: old })).status).toBe(401)
    expect((await post('signed', body, {})).status).toBe(401)
    const malformed = await post('signed', ...signed({ id: 'x2', type: 'bounced-somehow', email }))
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'invalid_request' })
    expect(await suppression(email)).toBeUndefined()
  })

  it('accepts and ignores an address it does not know, leaving no trace', async () => {
    const email = 'nobody-here@example.com'
    const response = await post('signed', ...signed({ id: 'n1', type: 'hard_bounce', email }))
    expect(response.status).toBe(200)
    expect(await suppression(email)).toBeUndefined()
    const receipts = await db()
      .select()
      .from(mailWebhookReceipts)
      .where(eq(mailWebhookReceipts.eventId, 'n1'))
    expect(receipts).toEqual([])
  })
})

describe('subscribing again', () => {
  it('a member who subscribes her own address herself after a complaint gets the newsletter again', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    await db()
      .insert(newsletterSubscribers)
      .values({ email: member.email, name: 'Réka', verified: true, confirmedAt: new Date() })
    const body = JSON.stringify({ id: `c-${member.email}`, type: 'complaint', email: member.email })
    await post('signed', body, { [SIGNED_HEADER]: signMailWebhook(SIGNED_SECRET, body) })
    expect(await suppression(member.email)).toMatchObject({ reason: 'complaint' })

    const again = await member.client.post('/api/newsletter/subscribe', {
      email: member.email,
      name: 'Réka',
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ subscribed: true })
    expect(await suppression(member.email)).toBeUndefined()
    expect(await subscription(member.email)).toMatchObject({ verified: true, bouncedAt: null })
  })
})

describe("the admin's list of suppressed addresses", () => {
  it('shows each with its reason, and lifting one lets the newsletter go to it again', async () => {
    const bounced = await subscriber()
    const complained = await subscriber()
    const auth = { authorization: basic(POSTMARK.user, POSTMARK.password) }
    await post('postmark', postmarkBounce(bounced, 'HardBounce'), auth)
    await post('postmark', postmarkComplaint(complained), auth)
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })

    const list = await admin.client.get('/api/admin/newsletter/suppressions?q=reader')
    expect(list.status).toBe(200)
    const { suppressions } = (await list.json()) as {
      suppressions: { email: string; reason: string; subscribed: boolean; detail: string }[]
    }
    expect(suppressions.find((row) => row.email === bounced)).toMatchObject({
      reason: 'hard_bounce',
      subscribed: true,
      detail: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    })
    expect(suppressions.find((row) => row.email === complained)).toMatchObject({
      reason: 'complaint',
      subscribed: false,
    })

    // The subscribers list marks her, with the reason, and filters by it.
    type Row = { email: string; notMailed: string | null; notMailedDetail: string | null }
    const page = async (query: string) =>
      (
        (await (await admin.client.get(`/api/admin/newsletter?${query}`)).json()) as {
          subscribers: Row[]
        }
      ).subscribers
    expect((await page(`q=${bounced}`))[0]).toMatchObject({
      notMailed: 'hard_bounce',
      notMailedDetail: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    })
    const bouncedOnly = await page('status=bounced&q=reader')
    expect(bouncedOnly.map((row) => row.email)).toContain(bounced)
    expect(bouncedOnly.every((row) => row.notMailed !== null)).toBe(true)
    const csv = await (
      await admin.client.get(`/api/admin/newsletter/export.csv?q=${bounced}`)
    ).text()
    expect(csv.split('\r\n')[1]).toMatch(/,hard_bounce$/)

    const lifted = await admin.client.request(
      `/api/admin/newsletter/suppressions/${encodeURIComponent(bounced)}`,
      { method: 'DELETE' },
    )
    expect(lifted.status).toBe(200)
    expect(await lifted.json()).toEqual({ lifted: true, subscribed: true })
    expect(await suppression(bounced)).toBeUndefined()
    expect((await subscription(bounced))?.bouncedAt).toBeNull()
    expect((await page(`q=${bounced}`))[0]).toMatchObject({ notMailed: null })
    const audit = await admin.client.get('/api/admin/audit?action=subscriber.unsuppress')
    const { entries } = (await audit.json()) as { entries: { subject: { label: string } }[] }
    expect(entries.map((entry) => entry.subject.label)).toContain(bounced)

    const again = await admin.client.request(
      `/api/admin/newsletter/suppressions/${encodeURIComponent(bounced)}`,
      { method: 'DELETE' },
    )
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ code: 'not_found' })
  })
})
