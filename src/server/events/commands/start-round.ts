import { roundValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import { auditedEventChange, recordEventAudit, type EventCommandContext } from './event-change.ts'

/**
 * Starts a round. With `endRunning` the round still running ends first, in the same step, with
 * its own entry (`round.end`, then `round.start`).
 */
export async function startRound(
  ctx: EventCommandContext,
  eventId: string,
  roundId: string,
  { endRunning }: { endRunning: boolean },
) {
  const round = await auditedEventChange(ctx, eventId, 'round.start', async (tx) => {
    const started = await rounds.startRound(tx, eventId, roundId, {
      endRunning,
      recordEnded: (inner, ended) =>
        recordEventAudit(inner, ctx, eventId, 'round.end', { after: roundValues(ended) }),
    })
    return { result: started, after: roundValues(started) }
  })
  ctx.live.changed(eventId)
  return round
}
