import type { EventInput } from '#shared/schemas/events.ts'
import { audited } from '../../audit/audit.ts'
import { eventSubject, eventValues } from '../event-audit.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import type { EventCommandContext } from './event-change.ts'

/** A new event, its audit entry in the same transaction; the admins' lists hear of it. */
export async function createEvent(
  { db, origin, live }: EventCommandContext,
  input: EventInput,
): Promise<EventRow> {
  const created = await audited(db, origin, async (tx) => {
    const event = await steps.createEvent(tx, input)
    const audit = { action: 'event.create', subject: eventSubject(event) } as const
    return { result: event, audit: { ...audit, after: eventValues(event) } }
  })
  live.changed(created.id)
  return created
}
