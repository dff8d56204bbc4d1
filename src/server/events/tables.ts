import { and, count, eq, inArray } from 'drizzle-orm'
import type { TableInput } from '#shared/schemas/events.ts'
import { isUniqueViolation } from '../db/checks.ts'
import type { Db, Tx } from '../db/client.ts'
import { eventRounds, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { DomainError } from '../domain-error.ts'
import { findEvent } from './event-base.ts'

const taken = () => new DomainError('tableNameTaken')

export async function findTable(db: Db, eventId: string, tableId: string) {
  const [table] = await db
    .select()
    .from(eventTables)
    .where(and(eq(eventTables.id, tableId), eq(eventTables.eventId, eventId)))
  if (!table) throw new DomainError('tableNotFound')
  return table
}

export async function addTable(db: Db, eventId: string, input: TableInput) {
  await findEvent(db, eventId)
  try {
    const [table] = await db
      .insert(eventTables)
      .values({ eventId, ...input })
      .returning()
    if (!table) throw new Error('table insert returned nothing')
    return table
  } catch (error) {
    if (isUniqueViolation(error)) throw taken()
    throw error
  }
}

export async function updateTable(db: Db, eventId: string, tableId: string, input: TableInput) {
  await findTable(db, eventId, tableId)
  try {
    const [table] = await db
      .update(eventTables)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(eventTables.id, tableId))
      .returning()
    if (!table) throw new DomainError('tableNotFound')
    return table
  } catch (error) {
    if (isUniqueViolation(error)) throw taken()
    throw error
  }
}

/**
 * Who sits at each table: whether anyone sat at it in a round that has started (its history), and
 * the most people seated at it in a round not yet finished (planned or running).
 */
export async function tableSeating(db: Db | Tx, tableIds: string[]) {
  const seating = new Map<string, { history: boolean; seatedNow: number }>()
  if (tableIds.length === 0) return seating
  const rows = await db
    .select({
      tableId: eventTableAssignments.tableId,
      started: eventRounds.started,
      finished: eventRounds.finished,
      seated: count(),
    })
    .from(eventTableAssignments)
    .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
    .where(inArray(eventTableAssignments.tableId, tableIds))
    .groupBy(
      eventTableAssignments.tableId,
      eventTableAssignments.roundId,
      eventRounds.started,
      eventRounds.finished,
    )
  for (const row of rows) {
    const table = seating.get(row.tableId) ?? { history: false, seatedNow: 0 }
    if (row.started) table.history = true
    if (!row.finished) table.seatedNow = Math.max(table.seatedNow, row.seated)
    seating.set(row.tableId, table)
  }
  return seating
}

/** A table leaves the event unless people sat at it in a round that has started (history). */
export async function removeTable(db: Db, eventId: string, tableId: string) {
  await findTable(db, eventId, tableId)
  await db.transaction(async (tx) => {
    if ((await tableSeating(tx, [tableId])).get(tableId)?.history)
      throw new DomainError('tableInUse')
    await tx.delete(eventTables).where(eq(eventTables.id, tableId))
  })
}
