import type { TableInput } from '#shared/schemas/events.ts'
import { tableValues } from '../event-audit.ts'
import * as tables from '../tables.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** A table's new name or size. */
export async function updateTable(
  ctx: EventCommandContext,
  eventId: string,
  tableId: string,
  input: TableInput,
) {
  const table = await auditedEventChange(ctx, eventId, 'table.update', async (tx) => {
    const before = await tables.findTable(tx, eventId, tableId)
    const after = await tables.updateTable(tx, eventId, tableId, input)
    return {
      result: after,
      before: tableValues(before),
      after: tableValues(after),
      keep: ['tableName'],
    }
  })
  ctx.live.changed(eventId)
  return table
}
