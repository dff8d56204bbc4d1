import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { EventInput } from '#shared/schemas/events.ts'
import { eventText, mergeTranslations, TRANSLATED_LANGUAGES } from '#shared/event-texts.ts'
import { isUniqueViolation } from '../db/checks.ts'
import type { Db, Tx } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import {
  eventParticipants,
  eventRounds,
  events,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { media } from '../db/schema/media.ts'
import { DomainError } from '../domain-error.ts'
import { keepApartPairs } from './keep-apart.ts'
import { queueCalendarChange, type PlaceMail } from './calendar-mail.ts'
import { eventEnd } from '#shared/calendar.ts'
import { placeHolders } from './participants.ts'
import { mediaUrl } from '../media/avatar.ts'
import type { ProcessedImage } from '../media/process-image.ts'

export const EVENT_IMAGE_SIZE = { width: 1200, height: 675 }

export type EventRow = typeof events.$inferSelect

/** The event, or a 404 in the user's language. */
export async function findEvent(db: Db | Tx, eventId: string): Promise<EventRow> {
  const [found] = await db.select().from(events).where(eq(events.id, eventId))
  if (!found) throw new DomainError('eventNotFound')
  return found
}

/**
 * The event, its row locked until the transaction ends: changes that depend on who holds a place
 * or a seat (registrations, check-ins, seating a late arrival) happen one at a time, in any number
 * of processes.
 */
export async function lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
  if (!event) throw new DomainError('eventNotFound')
  return event
}

/** The admin's list, newest first (SPEC), each with its latest round for the card's countdown. */
export async function listEvents(db: Db, { klikk }: { klikk?: boolean } = {}) {
  const rows = await db
    .select()
    .from(events)
    .where(klikk === undefined ? undefined : eq(events.isKlikk, klikk))
    .orderBy(desc(events.createdAt))
    .limit(200)
  const rounds = rows.length
    ? await db
        .selectDistinctOn([eventRounds.eventId])
        .from(eventRounds)
        .where(
          and(
            inArray(
              eventRounds.eventId,
              rows.map((row) => row.id),
            ),
            eq(eventRounds.started, true),
          ),
        )
        .orderBy(eventRounds.eventId, desc(eventRounds.roundNumber))
    : []
  const counts = rows.length
    ? await db
        .select({
          eventId: eventParticipants.eventId,
          registered:
            sql<number>`count(*) filter (where ${eventParticipants.status} <> 'waiting')`.mapWith(
              Number,
            ),
          waiting:
            sql<number>`count(*) filter (where ${eventParticipants.status} = 'waiting')`.mapWith(
              Number,
            ),
          present:
            sql<number>`count(*) filter (where ${eventParticipants.status} = 'present')`.mapWith(
              Number,
            ),
        })
        .from(eventParticipants)
        .where(
          inArray(
            eventParticipants.eventId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(eventParticipants.eventId)
    : []
  return rows.map((event) => ({
    ...event,
    currentRound: rounds.find((round) => round.eventId === event.id) ?? null,
    participants: counts.find((count) => count.eventId === event.id) ?? {
      registered: 0,
      present: 0,
      waiting: 0,
    },
  }))
}

export async function createEvent(db: Db, input: EventInput): Promise<EventRow> {
  const [created] = await db
    .insert(events)
    .values({
      ...input,
      startTime: new Date(input.startTime),
      translations: mergeTranslations({}, input.translations),
    })
    .returning()
  if (!created) throw new Error('event insert returned nothing')
  return created
}

/** Whether its members still need to hear about it: it has not ended and is not over yet. */
const stillToCome = (event: EventRow, now = Date.now()) =>
  event.endedAt === null && eventEnd(event).getTime() > now

/**
 * Changes an event. A new time or place raises its calendar SEQUENCE and sends everyone holding
 * a place an update of her invitation, in the same transaction.
 */
export async function updateEvent(
  db: Db,
  eventId: string,
  input: EventInput,
  mail: PlaceMail,
): Promise<EventRow> {
  const { updated, notified } = await db.transaction(async (tx) => {
    const before = await lockEvent(tx, eventId)
    const startTime = new Date(input.startTime)
    // Languages the change leaves out keep their texts.
    const translations = mergeTranslations(before.translations, input.translations)
    const placeIn = (event: Pick<EventRow, 'placeName' | 'translations'>) =>
      TRANSLATED_LANGUAGES.map((language) => eventText(event, 'placeName', language).text)
    const moved =
      before.startTime.getTime() !== startTime.getTime() ||
      before.duration !== input.duration ||
      before.placeName !== input.placeName ||
      before.address !== input.address ||
      placeIn(before).join('\n') !==
        placeIn({ placeName: input.placeName, translations }).join('\n')
    const [updated] = await tx
      .update(events)
      .set({
        ...input,
        translations,
        startTime,
        updatedAt: new Date(),
        ...(moved ? { calendarSequence: sql`${events.calendarSequence} + 1` } : {}),
      })
      .where(eq(events.id, eventId))
      .returning()
    if (!updated) throw new DomainError('eventNotFound')
    const notified =
      moved &&
      stillToCome(updated) &&
      (await queueCalendarChange(tx, 'changed', updated, await placeHolders(tx, eventId), mail))
    return { updated, notified }
  })
  if (notified) mail.onEmailQueued()
  return updated
}

/**
 * Deletes an event (not while it runs). Everyone holding a place gets a cancellation of her
 * invitation, written in the delete's transaction: read before the participants go with it.
 * Without `mail` (the demo's reset, whose members are made up) nobody is told.
 */
export async function deleteEvent(db: Db, eventId: string, mail: PlaceMail | null): Promise<void> {
  const notified = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    if (event.status === 'active') throw new DomainError('activeEventCannotBeDeleted')
    const recipients = mail && stillToCome(event) ? await placeHolders(tx, eventId) : []
    await tx.delete(events).where(eq(events.id, eventId))
    if (event.imageId) await tx.delete(media).where(eq(media.id, event.imageId))
    if (!mail) return false
    const cancelled = { ...event, calendarSequence: event.calendarSequence + 1 }
    return queueCalendarChange(tx, 'cancelled', cancelled, recipients, mail)
  })
  if (notified) mail?.onEmailQueued()
}

/** Stores a new image for the event (replacing the old one) and returns its URL. */
export async function setEventImage(db: Db, eventId: string, image: ProcessedImage) {
  const event = await findEvent(db, eventId)
  const id = randomUUID()
  await db.transaction(async (tx) => {
    await tx.insert(media).values({ id, ownerId: null, kind: 'event', ...image })
    await tx
      .update(events)
      .set({ imageId: id, imageUrl: mediaUrl(id), updatedAt: new Date() })
      .where(eq(events.id, eventId))
    if (event.imageId) await tx.delete(media).where(eq(media.id, event.imageId))
  })
  return mediaUrl(id)
}

/**
 * SPEC: inactive -> active, started_at = now. The database allows one active event. An ended
 * evening is over: a plain start refuses it (`reopenEvent` is the deliberate way back).
 */
export async function startEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId)
  if (event.status === 'active') return event
  if (event.endedAt) throw new DomainError('eventEnded')
  return activate(db, eventId, { startedAt: new Date() })
}

/**
 * Opens an ended evening again: active, without its end, keeping its start, rounds and seating
 * (the round that ran when it ended stays over). The host asked for it by name.
 */
export async function reopenEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId)
  if (!event.endedAt) throw new DomainError('eventNotEnded')
  return activate(db, eventId, { startedAt: event.startedAt ?? new Date() })
}

async function activate(db: Db, eventId: string, { startedAt }: { startedAt: Date }) {
  try {
    const [active] = await db
      .update(events)
      .set({ status: 'active', startedAt, endedAt: null, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning()
    if (!active) throw new DomainError('eventNotFound')
    return active
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('eventAlreadyActive')
    throw error
  }
}

/** Ends the event: inactive again, with ended_at; a running round ends with it. */
export async function endEvent(db: Db, eventId: string): Promise<EventRow> {
  await findEvent(db, eventId)
  return db.transaction(async (tx) => {
    await tx
      .update(eventRounds)
      .set({ finished: true, updatedAt: new Date() })
      .where(
        and(
          eq(eventRounds.eventId, eventId),
          eq(eventRounds.started, true),
          eq(eventRounds.finished, false),
        ),
      )
    const [ended] = await tx
      .update(events)
      .set({ status: 'inactive', endedAt: new Date(), updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning()
    if (!ended) throw new DomainError('eventNotFound')
    return ended
  })
}

/**
 * Everything the admin's event page shows: the event, tables, participants, rounds and seating,
 * and the pairs kept apart.
 */
export async function eventDetail(db: Db, eventId: string) {
  const event = await findEvent(db, eventId)
  const [tables, participants, rounds, keepApart] = await Promise.all([
    db
      .select()
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    db
      .select({
        userId: eventParticipants.userId,
        status: eventParticipants.status,
        registeredAt: eventParticipants.registeredAt,
        checkedInAt: eventParticipants.checkedInAt,
        leftAt: eventParticipants.leftAt,
        fullName: profiles.fullName,
        familyName: user.familyName,
        email: profiles.email,
        userCode: profiles.userCode,
        avatarUrl: profiles.avatarUrl,
      })
      .from(eventParticipants)
      .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
      .leftJoin(user, eq(user.id, profiles.id))
      .where(eq(eventParticipants.eventId, eventId))
      .orderBy(asc(profiles.fullName), asc(profiles.email)),
    db
      .select()
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
      .orderBy(asc(eventRounds.roundNumber)),
    keepApartPairs(db, eventId),
  ])
  const seats = rounds.length
    ? await db
        .select({
          roundId: eventTableAssignments.roundId,
          tableId: eventTableAssignments.tableId,
          userId: eventTableAssignments.userId,
          assignedAt: eventTableAssignments.assignedAt,
        })
        .from(eventTableAssignments)
        .where(
          inArray(
            eventTableAssignments.roundId,
            rounds.map((round) => round.id),
          ),
        )
        .orderBy(asc(eventTableAssignments.assignedAt))
    : []
  return {
    event,
    tables,
    participants,
    keepApart,
    rounds: rounds.map((round) => ({
      ...round,
      seats: seats
        .filter((seat) => seat.roundId === round.id)
        .map(({ tableId, userId }) => ({ tableId, userId })),
    })),
  }
}
