import { Hono } from 'hono'
import { subscribersQuerySchema } from '#shared/schemas/newsletter.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { exportSubscribersCsv, listSubscribers, removeSubscriber } from './subscribers.ts'

const parseQuery = (query: Record<string, string>) => {
  const parsed = subscribersQuerySchema.safeParse(query)
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
  return parsed.data
}

/** /api/admin/newsletter: the subscribers list, its CSV export and removal (admins only). */
export function adminNewsletterRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get('/', async (c) => c.json(await listSubscribers(db, parseQuery(c.req.query()))))
    .get('/export.csv', async (c) => {
      const csv = await exportSubscribersCsv(db, parseQuery(c.req.query()))
      const day = new Date().toISOString().slice(0, 10)
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
      c.header('Cache-Control', 'no-store')
      return c.body(csv)
    })
    .delete('/:id', pathIds({ id: PATH_IDS.subscriber }), async (c) => {
      const { id } = c.req.valid('param')
      if (!(await removeSubscriber(db, id))) throw new ApiError(404, 'not_found', 'notFound')
      c.var.log.info({ subscriberId: id }, 'newsletter subscriber removed by an admin')
      return c.json({ removed: true })
    })
}
