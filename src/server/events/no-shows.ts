import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, sql } from 'drizzle-orm'
import { eventText } from '#shared/event-texts.ts'
import { callName } from '#shared/people-names.ts'
import { AFTER_EVENING_GRACE_MINUTES, type AfterEveningMail } from '#shared/schemas/events.ts'
import type { Db, Tx } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import {
  eventAfterMails,
  eventAfterMailsDue,
  eventNoShows,
  eventParticipants,
  eventRounds,
  events,
  eventTableAssignments,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { afterEveningEmail } from './after-evening-email.ts'
import { RECIPIENT_COLUMNS } from './calendar-mail.ts'
import { lockEvent, type EventRow } from './event-base.ts'

/** She held a place (registered, or checked out without ever being checked in). */
const HELD_A_PLACE = ['registered', 'present', 'absent'] as const
const cameIn = isNotNull(eventParticipants.checkedInAt)

/**
 * At the evening's end (decision 0091): every member who held a place and was never checked in is
 * recorded as a no-show; one recorded at an earlier end who has since come in is taken off. A
 * record the host cleared stays cleared. Returns how many are recorded now.
 */
export async function recordNoShows(tx: Tx, eventId: string, now: Date): Promise<number> {
  const missing = await tx
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(
      and(
        eq(eventParticipants.eventId, eventId),
        inArray(eventParticipants.status, ['registered', 'absent']),
        isNull(eventParticipants.checkedInAt),
      ),
    )
  const ids = missing.map((row) => row.userId)
  await tx
    .delete(eventNoShows)
    .where(
      and(
        eq(eventNoShows.eventId, eventId),
        ids.length ? notInArray(eventNoShows.userId, ids) : undefined,
      ),
    )
  if (ids.length)
    await tx
      .insert(eventNoShows)
      .values(ids.map((userId) => ({ eventId, userId, recordedAt: now })))
      .onConflictDoNothing()
  return ids.length
}

/**
 * Reopening the evening: the no-shows it recorded are not final any more (cleared ones stay), and
 * its after-evening e-mails not yet queued are called off (decision 0100).
 */
export async function dropOpenNoShows(tx: Tx, eventId: string): Promise<void> {
  await tx
    .delete(eventNoShows)
    .where(and(eq(eventNoShows.eventId, eventId), isNull(eventNoShows.clearedAt)))
  await tx.delete(eventAfterMailsDue).where(eq(eventAfterMailsDue.eventId, eventId))
}

const GRACE_MS = AFTER_EVENING_GRACE_MINUTES * 60_000

/**
 * At the end: the after-evening e-mails fall due AFTER_EVENING_GRACE_MINUTES after it (decision
 * 0100), in the database, so a restart in between loses nothing. Ending again moves the time.
 */
export async function holdAfterEveningMails(tx: Tx, eventId: string, endedAt: Date) {
  const dueAt = new Date(endedAt.getTime() + GRACE_MS)
  await tx
    .insert(eventAfterMailsDue)
    .values({ eventId, dueAt })
    .onConflictDoUpdate({ target: eventAfterMailsDue.eventId, set: { dueAt } })
}

/**
 * The `after-evening` job's pass (jobs.ts): for each evening whose grace is over, under its row
 * lock (the one a reopening takes), queues its after-evening e-mails if it is still ended, and
 * drops the row. The claims of event_after_mails keep each e-mail to once, in any number of
 * processes. `now` is the scheduler's clock. Returns how many e-mails it queued.
 */
export async function afterEveningPass(
  db: Db,
  mail: { baseUrl: string; onEmailQueued: () => void },
  now: Date,
): Promise<number> {
  const due = await db
    .select({ eventId: eventAfterMailsDue.eventId })
    .from(eventAfterMailsDue)
    .where(lte(eventAfterMailsDue.dueAt, now))
  let queued = 0
  for (const { eventId } of due) {
    queued += await db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId)
      const [still] = await tx
        .delete(eventAfterMailsDue)
        .where(and(eq(eventAfterMailsDue.eventId, eventId), lte(eventAfterMailsDue.dueAt, now)))
        .returning({ eventId: eventAfterMailsDue.eventId })
      if (!still || !event.endedAt) return 0
      return queueAfterEveningMails(tx, event, mail.baseUrl, event.endedAt, now)
    })
  }
  if (queued > 0) mail.onEmailQueued()
  return queued
}

/**
 * The next evening to tell her about: the same series' next first (when this evening is one of
 * a series), else the next one planned. Null when none is.
 */
async function nextEvening(tx: Tx, event: EventRow, now: Date): Promise<Date | null> {
  const upcoming = and(
    gt(events.startTime, now),
    isNull(events.endedAt),
    ne(events.id, event.id),
    eq(events.status, 'inactive'),
  )
  const first = (where: ReturnType<typeof and>) =>
    tx
      .select({ startTime: events.startTime })
      .from(events)
      .where(where)
      .orderBy(asc(events.startTime))
      .limit(1)
  if (event.seriesId) {
    const [same] = await first(and(upcoming, eq(events.seriesId, event.seriesId)))
    if (same) return same.startTime
  }
  const [any] = await first(upcoming)
  return any?.startTime ?? null
}

/**
 * Queues the after-evening e-mails (decision 0091), once the grace after the end is over (0100): thanks to each member who came in (with the
 * klikk link when she sat at a table), "we missed you" with the next date to each no-show whose
 * record stands. Each kind goes once per member and evening: a row in event_after_mails claims it
 * in the same transaction as the e-mail, so ending again after a reopening, or two processes
 * ending at once, queue nothing twice. Returns how many were queued.
 */
async function queueAfterEveningMails(
  tx: Tx,
  event: EventRow,
  baseUrl: string,
  endedAt: Date,
  now: Date,
): Promise<number> {
  const recipients = await tx
    .select({
      userId: eventParticipants.userId,
      came: sql<boolean>`${eventParticipants.checkedInAt} is not null`,
      ...RECIPIENT_COLUMNS,
    })
    .from(eventParticipants)
    .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
    .innerJoin(user, eq(user.id, eventParticipants.userId))
    .leftJoin(
      eventNoShows,
      and(
        eq(eventNoShows.eventId, eventParticipants.eventId),
        eq(eventNoShows.userId, eventParticipants.userId),
      ),
    )
    .where(
      and(
        eq(eventParticipants.eventId, event.id),
        inArray(eventParticipants.status, HELD_A_PLACE),
        sql`(${cameIn} or (${eventNoShows.userId} is not null and ${eventNoShows.clearedAt} is null))`,
      ),
    )
    .orderBy(asc(eventParticipants.userId))
  if (recipients.length === 0) return 0
  const claimed = await tx
    .insert(eventAfterMails)
    .values(
      recipients.map((r) => ({
        eventId: event.id,
        userId: r.userId,
        kind: (r.came ? 'thanks' : 'missed') as AfterEveningMail,
        queuedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: eventAfterMails.userId, kind: eventAfterMails.kind })
  if (claimed.length === 0) return 0
  const seated = new Set(
    (
      await tx
        .selectDistinct({ userId: eventTableAssignments.userId })
        .from(eventTableAssignments)
        .innerJoin(
          eventRounds,
          and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
        )
        .where(eq(eventRounds.eventId, event.id))
    ).map((row) => row.userId),
  )
  // The picks opened at the end (klikk/commands/close-klikk-windows.ts), not when this is sent.
  const klikkUntil = new Date(endedAt.getTime() + event.klikkWindowHours * 3_600_000)
  const next = await nextEvening(tx, event, now)
  const byId = new Map(recipients.map((r) => [r.userId, r]))
  for (const { userId, kind } of claimed) {
    const member = byId.get(userId)
    if (!member) continue
    const email = afterEveningEmail(member.language, {
      kind,
      name: callName(member),
      eventName: eventText(event, 'eventName', member.language).text,
      klikkUntil: event.isKlikk && seated.has(userId) ? klikkUntil : null,
      nextEvening: next,
      baseUrl,
    })
    await enqueueEmail(tx, {
      kind: kind === 'thanks' ? 'eveningThanks' : 'eveningMissed',
      to: member.email,
      language: member.language,
      ...email,
      cooldown: false,
    })
  }
  return claimed.length
}
