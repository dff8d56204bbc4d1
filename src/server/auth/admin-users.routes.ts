import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Auth } from './auth.ts'
import { requireAdmin } from './session.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema/profiles.ts'
import type { AppEnv } from '../http/app-env.ts'

/** GET /api/admin/users: the members, newest first (admin only). */
export function adminUsersRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>().get('/', requireAdmin(auth, db), async (c) => {
    const rows = await db
      .select({
        id: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        isAdmin: profiles.isAdmin,
        userCode: profiles.userCode,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .orderBy(desc(profiles.createdAt))
      .limit(500)
    return c.json({ users: rows })
  })
}
