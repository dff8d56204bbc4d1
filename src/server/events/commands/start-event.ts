import { eventPhase } from '#shared/schemas/events.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Starts the event (at most one is active; an ended one is refused: reopen it). */
export async function startEvent(ctx: EventCommandContext, eventId: string): Promise<EventRow> {
  const event = await auditedEventChange(ctx, eventId, 'event.start', async (tx, before) => {
    const after = await steps.startEvent(tx, eventId)
    return {
      result: after,
      before: { status: eventPhase(before) },
      after: { status: eventPhase(after) },
    }
  })
  ctx.live.changed(eventId)
  return event
}
