import { and, asc, eq, gt, isNotNull, isNull, notExists, sql } from 'drizzle-orm'
import { eventText } from '#shared/event-texts.ts'
import { callName } from '#shared/people-names.ts'
import type { Db } from '../../db/client.ts'
import { user } from '../../db/schema/auth.ts'
import { eventRounds, events, eventTableAssignments } from '../../db/schema/events.ts'
import { klikkPicks, klikkWindowsClosed } from '../../db/schema/klikk.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { enqueueEmail } from '../../mail/outbox.ts'
import { klikkResultEmail } from '../klikk-email.ts'
import { mutualPicks } from '../queries/mutual-picks.ts'

/** A window that closed longer ago than this (the server was down) gets no e-mails any more. */
const LATE_LIMIT_DAYS = 7

export interface KlikkMail {
  /** The site's public origin, for the e-mails' links. */
  baseUrl: string
  /** After commit: wakes the mail worker. */
  onEmailQueued?: () => void
}

const closesAt = sql`${events.endedAt} + make_interval(hours => ${events.klikkWindowHours})`

/**
 * One pass: every evening whose klikk window has closed (and not over a week ago) is claimed, and
 * each member seated at it gets one e-mail in her language: her klikks and a link, or a kind word
 * and the next evening's date. The claim (a row in klikk_windows_closed) and the e-mails are
 * written in one transaction per evening, so however many processes run this at once, each
 * e-mail is queued once: a second process waits on the first's row, then finds it taken.
 * Returns how many e-mails were queued.
 */
export async function closeKlikkWindows(db: Db, now: Date, mail: KlikkMail): Promise<number> {
  const due = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNotNull(events.endedAt),
        // An untyped parameter (the sum is no column) goes as text: postgres-js would not take a Date.
        sql`${closesAt} <= ${now.toISOString()}::timestamptz`,
        sql`${closesAt} > ${new Date(now.getTime() - LATE_LIMIT_DAYS * 24 * 60 * 60_000).toISOString()}::timestamptz`,
        notExists(
          db
            .select({ eventId: klikkWindowsClosed.eventId })
            .from(klikkWindowsClosed)
            .where(eq(klikkWindowsClosed.eventId, events.id)),
        ),
      ),
    )
    .orderBy(asc(events.endedAt), asc(events.id))
  let queued = 0
  for (const { id } of due) queued += await closeOne(db, id, now, mail.baseUrl)
  if (queued > 0) mail.onEmailQueued?.()
  return queued
}

async function closeOne(db: Db, eventId: string, now: Date, baseUrl: string) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(klikkWindowsClosed)
      .values({ eventId, closedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: klikkWindowsClosed.eventId })
    if (claimed.length === 0) return 0
    const [event] = await tx.select().from(events).where(eq(events.id, eventId))
    if (!event) return 0
    const seated = await tx
      .selectDistinct({
        userId: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        givenName: user.givenName,
        language: profiles.language,
      })
      .from(eventTableAssignments)
      .innerJoin(
        eventRounds,
        and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
      )
      .innerJoin(profiles, eq(profiles.id, eventTableAssignments.userId))
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(eventRounds.eventId, eventId))
      .orderBy(asc(profiles.id))
    if (seated.length === 0) return 0
    const matches = await mutualPicks(tx, eq(klikkPicks.eventId, eventId))
    const klikksOf = new Map<string, number>()
    for (const match of matches) klikksOf.set(match.userId, (klikksOf.get(match.userId) ?? 0) + 1)
    const [next] = await tx
      .select({ startTime: events.startTime })
      .from(events)
      .where(and(gt(events.startTime, now), isNull(events.endedAt)))
      .orderBy(asc(events.startTime))
      .limit(1)
    for (const member of seated) {
      const email = klikkResultEmail(member.language, {
        name: callName(member),
        eventName: eventText(event, 'eventName', member.language).text,
        klikks: klikksOf.get(member.userId) ?? 0,
        nextEvening: next?.startTime ?? null,
        baseUrl,
      })
      // No cooldown: two evenings' windows may close in one pass, and each goes once anyway.
      await enqueueEmail(tx, {
        kind: 'klikkResult',
        to: member.email,
        language: member.language,
        ...email,
        cooldown: false,
      })
    }
    return seated.length
  })
}
