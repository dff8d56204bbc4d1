import { Hono } from 'hono'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import type { Auth } from './auth.ts'
import { requireUser } from './session.ts'

/** The signed-in user's account and profile, as the account menu and the role guard need them. */
export function meRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>().get('/', requireUser(auth, db), (c) => {
    const user = c.var.user
    const profile = c.var.profile
    if (!user || !profile) throw new Error('requireUser did not set the user')
    return c.json({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      fullName: profile.fullName ?? user.name,
      isAdmin: profile.isAdmin,
      avatarUrl: profile.avatarUrl,
      userCode: profile.userCode,
      language: profile.language,
    })
  })
}
