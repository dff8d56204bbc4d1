import { and, eq, gt, lt, notExists, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { daysBefore, deleteInBatches } from '../db/in-batches.ts'
import { session, user, verification } from '../db/schema/auth.ts'
import { eventDoorHelpers, eventParticipants } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'

const noRowIn = (db: Db, table: PgTable, where: SQL | undefined) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where),
  )

/**
 * Deletes accounts whose address was never confirmed and that were made before `cutoff`, with
 * all that cascades from the user row (profile, sessions, sign-in methods, picture). An account
 * someone gave a role or a place is left alone: an admin (`npm run admin grant` takes any
 * account), a door helper, or a participant an organiser added to an event; it goes only when
 * she or an admin deletes it. So is one signed in now (a live session: Google may vouch for a
 * sign-in without vouching for the address). A newsletter subscription she confirmed through its own link stays:
 * that consent did not depend on the account.
 */
export const deleteUnverifiedAccounts = (db: Db, now: number, days: number) =>
  deleteInBatches(
    db,
    user,
    user.id,
    and(
      eq(user.emailVerified, false),
      lt(user.createdAt, daysBefore(now, days)),
      noRowIn(db, profiles, and(eq(profiles.id, user.id), eq(profiles.isAdmin, true))),
      noRowIn(db, eventParticipants, eq(eventParticipants.userId, user.id)),
      noRowIn(db, eventDoorHelpers, eq(eventDoorHelpers.userId, user.id)),
      noRowIn(db, session, and(eq(session.userId, user.id), gt(session.expiresAt, new Date(now)))),
    ),
  )

/**
 * Deletes sessions and one-time tokens (password reset, sign-in state) past their expiry: Better
 * Auth deletes one only when it is next presented, which an abandoned one never is.
 */
export async function deleteExpiredSessions(db: Db, now: number) {
  const sessions = await deleteInBatches(
    db,
    session,
    session.id,
    lt(session.expiresAt, new Date(now)),
  )
  const tokens = await deleteInBatches(
    db,
    verification,
    verification.id,
    lt(verification.expiresAt, new Date(now)),
  )
  return { sessions, tokens }
}
