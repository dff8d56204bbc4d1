import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { EventInput } from '#shared/schemas/events.ts'
import { eventText, mergeTranslations, TRANSLATED_LANGUAGES } from '#shared/event-texts.ts'
import { isUniqueViolation } from '../db/checks.ts'
import type { Db } from '../db/client.ts'
import { eventRounds, events } from '../db/schema/events.ts'
import { media } from '../db/schema/media.ts'
import { DomainError } from '../domain-error.ts'
import { queueCalendarChange, type PlaceMail } from './calendar-mail.ts'
import { eventEnd } from '#shared/calendar.ts'
import { placeHolders } from './participants.ts'
import { mediaUrl } from '../media/avatar.ts'
import type { ProcessedImage } from '../media/process-image.ts'
import { findEvent, lockEvent, type EventRow } from './event-base.ts'

export const EVENT_IMAGE_SIZE = { width: 1200, height: 675 }

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
