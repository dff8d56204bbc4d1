import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { eventKeepApart, eventParticipants } from '../db/schema/events.ts'
import { DomainError } from '../domain-error.ts'
import { findEvent } from './event-base.ts'

/** The event's keep-apart pairs, oldest first: the mixer's input and the admin's list. */
export async function keepApartPairs(db: Db | Tx, eventId: string) {
  return db
    .select({ id: eventKeepApart.id, userA: eventKeepApart.userA, userB: eventKeepApart.userB })
    .from(eventKeepApart)
    .where(eq(eventKeepApart.eventId, eventId))
    .orderBy(asc(eventKeepApart.createdAt), asc(eventKeepApart.id))
}

/** The admin's list of the event's pairs (404 for an event that does not exist). */
export async function listKeepApart(db: Db, eventId: string) {
  await findEvent(db, eventId)
  return keepApartPairs(db, eventId)
}

/**
 * Keeps two participants of the event at different tables from the next seating on. Asking twice
 * for the same pair (in either order) gives the same pair.
 */
export async function addKeepApart(db: Db, eventId: string, first: string, second: string) {
  await findEvent(db, eventId)
  if (first === second) throw new DomainError('keepApartSamePerson')
  // One row per pair: the smaller id first (the table's check insists).
  const [userA, userB] = first < second ? [first, second] : [second, first]
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ userId: eventParticipants.userId })
      .from(eventParticipants)
      .where(
        and(
          eq(eventParticipants.eventId, eventId),
          inArray(eventParticipants.userId, [userA, userB]),
        ),
      )
    if (found.length !== 2) throw new DomainError('participantNotFound')
    await tx.insert(eventKeepApart).values({ eventId, userA, userB }).onConflictDoNothing()
    const [pair] = await tx
      .select({ id: eventKeepApart.id, userA: eventKeepApart.userA, userB: eventKeepApart.userB })
      .from(eventKeepApart)
      .where(
        and(
          eq(eventKeepApart.eventId, eventId),
          eq(eventKeepApart.userA, userA),
          eq(eventKeepApart.userB, userB),
        ),
      )
    if (!pair) throw new Error('keep-apart pair vanished while being added')
    return pair
  })
}

/** The pair may sit together again (seatings already made stay as they are). */
export async function removeKeepApart(db: Db, eventId: string, pairId: string) {
  await findEvent(db, eventId)
  const deleted = await db
    .delete(eventKeepApart)
    .where(and(eq(eventKeepApart.eventId, eventId), eq(eventKeepApart.id, pairId)))
    .returning({ userA: eventKeepApart.userA, userB: eventKeepApart.userB })
  const [pair] = deleted
  if (!pair) throw new DomainError('keepApartNotFound')
  return pair
}
