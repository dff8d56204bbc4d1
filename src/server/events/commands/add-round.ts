import { roundValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import type { SeatingPlanner } from '../seating-planner.ts'
import { recordEventAudit, type EventCommandContext } from './event-change.ts'

/**
 * The next round, seated by the mixer. The seating is searched for outside any transaction
 * (rounds.ts), so the round's own transaction writes the audit entry through `record`.
 */
export async function addRound(
  ctx: EventCommandContext,
  planner: SeatingPlanner,
  eventId: string,
  durationMinutes: number,
) {
  const round = await rounds.addRound(ctx.db, planner, eventId, durationMinutes, (tx, added) =>
    recordEventAudit(tx, ctx, eventId, 'round.add', { after: roundValues(added) }),
  )
  ctx.live.changed(eventId)
  return round
}
