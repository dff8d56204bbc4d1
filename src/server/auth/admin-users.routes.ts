import { Hono, type Context } from 'hono'
import { usersQuerySchema, userRoleSchema } from '#shared/schemas/admin-users.ts'
import type { Auth } from './auth.ts'
import { listUsers } from './admin-users.ts'
import { zipAnswer } from './account.routes.ts'
import { changeUserRole } from './commands/change-user-role.ts'
import { exportMemberData } from './commands/export-member-data.ts'
import { requireAdmin } from './session.ts'
import { auditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { queryParams } from '../http/query-params.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { usersPageSchema, userRoleChangedSchema } from '#shared/schemas/admin-users.ts'

/** What an admin's account command is given: the database, who asks, the request's log. */
const commandContext = (c: Context<AppEnv>, db: Db) => ({
  db,
  origin: auditOrigin(c),
  log: c.var.log,
})

/** /api/admin/users: the members, paged and searched; granting and revoking the admin role. */
export function adminUsersRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get(
      '/',
      documented({
        summary: 'Members',
        description:
          'One page (50), newest first, searched by name, e-mail or member code, with how many match and how many admins there are.',
        tag: API_TAGS.admin,
        access: 'admin',
        responses: { 200: { description: 'The page.', json: usersPageSchema } },
      }),
      queryParams(usersQuerySchema),
      async (c) => c.json(await listUsers(db, c.req.valid('query'))),
    )
    .put(
      '/:userId/role',
      documented({
        summary: 'Grant or revoke the admin role',
        description: 'The site always keeps one admin: revoking the last one is refused (409).',
        tag: API_TAGS.admin,
        access: 'admin',
        responses: { 200: { description: 'Her role now.', json: userRoleChangedSchema } },
        errors: [404, 409],
      }),
      pathIds({ userId: PATH_IDS.user }),
      jsonBody(userRoleSchema),
      async (c) => {
        const { userId } = c.req.valid('param')
        const { role } = c.req.valid('json')
        const updated = await changeUserRole(commandContext(c, db), userId, role)
        return c.json(updated)
      },
    )
    .get(
      '/:userId/export',
      documented({
        summary: "A member's data, for her",
        description:
          'The same ZIP a member downloads on her account page (`GET /api/account/export`), in her language, for a member who asks by e-mail. Recorded in the audit log (`export.member_data`) before the file is sent.',
        tag: API_TAGS.admin,
        access: 'admin',
        responses: { 200: { description: 'The ZIP file.', media: 'application/zip' } },
        errors: [404],
      }),
      pathIds({ userId: PATH_IDS.user }),
      async (c) => {
        const { userId } = c.req.valid('param')
        return zipAnswer(await exportMemberData(commandContext(c, db), userId))
      },
    )
}
