import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { EventInput } from '#shared/schemas/events.ts'
import { isUniqueViolation } from '../db/checks.ts'
import type { Db, Tx } from '../db/client.ts'
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
          registered: sql<number>`count(*)`.mapWith(Number),
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
    },
  }))
}

export async function createEvent(db: Db, input: EventInput): Promise<EventRow> {
  const [created] = await db
    .insert(events)
    .values({ ...input, startTime: new Date(input.startTime) })
    .returning()
  if (!created) throw new Error('event insert returned nothing')
  return created
}

export async function updateEvent(db: Db, eventId: string, input: EventInput): Promise<EventRow> {
  await findEvent(db, eventId)
  const [updated] = await db
    .update(events)
    .set({ ...input, startTime: new Date(input.startTime), updatedAt: new Date() })
    .where(eq(events.id, eventId))
    .returning()
  if (!updated) throw new DomainError('eventNotFound')
  return updated
}

export async function deleteEvent(db: Db, eventId: string): Promise<void> {
  const event = await findEvent(db, eventId)
  if (event.status === 'active') throw new DomainError('activeEventCannotBeDeleted')
  await db.transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, eventId))
    if (event.imageId) await tx.delete(media).where(eq(media.id, event.imageId))
  })
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

/** SPEC: inactive -> active, started_at = now. The database allows one active event. */
export async function startEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId)
  if (event.status === 'active') return event
  try {
    const [started] = await db
      .update(events)
      .set({ status: 'active', startedAt: new Date(), endedAt: null, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning()
    if (!started) throw new DomainError('eventNotFound')
    return started
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
        email: profiles.email,
        userCode: profiles.userCode,
        avatarUrl: profiles.avatarUrl,
      })
      .from(eventParticipants)
      .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
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
