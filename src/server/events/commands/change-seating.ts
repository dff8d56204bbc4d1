import type { SeatingChange } from '#shared/schemas/events.ts'
import { memberValues, pairValues } from '../event-audit.ts'
import * as rounds from '../rounds.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host's hand: two seated people swap, or one moves to a table with a free seat. */
export async function changeSeating(
  ctx: EventCommandContext,
  eventId: string,
  roundId: string,
  seating: SeatingChange,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'round.seating', async (tx) => {
    const { round, table } = await rounds.changeSeating(tx, eventId, roundId, seating)
    const who =
      seating.action === 'swap'
        ? await pairValues(tx, seating.userA, seating.userB)
        : await memberValues(tx, seating.userId)
    return {
      result: null,
      after: {
        roundId,
        roundNumber: round.roundNumber,
        action: seating.action,
        ...who,
        ...(table && { tableId: table.id, tableName: table.tableName }),
      },
    }
  })
  ctx.live.changed(eventId)
}
