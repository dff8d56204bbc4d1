import type { EventInput } from '#shared/schemas/events.ts'
import type { PlaceMail } from '../calendar-mail.ts'
import { eventValues } from '../event-audit.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { auditedEventChange, mailAfterCommit, type EventCommandContext } from './event-change.ts'

/**
 * Changes an event. A new time or place e-mails everyone holding a place an update of her
 * invitation, queued in the same transaction; the mail worker is woken once it is committed.
 */
export async function updateEvent(
  ctx: EventCommandContext,
  eventId: string,
  input: EventInput,
  mail: PlaceMail,
): Promise<EventRow> {
  const updated = await auditedEventChange(
    ctx,
    eventId,
    'event.update',
    async (tx, before, afterCommit) => {
      const after = await steps.updateEvent(tx, eventId, input, mailAfterCommit(mail, afterCommit))
      return { result: after, before: eventValues(before), after: eventValues(after) }
    },
  )
  ctx.live.changed(eventId)
  return updated
}
