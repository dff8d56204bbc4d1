import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { eventText } from '#shared/event-texts.ts'
import { callName } from '#shared/people-names.ts'
import type { Db } from '../../db/client.ts'
import { user } from '../../db/schema/auth.ts'
import { events } from '../../db/schema/events.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { seriesFollowers } from '../../db/schema/series.ts'
import { enqueueEmail } from '../../mail/outbox.ts'
import { seriesOpenEmail } from '../series-email.ts'
import { seriesUnfollowToken } from '../series-tokens.ts'

export interface SeriesMail {
  baseUrl: string
  /** The server's secret: it signs the unfollow links. */
  secret: string
  onEmailQueued?: () => void
}

/**
 * The `series-followers` job's pass (jobs.ts): each series evening whose registration has opened,
 * and that has not ended, is claimed (`followers_told_at`), and every follower of its series gets
 * one e-mail in her language, through the outbox, in the same transaction as the claim. However
 * many processes run it, each evening is told once: the claim is an update of a row still
 * unclaimed, under its lock. Returns how many e-mails were queued.
 */
export async function tellSeriesFollowers(db: Db, now: Date, mail: SeriesMail): Promise<number> {
  const due = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNotNull(events.seriesId),
        isNull(events.followersToldAt),
        isNull(events.endedAt),
        lte(events.registrationOpensAt, now),
        sql`${events.startTime} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(events.startTime))
  let queued = 0
  for (const { id } of due) queued += await tellOne(db, id, now, mail)
  if (queued > 0) mail.onEmailQueued?.()
  return queued
}

async function tellOne(db: Db, eventId: string, now: Date, mail: SeriesMail) {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ followersToldAt: now })
      .where(and(eq(events.id, eventId), isNull(events.followersToldAt)))
      .returning()
    if (!event?.seriesId) return 0
    const followers = await tx
      .select({
        userId: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        givenName: user.givenName,
        language: profiles.language,
      })
      .from(seriesFollowers)
      .innerJoin(profiles, eq(profiles.id, seriesFollowers.userId))
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(seriesFollowers.seriesId, event.seriesId))
      .orderBy(asc(profiles.id))
    for (const follower of followers) {
      const email = seriesOpenEmail(follower.language, {
        name: callName(follower),
        eventName: eventText(event, 'eventName', follower.language).text,
        startTime: event.startTime,
        placeName: eventText(event, 'placeName', follower.language).text,
        baseUrl: mail.baseUrl,
        unfollowToken: seriesUnfollowToken(mail.secret, event.seriesId, follower.userId),
      })
      // No cooldown: two series may open in one pass, and each evening is told once anyway.
      await enqueueEmail(tx, {
        kind: 'seriesOpen',
        to: follower.email,
        language: follower.language,
        ...email,
        cooldown: false,
      })
    }
    return followers.length
  })
}
