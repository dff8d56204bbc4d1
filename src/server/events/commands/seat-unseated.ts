import { addSeatFor } from '../unseated.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * Someone in with no seat sits at the table the host chose in the running round, the table
 * given one more seat (and chair) when it is full. One audit entry.
 */
export async function seatUnseated(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
  tableId: string,
) {
  const seated = await auditedEventChange(ctx, eventId, 'seating.add_seat', async (tx, before) => {
    const done = await addSeatFor(tx, before, userId, tableId)
    return {
      result: done,
      before: { capacityActual: done.table.before.capacityActual },
      after: {
        userId: done.person.userId,
        name: done.person.name,
        userCode: done.person.userCode,
        roundNumber: done.seat.roundNumber,
        tableId: done.seat.tableId,
        tableName: done.seat.tableName,
        capacityActual: done.table.after.capacityActual,
      },
    }
  })
  ctx.live.changed(eventId)
  return seated
}
