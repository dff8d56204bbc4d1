import { asc, eq } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
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
export async function exportSeatingCsv(db: Db, eventId: string, now = Date.now()) {
  const event = await findEvent(db, eventId)
  const rows = await db
    .select({
      roundNumber: eventRounds.roundNumber,
      started: eventRounds.started,
      finished: eventRounds.finished,
      startedAt: eventRounds.startedAt,
      durationMinutes: eventRounds.durationMinutes,
      tableName: eventTables.tableName,
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
  const lines = rows.map((row) => [
    String(row.roundNumber),
    roundState(row, now),
    row.startedAt?.toISOString() ?? '',
    row.tableName,
    row.fullName ?? '',
    row.email,
    row.userCode,
  ])
  const day = event.startTime.toISOString().slice(0, 10)
  return {
    csv: csvDocument([HEADER, ...lines]),
    fileName: `seating-${fileSlug(event.eventName)}-${day}.csv`,
  }
}
