import { Hono } from 'hono'
import { dashboardQuerySchema, dashboardSchema } from '#shared/schemas/dashboard.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { queryParams } from '../http/query-params.ts'
import { readDashboard } from './dashboard.ts'

/** /api/admin/dashboard: the owner's figures at a glance (admins only, read-only). */
export function dashboardRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>().get(
    '/dashboard',
    documented({
      summary: 'The dashboard',
      description:
        'Figures per week for `range` (`4w`: this week and the 3 before it, `12w` (the default), or `all`), weeks being ISO weeks (Monday to Sunday) in Budapest: confirmed newsletter subscribers per language at the end of each week, confirmations and unsubscribes, pending addresses now; sent, failed, bounced and unsubscribed per campaign started in the range; registered, present, absent, "met someone new", new pairs (two who sat together for the first time ever), mutual klikks and how the evening felt (the number of answers, their average and the comments, never whose) per evening held in the range; new accounts. An unknown `range` is refused.',
      tag: API_TAGS.admin,
      access: 'admin',
      responses: { 200: { description: 'The figures.', json: dashboardSchema } },
      errors: [400],
    }),
    requireAdmin(auth, db),
    queryParams(dashboardQuerySchema, { messages: 'dashboard' }),
    async (c) => c.json(await readDashboard(db, c.req.valid('query').range)),
  )
}
