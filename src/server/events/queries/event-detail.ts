import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../../db/schema/auth.ts'
import { profiles } from '../../db/schema/profiles.ts'
import {
  eventLateCancellations,
  eventNoShows,
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../../db/schema/events.ts'
import { findEvent } from '../event-base.ts'
import { keepApartPairs } from '../keep-apart.ts'
import { currentQuestions } from '../../questions/choose-question.ts'
import { metAtEarlierEvenings, seatingMemoryMonths } from '../seating-memory.ts'

/**
 * The seating's figures over the event's rounds, started and planned (decision 0094): meetings of
 * a pair beyond its first tonight, and meetings of pairs who sat together at an earlier evening
 * within the seating's memory (`memoryMonths`), as the mixer counts them.
 */
async function seatingFigures(
  db: Db,
  event: { id: string; startTime: Date },
  seats: { roundId: string; tableId: string; userId: string }[],
) {
  const memoryMonths = await seatingMemoryMonths(db)
  const tables = new Map<string, string[]>()
  for (const seat of seats) {
    const key = `${seat.roundId}|${seat.tableId}`
    tables.set(key, [...(tables.get(key) ?? []), seat.userId])
  }
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`)
  const meetings = new Map<string, number>()
  for (const group of tables.values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        const key = pairKey(group[i] ?? '', group[j] ?? '')
        meetings.set(key, (meetings.get(key) ?? 0) + 1)
      }
  const people = [...new Set(seats.map((seat) => seat.userId))]
  const earlier = await metAtEarlierEvenings(db, event, people, memoryMonths)
  let repeats = 0
  for (const count of meetings.values()) repeats += count - 1
  let earlierRepeats = 0
  for (const [a, b] of earlier) earlierRepeats += meetings.get(pairKey(a, b)) ?? 0
  return { repeats, earlierRepeats, memoryMonths }
}

/**
 * Everything the admin's event page shows: the event, tables, participants, rounds and seating,
 * the pairs kept apart, the places given back after the deadline, and the no-shows its end recorded.
 */
export async function eventDetail(db: Db, eventId: string) {
  const event = await findEvent(db, eventId)
  const [tables, participants, rounds, keepApart, lateCancellations, noShows] = await Promise.all([
    db
      .select()
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    db
      .select({
        userId: eventParticipants.userId,
        status: eventParticipants.status,
        registeredAt: eventParticipants.registeredAt,
        checkedInAt: eventParticipants.checkedInAt,
        leftAt: eventParticipants.leftAt,
        fullName: profiles.fullName,
        familyName: user.familyName,
        email: profiles.email,
        userCode: profiles.userCode,
        avatarUrl: profiles.avatarUrl,
      })
      .from(eventParticipants)
      .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
      .leftJoin(user, eq(user.id, profiles.id))
      .where(eq(eventParticipants.eventId, eventId))
      .orderBy(asc(profiles.fullName), asc(profiles.email)),
    db
      .select()
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
      .orderBy(asc(eventRounds.roundNumber)),
    keepApartPairs(db, eventId),
    db
      .select({
        userId: eventLateCancellations.userId,
        cancelledAt: eventLateCancellations.cancelledAt,
        waivedAt: eventLateCancellations.waivedAt,
        fullName: profiles.fullName,
        email: profiles.email,
      })
      .from(eventLateCancellations)
      .innerJoin(profiles, eq(profiles.id, eventLateCancellations.userId))
      .where(eq(eventLateCancellations.eventId, eventId))
      .orderBy(asc(eventLateCancellations.cancelledAt)),
    db
      .select({
        userId: eventNoShows.userId,
        recordedAt: eventNoShows.recordedAt,
        clearedAt: eventNoShows.clearedAt,
        fullName: profiles.fullName,
        email: profiles.email,
      })
      .from(eventNoShows)
      .innerJoin(profiles, eq(profiles.id, eventNoShows.userId))
      .where(eq(eventNoShows.eventId, eventId))
      .orderBy(asc(profiles.fullName), asc(profiles.email)),
  ])
  const seats = rounds.length
    ? await db
        .select({
          roundId: eventTableAssignments.roundId,
          tableId: eventTableAssignments.tableId,
          userId: eventTableAssignments.userId,
          assignedAt: eventTableAssignments.assignedAt,
        })
        .from(eventTableAssignments)
        .where(
          inArray(
            eventTableAssignments.roundId,
            rounds.map((round) => round.id),
          ),
        )
        .orderBy(asc(eventTableAssignments.assignedAt))
    : []
  const [questions, seating] = await Promise.all([
    currentQuestions(
      db,
      rounds.map((round) => round.id),
    ),
    seatingFigures(db, event, seats),
  ])
  return {
    event,
    tables,
    participants,
    keepApart,
    lateCancellations,
    seating,
    noShows,
    rounds: rounds.map((round) => ({
      ...round,
      seats: seats
        .filter((seat) => seat.roundId === round.id)
        .map(({ tableId, userId }) => ({ tableId, userId })),
      question: questions.get(round.id) ?? null,
    })),
  }
}
