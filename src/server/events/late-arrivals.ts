import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { TABLE_MAX_SEATS } from '#shared/constants.ts'
import { roundState } from '#shared/countdown.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventKeepApart,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import type { EventRow } from './event-base.ts'

/** Where a late arrival was seated: the running round's table, or the next round's. */
export interface LateSeat {
  roundId: string
  roundNumber: number
  started: boolean
  tableId: string
  tableName: string
}

export interface LateSeating {
  /** Her seats in the running round and in the next round's seating, made now or held already. */
  seats: LateSeat[]
  /** A round runs, seating is on, and no table had a free seat for her. */
  noFreeSeat: boolean
}

/**
 * Seats someone just checked in, inside the check-in's transaction (which holds the event's row
 * lock, so two phones at the door never give away one free seat twice): in the running round at
 * a table with a free seat, and in the next round if it is seated already. Among the tables with
 * room and none of the people she is kept apart from, the one where she has met the fewest people
 * (in the evening's started rounds), then the emptiest, then the first.
 */
export async function seatLateArrival(
  tx: Tx,
  event: EventRow,
  userId: string,
  now = Date.now(),
): Promise<LateSeating> {
  const rounds = await tx
    .select()
    .from(eventRounds)
    .where(eq(eventRounds.eventId, event.id))
    .orderBy(asc(eventRounds.roundNumber))
  const running = rounds.find((round) => roundState(round, now) === 'running')
  const pending = rounds.find((round) => !round.started)
  const targets = [running, pending].filter((round) => round !== undefined)
  if (targets.length === 0) return { seats: [], noFreeSeat: false }

  const { tables, seats, keptApart, met, noteMeetings } = await seatingContext(
    tx,
    event.id,
    rounds,
    userId,
    running?.id,
  )

  const result: LateSeating = { seats: [], noFreeSeat: false }
  for (const round of targets) {
    // The next round is hers only once it has a seating; an empty one is seated by the mixer.
    const inRound = seats.filter((seat) => seat.roundId === round.id)
    if (!round.started && inRound.length === 0) continue
    const own = inRound.find((seat) => seat.userId === userId)
    const table = own
      ? tables.find((t) => t.id === own.tableId)
      : event.autoSeatLateArrivals
        ? bestTable(tables, inRound, met, keptApart)
        : undefined
    if (!table) {
      if (round.started && event.autoSeatLateArrivals) result.noFreeSeat = true
      continue
    }
    if (!own) {
      await tx
        .insert(eventTableAssignments)
        .values({ roundId: round.id, tableId: table.id, userId })
      seats.push({ roundId: round.id, tableId: table.id, userId })
    }
    result.seats.push({
      roundId: round.id,
      roundNumber: round.roundNumber,
      started: round.started,
      tableId: table.id,
      tableName: table.tableName,
    })
    // Whom she meets now counts when choosing her table in the next round.
    if (round.started) noteMeetings(round.id, table.id)
  }
  return result
}

/**
 * What choosing her table takes: the event's tables, every seat in its rounds, whom she is kept
 * apart from, and how often she has sat with each person in the started rounds before `skipRound`.
 */
export async function seatingContext(
  tx: Db | Tx,
  eventId: string,
  rounds: (typeof eventRounds.$inferSelect)[],
  userId: string,
  skipRound?: string,
) {
  const [tables, seats, pairs] = await Promise.all([
    tx
      .select()
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    rounds.length === 0
      ? Promise.resolve<{ roundId: string; tableId: string; userId: string }[]>([])
      : tx
          .select({
            roundId: eventTableAssignments.roundId,
            tableId: eventTableAssignments.tableId,
            userId: eventTableAssignments.userId,
          })
          .from(eventTableAssignments)
          .where(
            inArray(
              eventTableAssignments.roundId,
              rounds.map((round) => round.id),
            ),
          ),
    tx
      .select({ userA: eventKeepApart.userA, userB: eventKeepApart.userB })
      .from(eventKeepApart)
      .where(
        and(
          eq(eventKeepApart.eventId, eventId),
          or(eq(eventKeepApart.userA, userId), eq(eventKeepApart.userB, userId)),
        ),
      ),
  ])
  const keptApart = new Set(pairs.map((pair) => (pair.userA === userId ? pair.userB : pair.userA)))

  // How often she has sat with each person so far, in started rounds.
  const met = new Map<string, number>()
  const noteMeetings = (roundId: string, tableId: string) => {
    for (const seat of seats)
      if (seat.roundId === roundId && seat.tableId === tableId && seat.userId !== userId)
        met.set(seat.userId, (met.get(seat.userId) ?? 0) + 1)
  }
  for (const round of rounds)
    if (round.started && round.id !== skipRound) {
      const own = seats.find((seat) => seat.roundId === round.id && seat.userId === userId)
      if (own) noteMeetings(round.id, own.tableId)
    }
  return { tables, seats, keptApart, met, noteMeetings }
}

/** Frees her seats in the rounds that have not ended (ended rounds keep who sat where). */
export async function freeOpenSeats(tx: Tx, eventId: string, userId: string, now = Date.now()) {
  const rounds = await tx.select().from(eventRounds).where(eq(eventRounds.eventId, eventId))
  const open = rounds.filter((round) => roundState(round, now) !== 'ended')
  if (open.length === 0) return
  await tx.delete(eventTableAssignments).where(
    and(
      eq(eventTableAssignments.userId, userId),
      inArray(
        eventTableAssignments.roundId,
        open.map((round) => round.id),
      ),
    ),
  )
}

/**
 * The table that takes her best: none of the people she is kept apart from, then the fewest she
 * has met, then the fewest people, then the first. With `extraSeat`, a full table counts too (the
 * host adds a chair), up to the largest a table may be.
 */
export function bestTable(
  tables: (typeof eventTables.$inferSelect)[],
  seated: { tableId: string; userId: string }[],
  met: Map<string, number>,
  keptApart: Set<string>,
  { extraSeat = false } = {},
) {
  let best: { table: (typeof tables)[number]; score: number; load: number } | undefined
  for (const table of tables) {
    const atTable = seated.filter((seat) => seat.tableId === table.id)
    const room = extraSeat ? TABLE_MAX_SEATS : table.capacityActual
    if (atTable.length >= room) continue
    if (atTable.some((seat) => keptApart.has(seat.userId))) continue
    const score = atTable.filter((seat) => met.has(seat.userId)).length
    if (!best || score < best.score || (score === best.score && atTable.length < best.load))
      best = { table, score, load: atTable.length }
  }
  return best?.table
}
