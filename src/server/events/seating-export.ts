import { asc, eq } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts'
import { distinctLabels, nameCollator } from '#shared/people-names.ts'
import { localIsoTime, SITE_TIME_ZONE } from '#shared/time-zone.ts'
import { CSV_DELIMITER, csvDocument } from '../csv.ts'
import type { Db } from '../db/client.ts'
import { eventRounds, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { eventsTranslator } from '../i18n.ts'
import { findEvent } from './event-base.ts'

const COLUMNS = [
  'round',
  'roundState',
  'roundStartedAt',
  'table',
  'name',
  'email',
  'memberCode',
] as const

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
 * the event's order, then name. Rounds not started yet are included (state "not started").
 * Written for a spreadsheet in the admin's language: its headers and states in her words, the
 * delimiter her region's Excel expects, times in the site's zone with their offset.
 */
export async function exportSeatingCsv(
  db: Db,
  eventId: string,
  language: Language = DEFAULT_LANGUAGE,
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
  const t = eventsTranslator(language)
  const header = COLUMNS.map((column) => t(`seatingCsv.columns.${column}`))
  const lines = sorted.map((row) => [
    String(row.roundNumber),
    t(`rounds.states.${roundState(row, now)}`),
    row.startedAt ? localIsoTime(row.startedAt, SITE_TIME_ZONE) : '',
    row.tableName,
    labels.get(row.userId) ?? row.fullName ?? '',
    row.email,
    row.userCode,
  ])
  const day = localIsoTime(event.startTime, SITE_TIME_ZONE).slice(0, 10)
  return {
    csv: csvDocument([header, ...lines], CSV_DELIMITER[language]),
    fileName: `seating-${fileSlug(event.eventName)}-${day}.csv`,
  }
}
