import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { batchedLookup } from '../db/batched-lookup.ts'
import { session, user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { SESSION_ACTIVITY_RESOLUTION_S, SESSION_EXPIRES_IN_S, type Auth } from './auth.ts'

/** Who a live stream's session belongs to now, as its access check needs it. */
export interface StreamViewer {
  userId: string
  isAdmin: boolean
  twoFactorEnabled: boolean
}

interface SessionRow extends StreamViewer {
  expiresAt: Date
}

/**
 * The live streams' periodic "does her session still stand, and is she still an admin?"
 * (decision 0097). Every stream of a heartbeat slot asks in the same timer callback; one query
 * answers all of them (`token IN (…)`, with her user and profile), where each used to call
 * Better Auth's getSession and, for an admin's stream, read her profile: 333 queries a second at
 * 10,000 screens, now one a second per process.
 *
 * Better Auth writes a session again when it is used 5 minutes or more after its last write (its
 * "last active", and 30 more days). A session due for that is checked the old way, once per
 * session and batch, so that a screen open all evening keeps its session alive and its "last
 * active" true as before.
 */
export function createSessionChecks(auth: Auth, db: Db) {
  const rows = batchedLookup<string, SessionRow>(async (tokens) => {
    const found = await db
      .select({
        token: session.token,
        expiresAt: session.expiresAt,
        userId: user.id,
        twoFactorEnabled: user.twoFactorEnabled,
        isAdmin: profiles.isAdmin,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(inArray(session.token, tokens))
    return new Map(
      found.map(({ token, isAdmin, ...row }) => [token, { ...row, isAdmin: isAdmin === true }]),
    )
  })
  /** A refresh running per token: the streams sharing a session ask Better Auth once. */
  const refreshing = new Map<string, Promise<boolean>>()
  const refresh = (token: string, headers: Headers) => {
    let running = refreshing.get(token)
    if (!running) {
      running = auth.api
        .getSession({ headers })
        .then((found) => found?.session.token === token)
        .finally(() => refreshing.delete(token))
      refreshing.set(token, running)
    }
    return running
  }
  return {
    /** The viewer of the session `token` (the stream's request `headers`), or null once it ended. */
    async viewerOf(token: string, headers: Headers): Promise<StreamViewer | null> {
      const row = await rows.get(token)
      const now = Date.now()
      if (!row || row.expiresAt.getTime() <= now) return null
      const lastWrite = row.expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000
      if (
        lastWrite + SESSION_ACTIVITY_RESOLUTION_S * 1000 <= now &&
        !(await refresh(token, headers))
      )
        return null
      const { userId, isAdmin, twoFactorEnabled } = row
      return { userId, isAdmin, twoFactorEnabled }
    },
    /** Queries run so far (the tests prove the batching with it). */
    get queries() {
      return rows.queries
    },
  }
}
export type SessionChecks = ReturnType<typeof createSessionChecks>

const perDatabase = new WeakMap<Db, SessionChecks>()

/** The process's session checks on `db`: every stream on it shares one batch per turn. */
export function sessionChecks(auth: Auth, db: Db): SessionChecks {
  let checks = perDatabase.get(db)
  if (!checks) perDatabase.set(db, (checks = createSessionChecks(auth, db)))
  return checks
}
