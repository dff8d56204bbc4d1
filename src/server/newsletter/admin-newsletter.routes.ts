import { Hono } from 'hono'
import { z } from 'zod'
import {
  SUPPRESSION_REASONS,
  subscribersQuerySchema,
  suppressionSchema,
  suppressionsQuerySchema,
} from '#shared/schemas/newsletter.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { auditOrigin } from '../audit/audit.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, queryParameters, type RouteDoc } from '../http/openapi.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { exportSubscribers } from './commands/export-subscribers.ts'
import { liftSuppression } from './commands/lift-suppression.ts'
import { removeSubscriber } from './commands/remove-subscriber.ts'
import { listSubscribers } from './subscribers.ts'
import { listSuppressions } from './suppressions.ts'

const parseQuery = (query: Record<string, string>) => {
  const parsed = subscribersQuerySchema.safeParse(query)
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
  return parsed.data
}

const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.admin, access: 'admin' })

const subscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  verified: z.boolean(),
  language: z.string(),
  source: z.string(),
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  /** Why the newsletter no longer goes to her (a bounce), or null. */
  notMailed: z.enum(SUPPRESSION_REASONS).nullable(),
  /** The receiving server's or the provider's words about it. */
  notMailedDetail: z.string().nullable(),
})
const subscribersPageSchema = z.object({
  subscribers: z.array(subscriberSchema),
  /** How many match the search and filter (all pages). */
  matching: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ verified: z.number().int(), pending: z.number().int() }),
})

const suppressionsPageSchema = z.object({
  suppressions: z.array(suppressionSchema),
  matching: z.number().int(),
  pageSize: z.number().int(),
})

/**
 * /api/admin/newsletter: the subscribers list, its CSV export and removal; the addresses the
 * newsletter leaves alone after a bounce or a complaint, and lifting that (admins only).
 */
export function adminNewsletterRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get(
      '/',
      adminDoc({
        summary: 'Newsletter subscribers',
        description:
          'One page (50), newest first, searched by address or name and filtered by state.',
        parameters: queryParameters(subscribersQuerySchema),
        responses: { 200: { description: 'The page.', json: subscribersPageSchema } },
      }),
      async (c) => c.json(await listSubscribers(db, parseQuery(c.req.query()))),
    )
    .get(
      '/export.csv',
      adminDoc({
        summary: 'Newsletter subscribers as CSV',
        description:
          'Every subscriber the search and filter match (the page is ignored), for a spreadsheet.',
        parameters: queryParameters(subscribersQuerySchema),
        responses: { 200: { description: 'UTF-8 CSV with a byte-order mark.', media: 'text/csv' } },
      }),
      async (c) => {
        const query = parseQuery(c.req.query())
        const csv = await exportSubscribers(db, auditOrigin(c), query)
        const day = new Date().toISOString().slice(0, 10)
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        c.header('Cache-Control', 'no-store')
        return c.body(csv)
      },
    )
    .get(
      '/suppressions',
      adminDoc({
        summary: 'Addresses the newsletter leaves alone',
        description:
          'After one hard bounce, 3 soft bounces in a row or a spam complaint (decision 83): newest first, one page (50), searched by address.',
        parameters: queryParameters(suppressionsQuerySchema),
        responses: { 200: { description: 'The page.', json: suppressionsPageSchema } },
      }),
      async (c) => {
        const query = suppressionsQuerySchema.safeParse(c.req.query())
        if (!query.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
        return c.json(await listSuppressions(db, query.data))
      },
    )
    .delete(
      '/suppressions/:email',
      adminDoc({
        summary: 'Let the newsletter go to an address again',
        description:
          'Ends its suppression and its bounce mark. After a complaint the address has no subscription left (`subscribed: false`): she must subscribe again.',
        responses: {
          200: {
            description: 'Lifted.',
            json: z.object({ lifted: z.literal(true), subscribed: z.boolean() }),
          },
        },
        errors: [404],
      }),
      async (c) => {
        const { subscribed } = await liftSuppression(db, c.req.param('email'), auditOrigin(c))
        return c.json({ lifted: true as const, subscribed })
      },
    )
    .delete(
      '/:id',
      adminDoc({
        summary: 'Remove a subscriber',
        responses: {
          200: { description: 'Removed.', json: z.object({ removed: z.literal(true) }) },
        },
        errors: [404],
      }),
      pathIds({ id: PATH_IDS.subscriber }),
      async (c) => {
        const { id } = c.req.valid('param')
        await removeSubscriber({ db, origin: auditOrigin(c), log: c.var.log }, id)
        return c.json({ removed: true as const })
      },
    )
}
