import { asc, eq, inArray } from 'drizzle-orm'
import type { SeriesTablesEdit } from '#shared/schemas/series.ts'
import { siteLocalTime } from '#shared/series-rule.ts'
import { audited, recordAudit } from '../../audit/audit.ts'
import { eventTables } from '../../db/schema/events.ts'
import { eventSeries } from '../../db/schema/series.ts'
import { DomainError } from '../../domain-error.ts'
import { eventSubject } from '../event-audit.ts'
import { lockEvent, type EventRow } from '../event-base.ts'
import * as series from '../series.ts'
import { tableSeating } from '../tables.ts'
import { seriesAuditValues } from './create-series.ts'
import type { EventCommandContext } from './event-change.ts'

type TableRow = typeof eventTables.$inferSelect

/**
 * New tables for an evening of a series, alone (`evening`) or with every later one
 * (`following`, which also gives the evenings still to be made these tables). Tables are matched
 * by name. Evenings that have run never change. A table someone sits at in a round (planned or
 * running, or one that has started) is not taken away, nor given fewer seats than are taken at
 * it in a round not finished: such an edit is refused whole, and nothing changes. One
 * `event.update` entry per evening changed, and `series.update` for the series.
 */
export async function editSeriesTables(
  ctx: EventCommandContext,
  seriesId: string,
  eventId: string,
  { scope, tables }: SeriesTablesEdit,
  now = new Date(),
): Promise<{ evenings: { id: string; startTime: Date; tables: TableRow[] }[] }> {
  const changed = await audited(ctx.db, ctx.origin, async (tx) => {
    const row = await series.findSeries(tx, seriesId, true)
    const chosen = await lockEvent(tx, eventId)
    const evenings = await series.eveningsInScope(tx, seriesId, chosen, scope, now)
    const ids = evenings.map((evening) => evening.id)
    const current = await tx
      .select()
      .from(eventTables)
      .where(inArray(eventTables.eventId, ids))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName))
    const plans = evenings.map((evening) => ({
      evening,
      before: current.filter((table) => table.eventId === evening.id),
      ...series.tablesChange(
        current.filter((table) => table.eventId === evening.id),
        tables,
      ),
    }))
    // Every evening is checked before anything is written: the whole edit, or none of it.
    const seating = await tableSeating(
      tx,
      plans
        .flatMap((plan) => [...plan.remove, ...plan.update.map(({ table }) => table)])
        .map((table) => table.id),
    )
    for (const plan of plans) {
      const date = siteLocalTime(plan.evening.startTime).replace('T', ' ')
      for (const table of plan.remove) {
        const seated = seating.get(table.id)
        if (seated && (seated.history || seated.seatedNow > 0))
          throw new DomainError('seriesTableInUse', undefined, { date, table: table.tableName })
      }
      for (const { table, next } of plan.update) {
        const seated = seating.get(table.id)?.seatedNow ?? 0
        if (next.capacityActual < seated)
          throw new DomainError('seriesTableTooSmall', undefined, {
            date,
            table: table.tableName,
            seated,
          })
      }
    }

    const result: { evening: EventRow; before: TableRow[]; after: TableRow[] }[] = []
    for (const plan of plans) {
      if (plan.none) continue
      const { evening } = plan
      if (plan.remove.length > 0)
        await tx.delete(eventTables).where(
          inArray(
            eventTables.id,
            plan.remove.map((table) => table.id),
          ),
        )
      for (const { table, next } of plan.update)
        await tx
          .update(eventTables)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(eventTables.id, table.id))
      if (plan.add.length > 0)
        await tx
          .insert(eventTables)
          .values(plan.add.map((table) => ({ eventId: evening.id, ...table })))
      const after = await tx
        .select()
        .from(eventTables)
        .where(eq(eventTables.eventId, evening.id))
        .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName))
      result.push({ evening, before: plan.before, after })
    }
    const eveningAudit = (entry: (typeof result)[number]) => ({
      action: 'event.update' as const,
      subject: eventSubject(entry.evening),
      before: { tables: series.describeTables(entry.before) },
      after: { tables: series.describeTables(entry.after) },
    })
    if (scope === 'evening') {
      const [plan] = plans
      if (!plan) throw new DomainError('eventNotFound')
      const [only = { evening: plan.evening, before: plan.before, after: plan.before }] = result
      return { result, audit: eveningAudit(only) }
    }
    for (const entry of result) await recordAudit(tx, eveningAudit(entry), ctx.origin)
    await tx
      .update(eventSeries)
      .set({ tables, updatedAt: new Date() })
      .where(eq(eventSeries.id, seriesId))
    return {
      result,
      audit: {
        action: 'series.update' as const,
        subject: { type: 'series' as const, id: row.id, label: row.eventName },
        before: { ...seriesAuditValues(row), tables: series.describeTables(row.tables) },
        after: {
          ...seriesAuditValues(row),
          tables: series.describeTables(tables),
          evenings: result.length,
        },
      },
    }
  })
  for (const { evening } of changed) ctx.live.changed(evening.id)
  return {
    evenings: changed.map(({ evening, after }) => ({
      id: evening.id,
      startTime: evening.startTime,
      tables: after,
    })),
  }
}
