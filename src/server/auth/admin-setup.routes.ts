import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { auditOrigin } from '../audit/audit.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import type { Auth } from './auth.ts'
import { redeemAdminSetupToken } from './commands/redeem-admin-setup-token.ts'
import { requireUser } from './session.ts'

const adminSetupSchema = z.object({ token: z.string().min(1).max(200) })

/** POST /api/admin-setup { token }: the signed-in user who opens the printed link becomes admin. */
export function adminSetupRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>().post(
    '/',
    documented({
      summary: 'Become the first admin',
      description:
        'With the one-time token of the setup link the server prints at its first start.',
      tag: API_TAGS.admin,
      access: 'member',
      responses: {
        200: { description: 'She is the admin now.', json: z.object({ isAdmin: z.literal(true) }) },
      },
      errors: [400],
    }),
    requireUser(auth, db),
    jsonBody(adminSetupSchema),
    async (c) => {
      const { token } = c.req.valid('json')
      const member = c.var.user
      const origin = auditOrigin(c, 'member')
      if (!member || !(await redeemAdminSetupToken(db, token, member, origin))) {
        throw new ApiError(400, 'invalid_request', 'auth.INVALID_TOKEN')
      }
      return c.json({ isAdmin: true as const })
    },
  )
}
