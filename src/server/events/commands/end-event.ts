import { eventPhase } from '#shared/schemas/events.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Ends the event; a running round ends with it. */
export async function endEvent(ctx: EventCommandContext, eventId: string): Promise<EventRow> {
  const ended = await auditedEventChange(ctx, eventId, 'event.end', async (tx, before) => {
    const after = await steps.endEvent(tx, eventId)
    return {
      result: after,
      before: { status: eventPhase(before) },
      after: { status: eventPhase(after), endedAt: after.endedAt },
    }
  })
  ctx.live.changed(eventId)
  return ended
}
