import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import type { Auth } from './auth.ts'
import { findProfile, profileOf } from './profiles.ts'
import type { Db } from '../db/client.ts'
import { sessionChecks, type StreamViewer } from './session-checks.ts'

/** 401 without a session; otherwise puts the user and her profile on the context. */
export function requireUser(auth: Auth, db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!found) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
    const profile = await profileOf(db, found.user, c.var.language)
    c.set('user', found.user)
    c.set('profile', profile)
    c.set('sessionToken', found.session.token)
    await next()
  })
}

/**
 * Whether she has an admin's power: the admin role, and two-step sign-in on her account (decision
 * 0043). The admin area, its live streams and every door ask this one question.
 */
export const actsAsAdmin = (
  user: { twoFactorEnabled?: boolean | null } | undefined,
  profile: { isAdmin: boolean } | null | undefined,
) => profile?.isAdmin === true && user?.twoFactorEnabled === true

/**
 * 401 without a session, 403 for a signed-in user who is not an admin, and 403
 * `two_factor_required` for an admin whose account has no two-step sign-in yet: the admin area
 * opens only once she has set it up (decision 0043). Every sign-in of such an account takes the
 * second step (or is a passkey's), so her sessions all passed it.
 */
export function requireAdmin(auth: Auth, db: Db) {
  const user = requireUser(auth, db)
  return createMiddleware<AppEnv>(async (c, next) =>
    user(c, async () => {
      if (!c.var.profile?.isAdmin) throw new ApiError(403, 'forbidden', 'auth.forbidden')
      if (!actsAsAdmin(c.var.user, c.var.profile))
        throw new ApiError(403, 'two_factor_required', 'auth.twoFactorRequired')
      await next()
    }),
  )
}

/**
 * For a long-lived answer given under requireUser or requireAdmin (a live stream): whether the
 * request's session still stands and, for an admin's stream, whether she is still an admin. A
 * session signed out, revoked from another device, or an admin made a member again, loses what
 * the stream would go on telling. The streams checking in the same moment (a heartbeat slot)
 * share one query (auth/session-checks.ts, decision 0097).
 */
export function accessStillHolds(
  auth: Auth,
  db: Db,
  c: Context<AppEnv>,
  { admin }: { admin: boolean },
): () => Promise<boolean> {
  const viewer = streamViewer(auth, db, c)
  return async () => {
    const found = await viewer()
    return found !== null && (!admin || actsAsAdmin(found, found))
  }
}

/**
 * Who the session of a request under requireUser belongs to now (null once it ended), asked
 * again and again by a long-lived answer; batched with the other streams' checks.
 */
export function streamViewer(
  auth: Auth,
  db: Db,
  c: Context<AppEnv>,
): () => Promise<StreamViewer | null> {
  const headers = c.req.raw.headers
  const token = c.var.sessionToken
  const checks = sessionChecks(auth, db)
  if (token) return () => checks.viewerOf(token, headers)
  // Not under requireUser: Better Auth's own check, one query per call.
  return async () => {
    const found = await auth.api.getSession({ headers })
    if (!found) return null
    const profile = await findProfile(db, found.user.id)
    return {
      userId: found.user.id,
      isAdmin: profile?.isAdmin === true,
      twoFactorEnabled: found.user.twoFactorEnabled === true,
    }
  }
}
