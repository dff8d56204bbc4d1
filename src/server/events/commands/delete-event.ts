import type { PlaceMail } from '../calendar-mail.ts'
import { eventValues } from '../event-audit.ts'
import * as steps from '../events.ts'
import { auditedEventChange, mailAfterCommit, type EventCommandContext } from './event-change.ts'

/**
 * Deletes an event (not while it runs); everyone holding a place at one still to come gets a
 * cancellation of her invitation, sent once the delete is committed.
 */
export async function deleteEvent(
  ctx: EventCommandContext,
  eventId: string,
  mail: PlaceMail,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'event.delete', async (tx, before, afterCommit) => {
    await steps.deleteEvent(tx, eventId, mailAfterCommit(mail, afterCommit))
    return { result: null, before: eventValues(before) }
  })
  ctx.live.changed(eventId)
}
