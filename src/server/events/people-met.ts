import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { eventText } from '#shared/event-texts.ts'
import { eventRounds, events, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'

/** How many of her latest evenings the list goes back. */
export const PEOPLE_MET_EVENTS = 20

export interface MetPerson {
  id: string
  fullName: string
  avatarUrl: string | null
}

/**
 * "People you met": for each evening she sat at (latest first), each started round's table and
 * the others who sat there. People who opted out, or have no name to show, are left out; so are
 * rounds and evenings where nobody is left to show. Nothing but a name and a picture is shared.
 * The evenings' names and places are in `language`, or in Hungarian where the host wrote none.
 */
export async function peopleMetBy(
  db: Db,
  userId: string,
  language: string,
  /** Only this evening (the klikk's pick list, klikk/queries). */
  only?: { eventId: string },
) {
  const mine = await db
    .select({
      eventId: events.id,
      eventName: events.eventName,
      startTime: events.startTime,
      placeName: events.placeName,
      translations: events.translations,
      roundId: eventRounds.id,
      roundNumber: eventRounds.roundNumber,
      tableId: eventTables.id,
      tableName: eventTables.tableName,
    })
    .from(eventTableAssignments)
    .innerJoin(
      eventRounds,
      and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
    )
    .innerJoin(events, eq(events.id, eventRounds.eventId))
    .innerJoin(eventTables, eq(eventTables.id, eventTableAssignments.tableId))
    .where(
      and(eq(eventTableAssignments.userId, userId), only ? eq(events.id, only.eventId) : undefined),
    )
    .orderBy(desc(events.startTime), desc(events.id), asc(eventRounds.roundNumber))
  const eventIds = [...new Set(mine.map((seat) => seat.eventId))].slice(0, PEOPLE_MET_EVENTS)
  const seats = mine.filter((seat) => eventIds.includes(seat.eventId))
  if (seats.length === 0) return []

  const others = await tablemates(
    db,
    userId,
    seats.map((seat) => seat.roundId),
  )

  return eventIds.flatMap((eventId) => {
    const rounds = seats
      .filter((seat) => seat.eventId === eventId)
      .map((seat) => ({
        roundNumber: seat.roundNumber,
        tableName: seat.tableName,
        people: others
          .filter((other) => other.roundId === seat.roundId && other.tableId === seat.tableId)
          .flatMap(({ id, fullName, avatarUrl }): MetPerson[] =>
            fullName?.trim() ? [{ id, fullName: fullName.trim(), avatarUrl }] : [],
          ),
      }))
      .filter((round) => round.people.length > 0)
    const first = seats.find((seat) => seat.eventId === eventId)
    if (!first || rounds.length === 0) return []
    const name = eventText(first, 'eventName', language)
    const place = eventText(first, 'placeName', language)
    return [
      {
        eventId,
        eventName: name.text,
        startTime: first.startTime,
        placeName: place.text,
        textLanguages: { eventName: name.language, placeName: place.language },
        rounds,
      },
    ]
  })
}

/**
 * Who else sat in these rounds, with the round and table, among those who let themselves be
 * listed (opted in, the default), by name. The caller keeps those at her own table.
 */
export const tablemates = (db: Db, userId: string, roundIds: string[]) =>
  db
    .select({
      roundId: eventTableAssignments.roundId,
      tableId: eventTableAssignments.tableId,
      id: profiles.id,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(eventTableAssignments)
    .innerJoin(profiles, eq(profiles.id, eventTableAssignments.userId))
    .where(
      and(
        inArray(eventTableAssignments.roundId, roundIds),
        ne(eventTableAssignments.userId, userId),
        eq(profiles.peopleMetVisible, true),
      ),
    )
    .orderBy(asc(profiles.fullName))
