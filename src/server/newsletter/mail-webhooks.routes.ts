import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { recordMailFeedback } from './commands/record-mail-feedback.ts'
import {
  readMailgun,
  readPostmark,
  readSigned,
  SIGNED_HEADER,
  type MailWebhookSecrets,
  type WebhookReading,
} from './mail-webhooks.ts'

/** The paths providers post to, exempt from the origin and content-type rules (app.ts). */
export const MAIL_WEBHOOK_PATHS = ['postmark', 'mailgun', 'signed'].map(
  (name) => `/api/mail-webhooks/${name}`,
)

const receivedSchema = z.object({ received: z.literal(true) })
const webhookDoc = (summary: string, description: string) =>
  documented({
    summary,
    description: `${description} A forged or stale report is refused with 401 and changes nothing; one already taken, with 409. 600 a minute per address.`,
    tag: API_TAGS.mailWebhooks,
    access: 'public',
    errors: [400, 401, 409, 429],
    responses: {
      200: {
        description:
          'Taken: a bounce or a complaint about a subscriber is recorded; anything else (another kind of report, an unknown address) is ignored.',
        json: receivedSchema,
      },
    },
  })

/**
 * /api/mail-webhooks: bounce and complaint reports from mail providers (decision 0083). Each
 * handler authenticates the report, then records it with one command.
 */
export function mailWebhookRoutes(db: Db, secrets: MailWebhookSecrets, now = () => new Date()) {
  const limit = rateLimit(db, { name: 'mail-webhooks', windowSeconds: 60, max: 600 })
  const take = async (c: Context<AppEnv>, reading: WebhookReading) => {
    if (!reading.ok) {
      if (reading.why === 'unauthorized')
        throw new ApiError(401, 'webhook_unauthorized', 'webhookUnauthorized')
      throw new ApiError(400, 'invalid_request', 'invalidRequest')
    }
    if (reading.feedback && (await recordMailFeedback(db, reading.feedback)) === 'replayed')
      throw new ApiError(409, 'webhook_replayed', 'webhookReplayed')
    return c.json({ received: true as const }, 200)
  }
  return new Hono<AppEnv>()
    .post(
      '/postmark',
      webhookDoc(
        "Postmark's bounce and spam complaint webhooks",
        "Postmark's Bounce and SpamComplaint records, with the basic auth of POSTMARK_WEBHOOK_AUTH in the webhook's URL (`https://user:password@…/api/mail-webhooks/postmark`).",
      ),
      limit,
      async (c) =>
        take(c, readPostmark(secrets, c.req.header('authorization'), await c.req.text())),
    )
    .post(
      '/mailgun',
      webhookDoc(
        "Mailgun's failed and complained webhooks",
        "Mailgun's `failed` (permanent: a hard bounce; temporary: a soft one) and `complained` events, signed with MAILGUN_WEBHOOK_SIGNING_KEY.",
      ),
      limit,
      async (c) => take(c, readMailgun(secrets, await c.req.text(), now())),
    )
    .post(
      '/signed',
      webhookDoc(
        'Bounces and complaints in our own signed format',
        `For any other provider: \`{ "id", "type": "hard_bounce" | "soft_bounce" | "complaint", "email", "detail"? }\` with the header \`${SIGNED_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of t + "." + body with MAIL_WEBHOOK_SECRET>\`.`,
      ),
      limit,
      async (c) =>
        take(c, readSigned(secrets, c.req.header(SIGNED_HEADER), await c.req.text(), now())),
    )
}
