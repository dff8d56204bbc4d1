import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { events } from '../db/schema/events.ts'
import { DomainError } from '../domain-error.ts'

/**
 * The base of the events domain: the event row, found or locked. It imports nothing else from
 * events/, so every other module (commands, queries, the steps they share) may import it without
 * a circle (decision 0077).
 */
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
