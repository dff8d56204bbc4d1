import type { ParticipantStatus } from '#shared/schemas/events.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventParticipants,
  eventRounds,
  events,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'

export interface PastEveningPlan {
  eventName?: string
  translations?: (typeof events.$inferInsert)['translations']
  startTime: Date
  /** Minutes; 120 by default. */
  duration?: number
  status?: 'active' | 'inactive'
  startedAt?: Date | null
  endedAt?: Date | null
  /** Its people; `checkedIn` puts her check-in at the start time. */
  participants?: { userId: string; status?: ParticipantStatus; checkedIn?: boolean }[]
  /** The tables' names, each of `seats` seats; A and B of six by default. */
  tables?: string[]
  seats?: number
  /** Each round's seats: the user ids at each table, in the tables' order. */
  rounds?: { started: boolean; startedAt?: Date | null; tables: string[][] }[]
}

/**
 * An evening written straight into the database as it happened (or will): the event, its people,
 * its tables and its rounds' seats. For tests of what the site reads back (the dashboard, the
 * evening's closing, her data download), where building it through the API would take its
 * whole history, and could not date it in the past.
 */
export async function seedPastEvening(db: Db | Tx, plan: PastEveningPlan) {
  const {
    startTime,
    participants = [],
    tables: tableNames = ['A', 'B'],
    seats = 6,
    rounds = [],
  } = plan
  const [event] = await db
    .insert(events)
    .values({
      eventName: plan.eventName ?? `Evening ${startTime.toISOString()}`,
      translations: plan.translations,
      startTime,
      duration: plan.duration ?? 120,
      status: plan.status,
      startedAt: plan.startedAt,
      endedAt: plan.endedAt,
    })
    .returning()
  if (!event) throw new Error('no event')
  if (participants.length > 0)
    await db.insert(eventParticipants).values(
      participants.map(({ userId, status = 'present', checkedIn }) => ({
        eventId: event.id,
        userId,
        status,
        checkedInAt: checkedIn ? startTime : null,
      })),
    )
  const tables =
    tableNames.length === 0
      ? []
      : await db
          .insert(eventTables)
          .values(
            tableNames.map((tableName) => ({
              eventId: event.id,
              tableName,
              capacityFull: seats,
              capacityActual: seats,
            })),
          )
          .returning()
  const roundIds: string[] = []
  for (const [index, round] of rounds.entries()) {
    const [row] = await db
      .insert(eventRounds)
      .values({
        eventId: event.id,
        roundNumber: index + 1,
        started: round.started,
        startedAt: round.startedAt ?? null,
      })
      .returning()
    if (!row) throw new Error('no round')
    roundIds.push(row.id)
    const seated = round.tables.flatMap((userIds, table) =>
      userIds.map((userId) => ({ roundId: row.id, tableId: tables[table]?.id ?? '', userId })),
    )
    if (seated.length > 0) await db.insert(eventTableAssignments).values(seated)
  }
  return { eventId: event.id, tableIds: tables.map((table) => table.id), roundIds }
}
