import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { MailFeedback } from './commands/record-mail-feedback.ts'

/**
 * Bounce and complaint reports from mail providers (issue 42 part 2, decision 0083): Postmark's
 * and Mailgun's own formats with their own authentication, and a generic JSON format signed with
 * a secret of ours for any other provider. Pure: each reader checks the report's credentials and
 * turns it into MailFeedback, or says why not. docs/operations.md shows each provider's set-up.
 */
export interface MailWebhookSecrets {
  /** POSTMARK_WEBHOOK_AUTH: `user:password` of the basic auth in the webhook's URL. */
  postmark?: { user: string; password: string }
  /** MAILGUN_WEBHOOK_SIGNING_KEY: Mailgun's "HTTP webhook signing key". */
  mailgunSigningKey?: string
  /** MAIL_WEBHOOK_SECRET: signs the generic format. */
  signedSecret?: string
}

export type WebhookReading =
  /** Authentic, about one address. */
  | { ok: true; feedback: MailFeedback }
  /** Authentic, but nothing to act on (an open, a click, an auto-reply). */
  | { ok: true; feedback: null }
  /** Not ours to believe: missing or wrong credentials, a stale signature, or no such webhook. */
  | { ok: false; why: 'unauthorized' }
  /** Authentic, but not in the format. */
  | { ok: false; why: 'malformed' }

/** A signed report older or newer than this is refused (the signature could be a replay). */
export const SIGNATURE_TOLERANCE_SECONDS = 15 * 60

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const hmacHex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex')

const fresh = (unixSeconds: number, now: Date) =>
  Math.abs(now.getTime() / 1000 - unixSeconds) <= SIGNATURE_TOLERANCE_SECONDS

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

const email = z.string().trim().min(3).max(320).includes('@')

/**
 * Postmark's Bounce, SpamComplaint and Delivery webhooks: https://postmarkapp.com/developer/webhooks.
 * Authenticated by the basic auth Postmark sends from the webhook's URL.
 */
const postmarkSchema = z.object({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]),
  Type: z.string().optional(),
  Email: email,
  Description: z.string().nullish(),
  Details: z.string().nullish(),
})
/** Postmark's bounce types that mean the address is gone for good, or only for now. */
const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated', 'Blocked'])
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError'])

export function readPostmark(
  secrets: MailWebhookSecrets,
  authorization: string | undefined,
  body: string,
): WebhookReading {
  const expected = secrets.postmark
  if (!expected || !authorization?.startsWith('Basic ')) return { ok: false, why: 'unauthorized' }
  const given = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8')
  if (!sameText(given, `${expected.user}:${expected.password}`))
    return { ok: false, why: 'unauthorized' }
  const parsed = postmarkSchema.safeParse(parseJson(body))
  if (!parsed.success) return { ok: false, why: 'malformed' }
  const report = parsed.data
  const detail = report.Details || report.Description || null
  const base = { email: report.Email, detail, source: 'postmark' as const }
  const receiptId = `${report.RecordType}:${report.ID}`
  if (report.RecordType === 'SpamComplaint' || report.Type === 'SpamComplaint')
    return { ok: true, feedback: { ...base, kind: 'complaint', receiptId } }
  if (report.RecordType === 'Delivery')
    return { ok: true, feedback: { ...base, detail: null, kind: 'delivered' } }
  if (report.RecordType !== 'Bounce') return { ok: true, feedback: null }
  if (report.Type && POSTMARK_HARD.has(report.Type))
    return { ok: true, feedback: { ...base, kind: 'hard_bounce', receiptId } }
  if (report.Type && POSTMARK_SOFT.has(report.Type))
    return { ok: true, feedback: { ...base, kind: 'soft_bounce', receiptId } }
  return { ok: true, feedback: null }
}

/**
 * Mailgun's webhooks (failed, complained, delivered): https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks/.
 * Authenticated by `signature.signature` = HMAC-SHA256(signing key, timestamp + token), within
 * SIGNATURE_TOLERANCE_SECONDS; the token is the receipt, so a replay is known.
 */
const mailgunSchema = z.object({
  signature: z.object({
    timestamp: z.union([z.string(), z.number()]).transform(String),
    token: z.string().min(10).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/i),
  }),
  'event-data': z.object({
    event: z.string(),
    severity: z.string().optional(),
    recipient: email,
    reason: z.string().nullish(),
    'delivery-status': z
      .object({
        code: z.union([z.number(), z.string()]).nullish(),
        message: z.string().nullish(),
        description: z.string().nullish(),
      })
      .partial()
      .nullish(),
  }),
})

export function readMailgun(secrets: MailWebhookSecrets, body: string, now: Date): WebhookReading {
  const key = secrets.mailgunSigningKey
  if (!key) return { ok: false, why: 'unauthorized' }
  const json = parseJson(body)
  const signature = z.object({ signature: mailgunSchema.shape.signature }).safeParse(json)
  if (!signature.success) return { ok: false, why: 'unauthorized' }
  const { timestamp, token, signature: given } = signature.data.signature
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !fresh(Number(timestamp), now) ||
    !sameText(given.toLowerCase(), hmacHex(key, timestamp + token))
  )
    return { ok: false, why: 'unauthorized' }
  const parsed = mailgunSchema.safeParse(json)
  if (!parsed.success) return { ok: false, why: 'malformed' }
  const event = parsed.data['event-data']
  const status = event['delivery-status']
  const detail = status?.description || status?.message || event.reason || null
  const base = { email: event.recipient, detail, source: 'mailgun' as const, receiptId: token }
  if (event.event === 'complained') return { ok: true, feedback: { ...base, kind: 'complaint' } }
  if (event.event === 'delivered')
    return { ok: true, feedback: { ...base, detail: null, kind: 'delivered' } }
  if (event.event !== 'failed') return { ok: true, feedback: null }
  return {
    ok: true,
    feedback: { ...base, kind: event.severity === 'permanent' ? 'hard_bounce' : 'soft_bounce' },
  }
}

/**
 * Our own format for any other provider (or a relay script): a JSON body
 * `{ "id", "type": "hard_bounce" | "soft_bounce" | "complaint" | "delivered", "email", "detail"? }` with the
 * header `Lendulet-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(MAIL_WEBHOOK_SECRET, t + "." + body)>`,
 * in the manner of Stripe's: the time is signed, so an old signature cannot be replayed later,
 * and the id is kept, so it cannot be replayed within the window either.
 */
export const SIGNED_HEADER = 'Lendulet-Signature'
const signedSchema = z.object({
  id: z.string().trim().min(1).max(200),
  type: z.enum(['hard_bounce', 'soft_bounce', 'complaint', 'delivered']),
  email,
  detail: z.string().max(2000).nullish(),
})

export function readSigned(
  secrets: MailWebhookSecrets,
  header: string | undefined,
  body: string,
  now: Date,
): WebhookReading {
  const secret = secrets.signedSecret
  if (!secret || !header) return { ok: false, why: 'unauthorized' }
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const t = parts.get('t') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (
    !/^\d{1,12}$/.test(t) ||
    !fresh(Number(t), now) ||
    !sameText(v1, hmacHex(secret, `${t}.${body}`))
  )
    return { ok: false, why: 'unauthorized' }
  const parsed = signedSchema.safeParse(parseJson(body))
  if (!parsed.success) return { ok: false, why: 'malformed' }
  const report = parsed.data
  return {
    ok: true,
    feedback: {
      kind: report.type,
      email: report.email,
      detail: report.detail ?? null,
      source: 'signed',
      receiptId: report.id,
    },
  }
}

/** Signs a body in the generic format (for a relay script, and the tests). */
export const signMailWebhook = (secret: string, body: string, now = new Date()) => {
  const t = Math.floor(now.getTime() / 1000)
  return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`
}

/** Mailgun's signature of a timestamp and a token (the tests sign their reports with it). */
export const signMailgun = (key: string, timestamp: string, token: string) =>
  hmacHex(key, timestamp + token)
