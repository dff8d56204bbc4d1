import { openTableFor } from '../unseated.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * A new table for everyone in with no seat, who all sit there in the running round; `tableName`
 * names the n-th table in the host's language. One audit entry.
 */
export async function openTable(
  ctx: EventCommandContext,
  eventId: string,
  tableName: (n: number) => string,
) {
  const opened = await auditedEventChange(
    ctx,
    eventId,
    'seating.open_table',
    async (tx, before) => {
      const done = await openTableFor(tx, before, tableName)
      return {
        result: done,
        after: {
          ...done.table,
          roundNumber: done.roundNumber,
          people: done.people.map((person) => person.name),
        },
      }
    },
  )
  ctx.live.changed(eventId)
  return opened
}
