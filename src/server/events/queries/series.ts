import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventParticipants, events, eventTables } from '../../db/schema/events.ts'
import { eventSeries } from '../../db/schema/series.ts'
import { findSeries } from '../series.ts'

/** The host's series, newest first, each with how many evenings it has made and the next one. */
export async function listSeries(db: Db, now = new Date()) {
  const rows = await db
    .select({
      series: eventSeries,
      evenings:
        sql<number>`(select count(*) from ${events} where ${events.seriesId} = ${eventSeries.id})`.mapWith(
          Number,
        ),
      nextStart: sql<
        string | null
      >`(select min(${events.startTime}) from ${events} where ${events.seriesId} = ${eventSeries.id} and ${events.endedAt} is null and ${events.startTime} > ${now.toISOString()}::timestamptz)`,
    })
    .from(eventSeries)
    .orderBy(desc(eventSeries.createdAt))
    .limit(200)
  return rows.map(({ series, evenings, nextStart }) => ({
    ...series,
    evenings,
    nextStart: nextStart === null ? null : new Date(nextStart),
  }))
}

/** A series with all its evenings in order, each with how many hold a place and its tables. */
export async function seriesDetail(db: Db, seriesId: string) {
  const series = await findSeries(db, seriesId)
  const evenings = await db
    .select()
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.startTime))
  const ids = evenings.map((e) => e.id)
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({
            eventId: eventParticipants.eventId,
            registered:
              sql<number>`count(*) filter (where ${eventParticipants.status} <> 'waiting')`.mapWith(
                Number,
              ),
          })
          .from(eventParticipants)
          .where(inArray(eventParticipants.eventId, ids))
          .groupBy(eventParticipants.eventId)
  const registered = new Map(counts.map((c) => [c.eventId, c.registered]))
  const tables =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(eventTables)
          .where(inArray(eventTables.eventId, ids))
          .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName))
  return {
    series,
    evenings: evenings.map((event) => ({
      ...event,
      registered: registered.get(event.id) ?? 0,
      tables: tables.filter((table) => table.eventId === event.id),
    })),
  }
}
