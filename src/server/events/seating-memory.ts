import { alias } from 'drizzle-orm/pg-core'
import { and, countDistinct, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import {
  readStoredSiteSettings,
  SEATING_MEMORY_MONTHS_DEFAULT,
} from '#shared/schemas/site-settings.ts'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import { eventRounds, events, eventTableAssignments } from '../db/schema/events.ts'
import { SITE_SETTINGS_KEY } from '../settings/site-values.ts'

/**
 * How far back the seating remembers earlier evenings: the owner's setting on /admin/settings
 * (1–24 months), else 6 (issue 40; decision 0094). Read from the stored settings at each
 * seating, so every server process seats with what she saved last.
 */
export async function seatingMemoryMonths(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SITE_SETTINGS_KEY))
  return (
    (row ? readStoredSiteSettings(row.value).settings.seatingMemoryMonths : null) ??
    SEATING_MEMORY_MONTHS_DEFAULT
  )
}

/**
 * Seating memory (decisions 72 and 94): which of tonight's people sat at one table in a started
 * round of an earlier evening, one that began within `months` before this one, and at how many
 * such evenings. Each pair once, the smaller id first.
 */
export async function metAtEarlierEvenings(
  db: Db,
  event: { id: string; startTime: Date },
  people: string[],
  months: number,
): Promise<[string, string, number][]> {
  if (people.length < 2) return []
  const since = new Date(event.startTime)
  since.setMonth(since.getMonth() - months)
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
