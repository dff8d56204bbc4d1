import type { TableInput } from '#shared/schemas/events.ts'
import { tableValues } from '../event-audit.ts'
import * as tables from '../tables.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** A new table at the event. */
export async function addTable(ctx: EventCommandContext, eventId: string, input: TableInput) {
  const table = await auditedEventChange(ctx, eventId, 'table.add', async (tx) => {
    const added = await tables.addTable(tx, eventId, input)
    return { result: added, after: tableValues(added) }
  })
  ctx.live.changed(eventId)
  return table
}
