import { eventPhase } from '#shared/schemas/events.ts'
import type { EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import { holdAfterEveningMails, recordNoShows } from '../no-shows.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * Ends the event; a running round ends with it. Who held a place and never came in is recorded
 * as a no-show (decision 0091); the after-evening e-mails fall due after the grace period, for the
 * `after-evening` job to queue if the evening is still ended then (decision 0100).
 */
export async function endEvent(ctx: EventCommandContext, eventId: string): Promise<EventRow> {
  const ended = await auditedEventChange(ctx, eventId, 'event.end', async (tx, before) => {
    const after = await steps.endEvent(tx, eventId)
    const now = after.endedAt ?? new Date()
    const noShows = await recordNoShows(tx, eventId, now)
    await holdAfterEveningMails(tx, eventId, now)
    return {
      result: after,
      before: { status: eventPhase(before) },
      after: { status: eventPhase(after), endedAt: after.endedAt, noShows },
    }
  })
  ctx.live.changed(eventId)
  return ended
}
