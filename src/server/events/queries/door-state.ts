import { eq } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
import { eventText } from '#shared/event-texts.ts'
import { sortByName } from '#shared/people-names.ts'
import type { Db } from '../../db/client.ts'
import { eventRounds, eventTableAssignments, eventTables } from '../../db/schema/events.ts'
import { checkInOpensAt, checkInRefusal, participantsOf, type DoorViewer } from '../door.ts'
import type { EventRow } from '../event-base.ts'

/**
 * What the door screen shows: the event, how many have come, and everyone registered with her
 * status and, while a round runs, her table; names in the language's order, and the event's name
 * and place in the language (Hungarian where the host has not written them in it).
 */
export async function doorState(
  db: Db,
  event: EventRow,
  viewer: DoorViewer,
  language: string,
  now = Date.now(),
) {
  const [everyone, rounds] = await Promise.all([
    participantsOf(db, event.id),
    db.select().from(eventRounds).where(eq(eventRounds.eventId, event.id)),
  ])
  // The waiting list is not expected at the door: someone from it is let in by code, as a walk-in.
  const people = everyone.filter((p) => p.status !== 'waiting')
  const running = rounds.find((round) => roundState(round, now) === 'running') ?? null
  const seats = running
    ? await db
        .select({ userId: eventTableAssignments.userId, tableName: eventTables.tableName })
        .from(eventTableAssignments)
        .innerJoin(eventTables, eq(eventTables.id, eventTableAssignments.tableId))
        .where(eq(eventTableAssignments.roundId, running.id))
    : []
  const tableOf = new Map(seats.map((seat) => [seat.userId, seat.tableName]))
  const arrived = people.filter((p) => p.status !== 'registered').length
  const name = eventText(event, 'eventName', language)
  const place = eventText(event, 'placeName', language)
  return {
    event: {
      id: event.id,
      eventName: name.text,
      status: event.status,
      startTime: event.startTime.toISOString(),
      endedAt: event.endedAt?.toISOString() ?? null,
      placeName: place.text,
      textLanguages: { eventName: name.language, placeName: place.language },
      autoSeatLateArrivals: event.autoSeatLateArrivals,
      checkInOpensAt: checkInOpensAt(event).toISOString(),
      checkInOpen: checkInRefusal(event, now) === null,
    },
    canManage: viewer.isAdmin,
    round: running ? { id: running.id, roundNumber: running.roundNumber } : null,
    counts: { registered: people.length, arrived, notYet: people.length - arrived },
    people: sortByName(people, (p) => p.label, language).map((p) => ({
      userId: p.userId,
      name: p.name,
      label: p.label,
      userCode: p.userCode,
      avatarUrl: p.avatarUrl,
      status: p.status,
      checkedInAt: p.checkedInAt?.toISOString() ?? null,
      tableName: tableOf.get(p.userId) ?? null,
    })),
  }
}
export type DoorState = Awaited<ReturnType<typeof doorState>>
