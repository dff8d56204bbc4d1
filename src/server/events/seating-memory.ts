import { alias } from 'drizzle-orm/pg-core'
import { and, countDistinct, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { eventRounds, events, eventTableAssignments } from '../db/schema/events.ts'

/** How far back the seating remembers earlier evenings (issue 40: default 6 months). */
export const SEATING_MEMORY_MONTHS = 6

/**
 * Seating memory (decision 72): which of tonight's people sat at one table in a started round of
 * an earlier evening, one that began within SEATING_MEMORY_MONTHS before this one, and at how
 * many such evenings. Each pair once, the smaller id first.
 */
export async function metAtEarlierEvenings(
  db: Db,
  event: { id: string; startTime: Date },
  people: string[],
): Promise<[string, string, number][]> {
  if (people.length < 2) return []
  const since = new Date(event.startTime)
  since.setMonth(since.getMonth() - SEATING_MEMORY_MONTHS)
  const other = alias(eventTableAssignments, 'other')
  const rows = await db
    .select({
      a: eventTableAssignments.userId,
      b: other.userId,
      evenings: countDistinct(eventRounds.eventId),
    })
    .from(eventTableAssignments)
    .innerJoin(
      other,
      and(
        eq(other.roundId, eventTableAssignments.roundId),
        eq(other.tableId, eventTableAssignments.tableId),
        sql`${eventTableAssignments.userId} < ${other.userId}`,
      ),
    )
    .innerJoin(
      eventRounds,
      and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
    )
    .innerJoin(events, eq(events.id, eventRounds.eventId))
    .where(
      and(
        ne(events.id, event.id),
        gte(events.startTime, since),
        lt(events.startTime, event.startTime),
        inArray(eventTableAssignments.userId, people),
        inArray(other.userId, people),
      ),
    )
    .groupBy(eventTableAssignments.userId, other.userId)
  return rows.map(({ a, b, evenings }) => [a, b, Number(evenings)])
}

/**
 * Which of tonight's people are at their first evening: never seated in a started round of an
 * earlier evening, however long ago (decision 82). The mixer spreads them over the tables.
 */
export async function firstTimersAmong(
  db: Db,
  event: { id: string; startTime: Date },
  people: string[],
): Promise<string[]> {
  if (people.length < 2) return []
  const regulars = await db
    .selectDistinct({ userId: eventTableAssignments.userId })
    .from(eventTableAssignments)
    .innerJoin(
      eventRounds,
      and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
    )
    .innerJoin(events, eq(events.id, eventRounds.eventId))
    .where(
      and(
        ne(events.id, event.id),
        lt(events.startTime, event.startTime),
        inArray(eventTableAssignments.userId, people),
      ),
    )
  const known = new Set(regulars.map((row) => row.userId))
  return people.filter((person) => !known.has(person))
}
