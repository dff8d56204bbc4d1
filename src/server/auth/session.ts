import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import type { Auth } from './auth.ts'
import { profileOf } from './profiles.ts'
import type { Db } from '../db/client.ts'

/** 401 without a session; otherwise puts the user and her profile on the context. */
export function requireUser(auth: Auth, db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!found) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
    const profile = await profileOf(db, found.user, c.var.language)
    c.set('user', found.user)
    c.set('profile', profile)
    await next()
  })
}

/** 401 without a session, 403 for a signed-in user who is not an admin. */
export function requireAdmin(auth: Auth, db: Db) {
  const user = requireUser(auth, db)
  return createMiddleware<AppEnv>(async (c, next) =>
    user(c, async () => {
      if (!c.var.profile?.isAdmin) throw new ApiError(403, 'forbidden', 'auth.forbidden')
      await next()
    }),
  )
}
