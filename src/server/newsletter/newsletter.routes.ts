import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  newsletterEmailSchema,
  newsletterTokenSchema,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
} from '#shared/schemas/newsletter.ts'
import { newsletterIssueQuerySchema, newsletterIssueSchema } from '#shared/schemas/campaigns.ts'
import type { Auth } from '../auth/auth.ts'
import { findProfile } from '../auth/profiles.ts'
import { requireUser } from '../auth/session.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { queryParams } from '../http/query-params.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { publicIssue } from './campaigns.ts'
import { newsletterMessage } from '../i18n.ts'
import {
  confirmSubscription,
  confirmUnsubscribe,
  isSubscribed,
  oneClickUnsubscribe,
  subscribe,
  unsubscribe,
  type Member,
  type NewsletterContext,
} from './subscriptions.ts'

/** Requests per minute and client address, per endpoint. */
const LIMITS = {
  subscribe: 10,
  unsubscribe: 10,
  verify: 20,
  'verify-unsubscribe': 20,
  'one-click': 30,
  status: 120,
  issues: 120,
} as const

type SubscribeRequest = z.infer<typeof subscribeRequestSchema>

const messageSchema = z.object({ message: z.string() })
const newsletterDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.newsletter, access: 'public', errors: [400, 429] })

function parseEmail(value: string): string {
  const parsed = newsletterEmailSchema.safeParse(value)
  if (!parsed.success) throw new ApiError(400, 'invalid_email', 'newsletter:invalidEmail')
  return parsed.data
}

/** The member signed in on this request, if any, as the newsletter knows her. */
async function signedInMember(
  auth: Auth,
  ctx: NewsletterContext,
  c: Context<AppEnv>,
): Promise<Member | null> {
  const found = await auth.api.getSession({ headers: c.req.raw.headers })
  if (!found) return null
  const profile = await findProfile(ctx.db, found.user.id)
  return {
    userId: found.user.id,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    fullName: profile?.fullName ?? (found.user.name || null),
  }
}

/**
 * Subscribes as SPEC sections 3 and 5 say, and the answer in the request's language: the JSON
 * route's and the landing page's plain form post's (newsletter-form.routes.ts) alike. Refusals
 * are thrown as ApiError (invalid_email, name_required).
 */
export async function subscribeAnswer(
  auth: Auth,
  ctx: NewsletterContext,
  c: Context<AppEnv>,
  request: SubscribeRequest,
): Promise<{ subscribed: boolean; message: string }> {
  const email = parseEmail(request.email)
  const member = await signedInMember(auth, ctx, c)
  // SPEC section 5: the name is required only when signed out.
  if (!member && !request.name) throw new ApiError(400, 'name_required', 'newsletter:nameRequired')
  const result = await subscribe(ctx, {
    email,
    name: request.name || null,
    source: request.source,
    member,
    language: c.var.language,
    clientAddress: c.var.clientAddress,
  })
  const subscribed = result === 'subscribed'
  return {
    subscribed,
    message: newsletterMessage(c.var.language, subscribed ? 'subscribed' : 'confirmationSent'),
  }
}

/** The per-minute limits of the newsletter's public endpoints, per client address. */
export const newsletterLimit = (ctx: NewsletterContext, name: keyof typeof LIMITS) =>
  rateLimit(ctx.db, { name: `newsletter-${name}`, windowSeconds: 60, max: LIMITS[name] })

/** /api/newsletter: SPEC's four newsletter functions, the status flag and RFC 8058 one-click. */
export function newsletterRoutes(auth: Auth, ctx: NewsletterContext) {
  const limit = (name: keyof typeof LIMITS) => newsletterLimit(ctx, name)

  const memberOf = (c: Context<AppEnv>) => signedInMember(auth, ctx, c)

  return (
    new Hono<AppEnv>()
      .post(
        '/subscribe',
        newsletterDoc({
          summary: 'Subscribe',
          description:
            'A signed-in member with a confirmed address is subscribed at once (`subscribed: true`); anyone else gets an e-mail with a confirmation link (`name` is then required). 10 a minute per address.',
          responses: {
            200: {
              description: 'Subscribed, or the confirmation e-mail is on its way.',
              json: z.object({ subscribed: z.boolean(), message: z.string() }),
            },
          },
        }),
        limit('subscribe'),
        jsonBody(subscribeRequestSchema),
        async (c) => c.json(await subscribeAnswer(auth, ctx, c, c.req.valid('json'))),
      )
      .post(
        '/unsubscribe',
        newsletterDoc({
          summary: 'Unsubscribe',
          description:
            'A signed-in member unsubscribes her own address at once (`unsubscribed: true`); otherwise an e-mail with a confirmation link goes to the address.',
          responses: {
            200: {
              description: 'Unsubscribed, or the confirmation e-mail is on its way.',
              json: z.object({ unsubscribed: z.boolean(), message: z.string() }),
            },
          },
        }),
        limit('unsubscribe'),
        jsonBody(unsubscribeRequestSchema),
        async (c) => {
          const request = c.req.valid('json')
          const email = parseEmail(request.email)
          const result = await unsubscribe(ctx, {
            email,
            member: await memberOf(c),
            language: c.var.language,
          })
          const unsubscribed = result === 'unsubscribed'
          return c.json({
            unsubscribed,
            message: newsletterMessage(
              c.var.language,
              unsubscribed ? 'unsubscribed' : 'unsubscribeEmailSent',
            ),
          })
        },
      )
      .post(
        '/verify',
        newsletterDoc({
          summary: 'Confirm a subscription',
          description:
            "The token from the confirmation e-mail's link (valid 48 hours). A link used before (a second tap, or a mail scanner that ran the page first) answers `alreadyConfirmed: true` for 30 days while its subscription stands.",
          responses: {
            200: {
              description: 'Subscribed, now or already.',
              json: z.object({ alreadyConfirmed: z.boolean(), message: z.string() }),
            },
          },
        }),
        limit('verify'),
        jsonBody(newsletterTokenSchema),
        async (c) => {
          const { token } = c.req.valid('json')
          const outcome = await confirmSubscription(ctx, token, c.var.clientAddress)
          if (outcome === 'invalid')
            throw new ApiError(400, 'invalid_token', 'newsletter:verification.failed')
          const alreadyConfirmed = outcome === 'already-confirmed'
          return c.json({
            alreadyConfirmed,
            message: newsletterMessage(
              c.var.language,
              alreadyConfirmed ? 'verification.alreadyConfirmed' : 'verification.success',
            ),
          })
        },
      )
      .post(
        '/verify-unsubscribe',
        newsletterDoc({
          summary: 'Confirm an unsubscribe',
          description:
            "The token from the unsubscribe e-mail's link (valid 7 days). A link used before answers `alreadyUnsubscribed: true` for 30 days, unless the address has subscribed again since.",
          responses: {
            200: {
              description: 'Unsubscribed, now or already.',
              json: z.object({ alreadyUnsubscribed: z.boolean(), message: z.string() }),
            },
          },
        }),
        limit('verify-unsubscribe'),
        jsonBody(newsletterTokenSchema),
        async (c) => {
          const { token } = c.req.valid('json')
          const outcome = await confirmUnsubscribe(ctx, token)
          if (outcome === 'invalid')
            throw new ApiError(400, 'invalid_token', 'newsletter:unsubscribeVerification.failed')
          const alreadyUnsubscribed = outcome === 'already-unsubscribed'
          return c.json({
            alreadyUnsubscribed,
            message: newsletterMessage(
              c.var.language,
              alreadyUnsubscribed
                ? 'unsubscribeVerification.alreadyUnsubscribed'
                : 'unsubscribeVerification.success',
            ),
          })
        },
      )
      // RFC 8058: mail providers POST "List-Unsubscribe=One-Click" here, without cookies or Origin.
      .post(
        '/one-click',
        newsletterDoc({
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            "For mail providers: the `List-Unsubscribe` header's address, with its `key`. Exempt from the origin and JSON rules.",
          parameters: [{ name: 'key', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'Unsubscribed.', json: messageSchema } },
        }),
        limit('one-click'),
        async (c) => {
          if (!(await oneClickUnsubscribe(ctx, c.req.query('key') ?? '')))
            throw new ApiError(400, 'invalid_token', 'newsletter:unsubscribeVerification.failed')
          return c.json({
            message: newsletterMessage(c.var.language, 'unsubscribeVerification.success'),
          })
        },
      )
      .get(
        '/issues/:id',
        documented({
          summary: 'A newsletter issue',
          description:
            "The web version of a sent issue, in the language asked for (`?lang=` or Accept-Language), or in Hungarian when it has no version in it. Its body is HTML made from the issue's Markdown: no raw HTML, only http(s) and mailto links.",
          tag: API_TAGS.newsletter,
          access: 'public',
          responses: { 200: { description: 'The issue.', json: newsletterIssueSchema } },
          errors: [404, 429],
        }),
        limit('issues'),
        pathIds({ id: PATH_IDS.campaign }),
        queryParams(newsletterIssueQuerySchema),
        async (c) => {
          const issue = await publicIssue(ctx.db, c.req.valid('param').id, c.var.language)
          if (!issue) throw new ApiError(404, 'not_found', 'newsletter:campaigns.errors.notFound')
          c.header('Cache-Control', 'public, max-age=300')
          return c.json(issue)
        },
      )
      .get(
        '/status',
        documented({
          summary: 'Whether you are subscribed',
          description: "Her account's address: subscribed and confirmed, or not.",
          tag: API_TAGS.newsletter,
          access: 'member',
          responses: {
            200: { description: 'Her status.', json: z.object({ subscribed: z.boolean() }) },
          },
          errors: [429],
        }),
        limit('status'),
        requireUser(auth, ctx.db),
        async (c) => {
          const email = c.var.user?.email ?? ''
          return c.json({ subscribed: await isSubscribed(ctx.db, email) })
        },
      )
  )
}
