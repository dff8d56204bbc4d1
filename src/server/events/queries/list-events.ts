import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventParticipants, eventRounds, events } from '../../db/schema/events.ts'

/** The admin's list, newest first (SPEC), each with its latest round for the card's countdown. */
export async function listEvents(db: Db, { klikk }: { klikk?: boolean } = {}) {
  const rows = await db
    .select()
    .from(events)
    .where(klikk === undefined ? undefined : eq(events.isKlikk, klikk))
    .orderBy(desc(events.createdAt))
    .limit(200)
  const rounds = rows.length
    ? await db
        .selectDistinctOn([eventRounds.eventId])
        .from(eventRounds)
        .where(
          and(
            inArray(
              eventRounds.eventId,
              rows.map((row) => row.id),
            ),
            eq(eventRounds.started, true),
          ),
        )
        .orderBy(eventRounds.eventId, desc(eventRounds.roundNumber))
    : []
  const counts = rows.length
    ? await db
        .select({
          eventId: eventParticipants.eventId,
          registered:
            sql<number>`count(*) filter (where ${eventParticipants.status} <> 'waiting')`.mapWith(
              Number,
            ),
          waiting:
            sql<number>`count(*) filter (where ${eventParticipants.status} = 'waiting')`.mapWith(
              Number,
            ),
          present:
            sql<number>`count(*) filter (where ${eventParticipants.status} = 'present')`.mapWith(
              Number,
            ),
        })
        .from(eventParticipants)
        .where(
          inArray(
            eventParticipants.eventId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(eventParticipants.eventId)
    : []
  return rows.map((event) => ({
    ...event,
    currentRound: rounds.find((round) => round.eventId === event.id) ?? null,
    participants: counts.find((count) => count.eventId === event.id) ?? {
      registered: 0,
      present: 0,
      waiting: 0,
    },
  }))
}
