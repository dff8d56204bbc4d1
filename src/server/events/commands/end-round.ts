import { roundValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Ends a running round before its time. */
export async function endRound(ctx: EventCommandContext, eventId: string, roundId: string) {
  const round = await auditedEventChange(ctx, eventId, 'round.end', async (tx) => {
    const ended = await rounds.endRound(tx, eventId, roundId)
    return { result: ended, after: roundValues(ended) }
  })
  ctx.live.changed(eventId)
  return round
}
