import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { seriesFollowers } from '../../db/schema/series.ts'
import { DomainError } from '../../domain-error.ts'
import { findSeries } from '../series.ts'
import { readSeriesUnfollowToken } from '../series-tokens.ts'

/** She follows a series (twice is once). Her own act, not an admin's: no audit entry. */
export async function followSeries(db: Db, seriesId: string, userId: string): Promise<void> {
  await findSeries(db, seriesId)
  await db.insert(seriesFollowers).values({ seriesId, userId }).onConflictDoNothing()
}

/** She stops following a series (not following is already done). */
export async function unfollowSeries(db: Db, seriesId: string, userId: string): Promise<void> {
  await db
    .delete(seriesFollowers)
    .where(and(eq(seriesFollowers.seriesId, seriesId), eq(seriesFollowers.userId, userId)))
}

/**
 * The e-mail's unfollow link, without signing in: a token that is not ours is refused; a good
 * one stops that series' e-mails for her (again: the same answer). Returns the series' name.
 */
export async function unfollowSeriesByToken(
  db: Db,
  secret: string,
  token: string,
): Promise<{ eventName: string }> {
  const read = readSeriesUnfollowToken(secret, token)
  if (!read) throw new DomainError('seriesTokenInvalid')
  const series = await findSeries(db, read.seriesId)
  await unfollowSeries(db, read.seriesId, read.userId)
  return { eventName: series.eventName }
}
