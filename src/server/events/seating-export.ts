import { asc, eq } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
import { DEFAULT_LANGUAGE } from '#shared/languages.ts'
import { distinctLabels, nameCollator } from '#shared/people-names.ts'
import { csvDocument } from '../csv.ts'
import type { Db } from '../db/client.ts'
import { eventRounds, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { findEvent } from './events.ts'

const HEADER = ['round', 'round_state', 'round_started_at', 'table', 'name', 'email', 'member_code']

/** "Klikk-est Május" → "klikk-est-majus", for a file name any system accepts. */
export const fileSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'event'

/**
 * Every round's seating of the event as CSV: one line per seated person, by round, then table in
 * the event's order, then name. Rounds not started yet are included (state "pending").
 */
export async function exportSeatingCsv(
  db: Db,
  eventId: string,
  language: string = DEFAULT_LANGUAGE,
  now = Date.now(),
) {
  const event = await findEvent(db, eventId)
  const rows = await db
    .select({
      roundNumber: eventRounds.roundNumber,
      started: eventRounds.started,
      finished: eventRounds.finished,
      startedAt: eventRounds.startedAt,
      durationMinutes: eventRounds.durationMinutes,
      tableName: eventTables.tableName,
      userId: eventTableAssignments.userId,
      fullName: profiles.fullName,
      email: profiles.email,
      userCode: profiles.userCode,
    })
    .from(eventTableAssignments)
    .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
    .innerJoin(eventTables, eq(eventTables.id, eventTableAssignments.tableId))
    .innerJoin(profiles, eq(profiles.id, eventTableAssignments.userId))
    .where(eq(eventRounds.eventId, eventId))
    .orderBy(
      asc(eventRounds.roundNumber),
      asc(eventTables.createdAt),
      asc(eventTables.tableName),
      asc(profiles.fullName),
      asc(profiles.email),
    )
  // Names in the language's order within each table (the database's collation is not hers).
  const collator = nameCollator(language)
  const tableOrder = new Map<string, number>()
  for (const row of rows)
    if (!tableOrder.has(row.tableName)) tableOrder.set(row.tableName, tableOrder.size)
  const sorted = [...rows].sort(
    (a, b) =>
      a.roundNumber - b.roundNumber ||
      (tableOrder.get(a.tableName) ?? 0) - (tableOrder.get(b.tableName) ?? 0) ||
      collator.compare(a.fullName ?? a.email, b.fullName ?? b.email),
  )
  // Two people of one name get the start of their member code after it, as on the board.
  const labels = distinctLabels(
    [...new Map(rows.map((row) => [row.userId, row])).values()]
      .filter((row) => row.fullName)
      .map((row) => ({ id: row.userId, name: row.fullName ?? '', code: row.userCode })),
  )
  const lines = sorted.map((row) => [
    String(row.roundNumber),
    roundState(row, now),
    row.startedAt?.toISOString() ?? '',
    row.tableName,
    labels.get(row.userId) ?? row.fullName ?? '',
    row.email,
    row.userCode,
  ])
  const day = event.startTime.toISOString().slice(0, 10)
  return {
    csv: csvDocument([HEADER, ...lines]),
    fileName: `seating-${fileSlug(event.eventName)}-${day}.csv`,
  }
}
