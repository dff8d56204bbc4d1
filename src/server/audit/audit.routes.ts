import { Hono } from 'hono'
import { auditPageSchema, auditQuerySchema } from '#shared/audit.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { queryParams } from '../http/query-params.ts'
import { auditOrigin } from './audit.ts'
import { listAudit } from './audit-log.ts'
import { exportAuditLog } from './commands/export-audit-log.ts'

const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.admin, access: 'admin' })

const FILTERS =
  '`actor` (her user id, or part of her name or address), `action`, `subjectType` and `subjectId`, and the days `from` and `to` (YYYY-MM-DD, Budapest, both included; `to` before `from` is refused).'

/**
 * /api/admin/audit and /api/admin/audit.csv: the audit log, read-only (admins only). There is
 * no route that changes or deletes an entry; the janitor alone removes old ones.
 */
export function auditRoutes(auth: Auth, db: Db) {
  const query = queryParams(auditQuerySchema, { messages: 'audit' })
  return new Hono<AppEnv>()
    .get(
      '/audit',
      adminDoc({
        summary: 'The audit log',
        description: `Every change an admin or door helper made, newest first, 50 a page. Filters: ${FILTERS}`,
        responses: { 200: { description: 'The page.', json: auditPageSchema } },
      }),
      requireAdmin(auth, db),
      query,
      async (c) => c.json(await listAudit(db, c.req.valid('query'))),
    )
    .get(
      '/audit.csv',
      adminDoc({
        summary: 'The audit log as CSV',
        description: `Every entry the filters match (the page is ignored; at most 50,000, newest first). The export is itself recorded in the log. Filters: ${FILTERS}`,
        responses: { 200: { description: 'UTF-8 CSV with a byte-order mark.', media: 'text/csv' } },
      }),
      requireAdmin(auth, db),
      query,
      async (c) => {
        const { actor, action, subjectType, subjectId, from, to } = c.req.valid('query')
        const filters = { actor, action, subjectType, subjectId, from, to }
        const csv = await exportAuditLog(db, auditOrigin(c), filters)
        const day = new Date().toISOString().slice(0, 10)
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
        c.header('Cache-Control', 'no-store')
        return c.body(csv)
      },
    )
}
