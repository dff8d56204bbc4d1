import { roundValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import type { SeatingPlanner } from '../seating-planner.ts'
import { recordEventAudit, type EventCommandContext } from './event-change.ts'

/** A new seating for a round that has not started, planned by the mixer. */
export async function reseatRound(
  ctx: EventCommandContext,
  planner: SeatingPlanner,
  eventId: string,
  roundId: string,
): Promise<void> {
  await rounds.reseatRound(ctx.db, planner, eventId, roundId, (tx, round) =>
    recordEventAudit(tx, ctx, eventId, 'round.reseat', { after: roundValues(round) }),
  )
  ctx.live.changed(eventId)
}
