import { tableValues } from '../event-audit.ts'
import * as tables from '../tables.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Takes a table away (tables.ts says when it may not). */
export async function removeTable(ctx: EventCommandContext, eventId: string, tableId: string) {
  await auditedEventChange(ctx, eventId, 'table.remove', async (tx) => {
    const before = await tables.findTable(tx, eventId, tableId)
    await tables.removeTable(tx, eventId, tableId)
    return { result: null, before: tableValues(before) }
  })
  ctx.live.changed(eventId)
}
