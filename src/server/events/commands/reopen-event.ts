import { eventPhase } from '#shared/schemas/events.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { dropOpenNoShows } from '../no-shows.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * Opens an ended evening again, keeping its rounds and seating. The no-shows its end recorded
 * are dropped (the ones the host cleared stay): ending it again records them anew.
 */
export async function reopenEvent(ctx: EventCommandContext, eventId: string): Promise<EventRow> {
  const event = await auditedEventChange(ctx, eventId, 'event.reopen', async (tx, before) => {
    const after = await steps.reopenEvent(tx, eventId)
    await dropOpenNoShows(tx, eventId)
    return {
      result: after,
      before: { status: eventPhase(before) },
      after: { status: eventPhase(after) },
    }
  })
  ctx.live.changed(eventId)
  return event
}
