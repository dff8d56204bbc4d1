import type { AuditAction, AuditField, AuditFieldValues } from '#shared/audit.ts'
import { audited, recordAudit, type AuditOrigin } from '../../audit/audit.ts'
import type { Db, Tx } from '../../db/client.ts'
import type { LiveHub } from '../../live/live-hub.ts'
import type { PlaceMail } from '../calendar-mail.ts'
import { findEvent, lockEvent, type EventRow } from '../event-base.ts'
import { eventSubject } from '../event-audit.ts'

/**
 * What every command of the events domain is given (decision 0077): the database, who asks (her
 * audit entry's actor), and the live hub that tells the event's screens and the admins' lists
 * once the change is committed. Not a command itself: the helpers commands share.
 */
export interface EventCommandContext {
  db: Db
  origin: AuditOrigin
  live: Pick<LiveHub, 'changed'>
}

/** What an event change records besides the event: the fields it changed. */
export interface EventChange<T> {
  result: T
  before?: AuditFieldValues | null
  after?: AuditFieldValues | null
  /** Fields kept on both sides of an edit to say what it changed (the participant, the table). */
  keep?: readonly AuditField[]
}

/**
 * Runs a change to an event and writes its audit entry in one transaction, the event's row
 * locked first (so what the entry calls "before" cannot change under it). A missing event is a
 * 404 before any work, and writes nothing.
 */
export function auditedEventChange<T>(
  { db, origin }: Pick<EventCommandContext, 'db' | 'origin'>,
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
    const { result, before, after, keep } = await work(tx, event, afterCommit)
    return { result, audit: { action, subject: eventSubject(event), before, after, keep } }
  })
}

/** For a change that runs its own transaction (seating, whose search runs outside any): its entry. */
export async function recordEventAudit(
  tx: Tx,
  { origin }: Pick<EventCommandContext, 'origin'>,
  eventId: string,
  action: AuditAction,
  values: { before?: AuditFieldValues | null; after?: AuditFieldValues | null } = {},
): Promise<void> {
  const event = await findEvent(tx, eventId)
  await recordAudit(tx, { action, subject: eventSubject(event), ...values }, origin)
}

/** The e-mails a change queues are announced to the sender only once the change is committed. */
export const mailAfterCommit = (
  mail: PlaceMail,
  afterCommit: (effect: () => void) => void,
): PlaceMail => ({ ...mail, onEmailQueued: () => afterCommit(mail.onEmailQueued) })
