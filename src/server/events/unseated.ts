import { and, asc, eq, inArray } from 'drizzle-orm'
import { TABLE_MAX_SEATS } from '#shared/constants.ts'
import { roundState } from '#shared/countdown.ts'
import { distinctLabels } from '#shared/people-names.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { isUniqueViolation } from '../db/checks.ts'
import { DomainError } from '../domain-error.ts'
import type { EventRow } from './event-base.ts'
import { bestTable, seatingContext, seatLateArrival } from './late-arrivals.ts'

/*
 * Someone is in with no seat: a round runs, she is checked in, and no table of the round has her
 * (every table was full, or the host seats late arrivals herself). The host sees her at once,
 * wherever she is in the evening, with two ways out, each one tap: a chair added at the table
 * that takes her best, or a new table for everyone without a seat.
 */

/** The event's rounds, oldest first, and the one running now. */
async function roundsOf(db: Db | Tx, eventId: string, now: number) {
  const rounds = await db
    .select()
    .from(eventRounds)
    .where(eq(eventRounds.eventId, eventId))
    .orderBy(asc(eventRounds.roundNumber))
  const running = rounds.find((round) => roundState(round, now) === 'running') ?? null
  return { rounds, running }
}

/** Those checked in and not seated in the running round, longest waiting first. */
async function unseatedPeople(db: Db | Tx, eventId: string, roundId: string) {
  const present = await db
    .select({
      userId: eventParticipants.userId,
      checkedInAt: eventParticipants.checkedInAt,
      fullName: profiles.fullName,
      userCode: profiles.userCode,
    })
    .from(eventParticipants)
    .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, 'present')))
  const seated = await db
    .select({ userId: eventTableAssignments.userId })
    .from(eventTableAssignments)
    .where(eq(eventTableAssignments.roundId, roundId))
  const hasSeat = new Set(seated.map((seat) => seat.userId))
  const name = (p: { fullName: string | null; userCode: string }) =>
    p.fullName?.trim() || p.userCode
  const labels = distinctLabels(
    present.map((p) => ({ id: p.userId, name: name(p), code: p.userCode })),
  )
  return present
    .filter((p) => !hasSeat.has(p.userId))
    .sort((a, b) => (a.checkedInAt?.getTime() ?? 0) - (b.checkedInAt?.getTime() ?? 0))
    .map((p) => ({
      userId: p.userId,
      name: name(p),
      label: labels.get(p.userId) ?? name(p),
      userCode: p.userCode,
      checkedInAt: p.checkedInAt?.toISOString() ?? null,
    }))
}

/** Where an added chair takes her best (the late-arrival rule, a full table counting too). */
async function tableForExtraSeat(
  db: Db | Tx,
  eventId: string,
  rounds: (typeof eventRounds.$inferSelect)[],
  running: typeof eventRounds.$inferSelect,
  userId: string,
) {
  const { tables, seats, keptApart, met } = await seatingContext(
    db,
    eventId,
    rounds,
    userId,
    running.id,
  )
  const inRound = seats.filter((seat) => seat.roundId === running.id)
  const table = bestTable(tables, inRound, met, keptApart, { extraSeat: true })
  if (!table) return null
  return {
    tableId: table.id,
    tableName: table.tableName,
    people: inRound.filter((seat) => seat.tableId === table.id).length,
  }
}

/** The usual table of the evening: the most common size, 8 when there is none. */
function usualSeats(tables: { capacityActual: number }[]) {
  const counts = new Map<number, number>()
  for (const table of tables)
    counts.set(table.capacityActual, (counts.get(table.capacityActual) ?? 0) + 1)
  let best = 8
  let most = 0
  for (const [seats, count] of counts)
    if (count > most || (count === most && seats > best)) [best, most] = [seats, count]
  return best
}

/**
 * GET /api/admin/events/:id/unseated: who is in with no seat in the running round, each with the
 * table an added chair would take her best, and what a new table would be.
 */
export async function unseatedState(db: Db, event: EventRow, now = Date.now()) {
  const { rounds, running } = await roundsOf(db, event.id, now)
  if (!running || event.status !== 'active') return { round: null, people: [], newTableSeats: 0 }
  const people = await unseatedPeople(db, event.id, running.id)
  const withTables = await Promise.all(
    people.map(async (person) => ({
      ...person,
      suggestedTable: await tableForExtraSeat(db, event.id, rounds, running, person.userId),
    })),
  )
  const tables = await db.select().from(eventTables).where(eq(eventTables.eventId, event.id))
  return {
    round: { id: running.id, roundNumber: running.roundNumber },
    people: withTables,
    newTableSeats: Math.max(usualSeats(tables), people.length),
  }
}
export type UnseatedState = Awaited<ReturnType<typeof unseatedState>>

/** The running round, or a refusal: seating someone needs one. */
async function runningRound(tx: Tx, event: EventRow, now: number) {
  const { rounds, running } = await roundsOf(tx, event.id, now)
  if (!running || event.status !== 'active') throw new DomainError('roundNotRunning')
  return { rounds, running }
}

/**
 * One way out: a chair is added at `tableId` (the table's seats go up by one when it is full,
 * and its chairs too when it had none spare) and she sits there in the running round; in the
 * next round too, when it is seated already and has room. Inside the caller's transaction, which
 * holds the event's row lock.
 */
export async function addSeatFor(
  tx: Tx,
  event: EventRow,
  userId: string,
  tableId: string,
  now = Date.now(),
) {
  const { running } = await runningRound(tx, event, now)
  const [person] = await unseatedPeople(tx, event.id, running.id).then((people) =>
    people.filter((p) => p.userId === userId),
  )
  if (!person) {
    const [present] = await tx
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, userId)))
    throw new DomainError(present?.status === 'present' ? 'alreadySeated' : 'participantNotFound')
  }
  const [table] = await tx
    .select()
    .from(eventTables)
    .where(and(eq(eventTables.id, tableId), eq(eventTables.eventId, event.id)))
  if (!table) throw new DomainError('tableNotFound')
  const seated = await tx
    .select({ userId: eventTableAssignments.userId })
    .from(eventTableAssignments)
    .where(
      and(
        eq(eventTableAssignments.roundId, running.id),
        eq(eventTableAssignments.tableId, table.id),
      ),
    )
  const needed = seated.length + 1
  if (needed > TABLE_MAX_SEATS) throw new DomainError('tableFull')
  const seats = Math.max(table.capacityActual, needed)
  const [grown] = await tx
    .update(eventTables)
    .set({
      capacityActual: seats,
      capacityFull: Math.max(table.capacityFull, seats),
      updatedAt: new Date(now),
    })
    .where(eq(eventTables.id, table.id))
    .returning()
  if (!grown) throw new DomainError('tableNotFound')
  await tx.insert(eventTableAssignments).values({ roundId: running.id, tableId: table.id, userId })
  // The next round, if seated already, takes her where it has room (the late-arrival rule).
  await seatLateArrival(tx, event, userId, now)
  return {
    person: { userId, name: person.name, label: person.label, userCode: person.userCode },
    seat: { roundNumber: running.roundNumber, tableId: table.id, tableName: table.tableName },
    table: { before: table, after: grown },
  }
}

/**
 * The other way out: a new table for everyone in with no seat (the evening's usual size, or
 * bigger when more wait), named in the host's language, and they sit there in the running round.
 */
export async function openTableFor(
  tx: Tx,
  event: EventRow,
  tableName: (number: number) => string,
  now = Date.now(),
) {
  const { running } = await runningRound(tx, event, now)
  const people = await unseatedPeople(tx, event.id, running.id)
  if (people.length === 0) throw new DomainError('nobodyUnseated')
  const tables = await tx.select().from(eventTables).where(eq(eventTables.eventId, event.id))
  const seats = Math.min(TABLE_MAX_SEATS, Math.max(usualSeats(tables), people.length))
  const taken = new Set(tables.map((table) => table.tableName.toLocaleLowerCase()))
  let number = tables.length + 1
  while (taken.has(tableName(number).toLocaleLowerCase())) number++
  let table: typeof eventTables.$inferSelect | undefined
  try {
    ;[table] = await tx
      .insert(eventTables)
      .values({
        eventId: event.id,
        tableName: tableName(number),
        capacityFull: seats,
        capacityActual: seats,
      })
      .returning()
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('tableNameTaken')
    throw error
  }
  if (!table) throw new Error('table insert returned nothing')
  const sitting = people.slice(0, seats)
  await tx
    .insert(eventTableAssignments)
    .values(sitting.map((p) => ({ roundId: running.id, tableId: table.id, userId: p.userId })))
  for (const person of sitting) await seatLateArrival(tx, event, person.userId, now)
  return {
    table: {
      tableId: table.id,
      tableName: table.tableName,
      capacityFull: table.capacityFull,
      capacityActual: table.capacityActual,
    },
    roundNumber: running.roundNumber,
    people: sitting.map(({ userId, name, label, userCode }) => ({
      userId,
      name,
      label,
      userCode,
    })),
  }
}

/** Whether she has no seat in the running round (for the door's answer). */
export async function hasNoSeat(tx: Tx, eventId: string, userId: string, now = Date.now()) {
  const { running } = await roundsOf(tx, eventId, now)
  if (!running) return false
  const [seat] = await tx
    .select({ id: eventTableAssignments.id })
    .from(eventTableAssignments)
    .where(
      and(
        eq(eventTableAssignments.roundId, running.id),
        inArray(eventTableAssignments.userId, [userId]),
      ),
    )
  return !seat
}
