import type { AuditAction } from '#shared/audit.ts'
import { audited, recordAudit, type AuditOrigin } from '../audit/audit.ts'
import type { Db, Tx } from '../db/client.ts'
import { findEvent, lockEvent, type EventRow } from './events.ts'
import type { PlaceMail } from './calendar-mail.ts'

/** What an event change records besides the event: the fields it changed. */
export interface EventChange<T> {
  result: T
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** The fields of an event an entry shows. */
export const eventValues = (event: EventRow) => ({
  eventName: event.eventName,
  description: event.description,
  startTime: event.startTime,
  duration: event.duration,
  placeName: event.placeName,
  address: event.address,
  isKlikk: event.isKlikk,
  hasRecordingAvailable: event.hasRecordingAvailable,
  plannedRounds: event.plannedRounds,
  places: event.places,
  autoSeatLateArrivals: event.autoSeatLateArrivals,
  status: event.status,
})

export const eventSubject = (event: EventRow) =>
  ({ type: 'event', id: event.id, label: event.eventName }) as const

/**
 * Runs a change to an event and writes its audit entry in one transaction, the event's row
 * locked first (so what the entry calls "before" cannot change under it). A missing event is a
 * 404 before any work, and writes nothing.
 */
export function auditedEventChange<T>(
  db: Db,
  origin: AuditOrigin,
  eventId: string,
  action: AuditAction,
  work: (
    tx: Tx,
    event: EventRow,
    afterCommit: (effect: () => void) => void,
  ) => Promise<EventChange<T>>,
): Promise<T> {
  return audited(db, origin, async (tx, afterCommit) => {
    const event = await lockEvent(tx, eventId)
    const { result, before, after } = await work(tx, event, afterCommit)
    return { result, audit: { action, subject: eventSubject(event), before, after } }
  })
}

/** For a change that runs its own transaction (seating, whose search runs outside any): its entry. */
export async function recordEventAudit(
  tx: Tx,
  origin: AuditOrigin,
  eventId: string,
  action: AuditAction,
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } = {},
): Promise<void> {
  const event = await findEvent(tx, eventId)
  await recordAudit(tx, { action, subject: eventSubject(event), ...values }, origin)
}

/** The e-mails a change queues are announced to the sender only once the change is committed. */
export const mailAfterCommit = (
  mail: PlaceMail,
  afterCommit: (effect: () => void) => void,
): PlaceMail => ({ ...mail, onEmailQueued: () => afterCommit(mail.onEmailQueued) })
