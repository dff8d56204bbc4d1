import { eventPhase } from '#shared/schemas/events.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Opens an ended evening again, keeping its rounds and seating. */
export async function reopenEvent(ctx: EventCommandContext, eventId: string): Promise<EventRow> {
  const event = await auditedEventChange(ctx, eventId, 'event.reopen', async (tx, before) => {
    const after = await steps.reopenEvent(tx, eventId)
    return {
      result: after,
      before: { status: eventPhase(before) },
      after: { status: eventPhase(after) },
    }
  })
  ctx.live.changed(eventId)
  return event
}
