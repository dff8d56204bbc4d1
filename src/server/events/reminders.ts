import { and, asc, eq, gt, isNull, lte, notExists } from 'drizzle-orm'
import type { Logger } from 'pino'
import { eventText } from '#shared/event-texts.ts'
import { callName } from '#shared/people-names.ts'
import type { Db } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { eventReminders } from '../db/schema/event-reminders.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { createScheduler } from '../scheduler/scheduler.ts'
import { eventReminderEmail } from './reminder-email.ts'

const HOUR_MS = 60 * 60_000

export interface ReminderOptions {
  /** How long before an event's start its reminders go (EVENT_REMINDER_HOURS); 0: none. */
  hours: number
  /** The site's public origin, for the e-mails' links. */
  baseUrl: string
  now?: Date
}

/**
 * One pass: a reminder to every member holding a place (registered, not on the waiting list) at
 * an event that starts within `hours` and has not started or ended, unless she has had it or has
 * turned reminders off. The reminder rows and the e-mails are written in one transaction, and
 * e-mails go only for the rows this pass inserted: a pass that dies sends nothing and leaves its
 * reminders to the next, and passes running at once (other processes) send each one once.
 * Returns how many e-mails were queued.
 */
export async function sendEventReminders(
  db: Db,
  { hours, baseUrl, now = new Date() }: ReminderOptions,
): Promise<number> {
  if (hours <= 0) return 0
  const until = new Date(now.getTime() + hours * HOUR_MS)
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        eventId: events.id,
        eventName: events.eventName,
        startTime: events.startTime,
        placeName: events.placeName,
        address: events.address,
        translations: events.translations,
        userId: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        givenName: user.givenName,
        language: profiles.language,
      })
      .from(eventParticipants)
      .innerJoin(events, eq(events.id, eventParticipants.eventId))
      .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
      .innerJoin(user, eq(user.id, profiles.id))
      .where(
        and(
          eq(eventParticipants.status, 'registered'),
          eq(profiles.eventReminders, true),
          eq(events.status, 'inactive'),
          isNull(events.startedAt),
          isNull(events.endedAt),
          gt(events.startTime, now),
          lte(events.startTime, until),
          notExists(
            tx
              .select({ eventId: eventReminders.eventId })
              .from(eventReminders)
              .where(
                and(
                  eq(eventReminders.eventId, eventParticipants.eventId),
                  eq(eventReminders.userId, eventParticipants.userId),
                ),
              ),
          ),
        ),
      )
      // One order for every process, so that two inserting the same rows cannot deadlock.
      .orderBy(asc(events.startTime), asc(events.id), asc(profiles.id))
    if (due.length === 0) return 0
    // Another process may have sent some of these since the select: its rows are kept and
    // these are skipped (waiting for its transaction to end first, if it is still open).
    const inserted = await tx
      .insert(eventReminders)
      .values(due.map(({ eventId, userId }) => ({ eventId, userId, sentAt: now })))
      .onConflictDoNothing()
      .returning({ eventId: eventReminders.eventId, userId: eventReminders.userId })
    const ours = new Set(inserted.map(({ eventId, userId }) => `${eventId} ${userId}`))
    let queued = 0
    for (const reminder of due) {
      if (!ours.has(`${reminder.eventId} ${reminder.userId}`)) continue
      const email = eventReminderEmail(reminder.language, {
        name: callName(reminder),
        // Her language's texts, or the Hungarian where the host has not written them in it.
        eventName: eventText(reminder, 'eventName', reminder.language).text,
        startTime: reminder.startTime,
        placeName: eventText(reminder, 'placeName', reminder.language).text,
        address: reminder.address,
        baseUrl,
      })
      // No cooldown: her reminders of two events may fall in one pass, and each goes once anyway.
      await enqueueEmail(tx, {
        kind: 'eventReminder',
        to: reminder.email,
        language: reminder.language,
        ...email,
        cooldown: false,
      })
      queued++
    }
    return queued
  })
}

/** The reminders job's pass (jobs.ts): queues what is due and wakes the mail worker. */
export async function remindersPass({
  db,
  logger,
  hours,
  baseUrl,
  onEmailQueued,
  now,
}: ReminderJobOptions & { now: Date }): Promise<void> {
  const queued = await sendEventReminders(db, { hours, baseUrl, now })
  if (queued === 0) return
  logger.info({ queued }, 'event reminders queued')
  onEmailQueued()
}

export interface ReminderJobOptions {
  db: Db
  logger: Logger
  hours: number
  baseUrl: string
  /** Wakes the mail worker. */
  onEmailQueued: () => void
}

/**
 * The reminders job on a scheduler of its own, a second after start and then every `everyMs`,
 * until stopped (tests; the server runs it on its one scheduler, jobs.ts). Any number of server
 * processes may run it: each reminder goes once (sendEventReminders).
 */
export function startEventReminders({
  everyMs,
  ...options
}: ReminderJobOptions & { everyMs: number }) {
  if (options.hours <= 0) return { stop: async () => {} }
  const scheduler = createScheduler({ logger: options.logger })
  scheduler.add({
    name: 'event-reminders',
    everyMs,
    firstAfterMs: Math.min(1_000, everyMs),
    run: () => remindersPass({ ...options, now: new Date(scheduler.clock.now()) }),
  })
  return { stop: () => scheduler.stop() }
}
