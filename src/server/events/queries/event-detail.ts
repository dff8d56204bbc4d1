import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../../db/schema/auth.ts'
import { profiles } from '../../db/schema/profiles.ts'
import {
  eventLateCancellations,
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../../db/schema/events.ts'
import { findEvent } from '../event-base.ts'
import { keepApartPairs } from '../keep-apart.ts'
import { currentQuestions } from '../../questions/choose-question.ts'

/**
 * Everything the admin's event page shows: the event, tables, participants, rounds and seating,
 * the pairs kept apart, and the places given back after the deadline.
 */
export async function eventDetail(db: Db, eventId: string) {
  const event = await findEvent(db, eventId)
  const [tables, participants, rounds, keepApart, lateCancellations] = await Promise.all([
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
  const questions = await currentQuestions(
    db,
    rounds.map((round) => round.id),
  )
  return {
    event,
    tables,
    participants,
    keepApart,
    lateCancellations,
    rounds: rounds.map((round) => ({
      ...round,
      seats: seats
        .filter((seat) => seat.roundId === round.id)
        .map(({ tableId, userId }) => ({ tableId, userId })),
      question: questions.get(round.id) ?? null,
    })),
  }
}
