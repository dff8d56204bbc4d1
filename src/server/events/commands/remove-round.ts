import { roundValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Takes a round away (rounds.ts says when it may not). */
export async function removeRound(
  ctx: EventCommandContext,
  eventId: string,
  roundId: string,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'round.remove', async (tx) => {
    const removed = await rounds.removeRound(tx, eventId, roundId)
    return { result: null, before: roundValues(removed) }
  })
  ctx.live.changed(eventId)
}
