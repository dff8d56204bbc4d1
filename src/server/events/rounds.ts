import { randomInt } from 'node:crypto'
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
import type { SeatingChange } from '#shared/schemas/events.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { DomainError } from '../domain-error.ts'
import { findEvent, lockEvent } from './event-base.ts'
import { keepApartPairs } from './keep-apart.ts'
import type { SeatingPlanner } from './seating-planner.ts'
import { firstTimersAmong, metAtEarlierEvenings, seatingMemoryMonths } from './seating-memory.ts'
import { blockPairs } from '../klikk/queries/block-pairs.ts'
import {
  chooseQuestion,
  currentQuestion,
  type ChosenQuestion,
} from '../questions/choose-question.ts'

type Round = typeof eventRounds.$inferSelect

async function findRound(db: Db | Tx, eventId: string, roundId: string): Promise<Round> {
  const [round] = await db
    .select()
    .from(eventRounds)
    .where(and(eq(eventRounds.id, roundId), eq(eventRounds.eventId, eventId)))
  if (!round) throw new DomainError('roundNotFound')
  return round
}

/** Who sat at which table in the given rounds (none for no rounds). */
export async function seatsInRounds(db: Db | Tx, roundIds: string[]) {
  if (roundIds.length === 0) return []
  return db
    .select({
      roundId: eventTableAssignments.roundId,
      tableId: eventTableAssignments.tableId,
      userId: eventTableAssignments.userId,
    })
    .from(eventTableAssignments)
    .where(inArray(eventTableAssignments.roundId, roundIds))
}

/** Writes a change's audit entry in the transaction that makes it. */
export type RecordChange<T> = (tx: Tx, changed: T) => Promise<void>

/**
 * Plans the seating of a round that has not started (`roundId`; null for one still to be made):
 * the present participants, the tables' seats in use, who already sat together in the event's
 * started rounds, and whom the host wants kept apart. The planner runs outside any transaction.
 */
async function planSeating(
  db: Db,
  planner: SeatingPlanner,
  eventId: string,
  roundId: string | null,
) {
  const event = await findEvent(db, eventId)
  const [tables, present, rounds, keepApart] = await Promise.all([
    db
      .select({ id: eventTables.id, capacity: eventTables.capacityActual })
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    db
      .select({ userId: eventParticipants.userId })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, 'present'))),
    db.select().from(eventRounds).where(eq(eventRounds.eventId, eventId)),
    keepApartPairs(db, eventId),
  ])
  if (tables.length === 0) throw new DomainError('noTables')
  if (present.length === 0) throw new DomainError('noParticipants')
  // More people than seats is the mixing engine's to refuse (MixerError 'not_enough_seats').

  const earlier = rounds.filter((round) => round.started && round.id !== roundId)
  const history = await seatsInRounds(
    db,
    earlier.map((round) => round.id),
  )
  const byRound = new Map<string, Map<string, string[]>>()
  for (const seat of history) {
    const groups = byRound.get(seat.roundId) ?? new Map<string, string[]>()
    groups.set(seat.tableId, [...(groups.get(seat.tableId) ?? []), seat.userId])
    byRound.set(seat.roundId, groups)
  }

  const people = present.map((p) => p.userId)
  return planner({
    people,
    tables,
    history: [...byRound.values()].map((groups) => [...groups.values()]),
    keepApart: [
      ...keepApart.map(({ userA, userB }): [string, string] => [userA, userB]),
      ...(await blockPairs(db, people)),
    ],
    metAtEarlierEvenings: await metAtEarlierEvenings(
      db,
      event,
      people,
      await seatingMemoryMonths(db),
    ),
    firstTimers: await firstTimersAmong(db, event, people),
    roundsToPlan: Math.max(1, event.plannedRounds - earlier.length),
    seed: randomInt(2 ** 31),
  })
}

/** Replaces a round's seating with a plan. */
async function writeSeating(
  tx: Tx,
  roundId: string,
  plan: Awaited<ReturnType<typeof planSeating>>,
) {
  await tx.delete(eventTableAssignments).where(eq(eventTableAssignments.roundId, roundId))
  const rows = plan.flatMap(({ tableId, people }) =>
    people.map((userId) => ({ roundId, tableId, userId })),
  )
  if (rows.length) await tx.insert(eventTableAssignments).values(rows)
}

/**
 * Adds the next round (60 minutes unless told otherwise) and seats it at once; with a round
 * already waiting, seats that one again. The seating is planned first, then the round and its
 * seats are written in one transaction under the event's lock: a seating the mixer refuses
 * leaves no round behind.
 */
export async function addRound(
  db: Db,
  planner: SeatingPlanner,
  eventId: string,
  durationMinutes: number,
  record?: RecordChange<Round>,
): Promise<Round> {
  await findEvent(db, eventId)
  const waiting = async (from: Db | Tx) =>
    (
      await from
        .select()
        .from(eventRounds)
        .where(and(eq(eventRounds.eventId, eventId), eq(eventRounds.started, false)))
    )[0]
  const plan = await planSeating(db, planner, eventId, (await waiting(db))?.id ?? null)
  return db.transaction(async (tx) => {
    await lockEvent(tx, eventId)
    let round = await waiting(tx)
    if (!round) {
      const [{ last } = { last: 0 }] = await tx
        .select({ last: max(eventRounds.roundNumber) })
        .from(eventRounds)
        .where(eq(eventRounds.eventId, eventId))
      ;[round] = await tx
        .insert(eventRounds)
        .values({ eventId, roundNumber: (last ?? 0) + 1, durationMinutes })
        .returning()
      if (!round) throw new Error('round insert returned nothing')
    }
    await writeSeating(tx, round.id, plan)
    await record?.(tx, round)
    return round
  })
}

/** A new seating for a round that has not started (a late arrival, an early leaver, or taste). */
export async function reseatRound(
  db: Db,
  planner: SeatingPlanner,
  eventId: string,
  roundId: string,
  record?: RecordChange<Round>,
) {
  const round = await findRound(db, eventId, roundId)
  if (round.started) throw new DomainError('roundAlreadyStarted')
  const plan = await planSeating(db, planner, eventId, roundId)
  await db.transaction(async (tx) => {
    await lockEvent(tx, eventId)
    const current = await findRound(tx, eventId, roundId)
    if (current.started) throw new DomainError('roundAlreadyStarted')
    await writeSeating(tx, roundId, plan)
    await record?.(tx, current)
  })
}

/**
 * The admin's hand adjustments: swap two seated people, or move one (seated or not yet, like a
 * late arrival during a running round) to a table with a free seat.
 */
export async function changeSeating(
  db: Db,
  eventId: string,
  roundId: string,
  change: SeatingChange,
): Promise<{ round: Round; table: typeof eventTables.$inferSelect | null }> {
  return db.transaction(async (tx) => {
    const round = await findRound(tx, eventId, roundId)
    if (roundState(round, Date.now()) === 'ended') throw new DomainError('roundNotRunning')
    const seats = await tx
      .select()
      .from(eventTableAssignments)
      .where(eq(eventTableAssignments.roundId, roundId))
    const seatOf = (userId: string) => seats.find((s) => s.userId === userId)

    if (change.action === 'swap') {
      const a = seatOf(change.userA)
      const b = seatOf(change.userB)
      if (!a || !b) throw new DomainError('notSeated')
      await tx
        .update(eventTableAssignments)
        .set({ tableId: b.tableId })
        .where(eq(eventTableAssignments.id, a.id))
      await tx
        .update(eventTableAssignments)
        .set({ tableId: a.tableId })
        .where(eq(eventTableAssignments.id, b.id))
      return { round, table: null }
    }

    const [table] = await tx
      .select()
      .from(eventTables)
      .where(and(eq(eventTables.id, change.tableId), eq(eventTables.eventId, eventId)))
    if (!table) throw new DomainError('tableNotFound')
    const [participant] = await tx
      .select()
      .from(eventParticipants)
      .where(
        and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, change.userId)),
      )
    if (!participant) throw new DomainError('participantNotFound')
    const current = seatOf(change.userId)
    if (current?.tableId === table.id) return { round, table }
    const taken = seats.filter((s) => s.tableId === table.id).length
    if (taken >= table.capacityActual) throw new DomainError('tableFull')
    if (current)
      await tx
        .update(eventTableAssignments)
        .set({ tableId: table.id })
        .where(eq(eventTableAssignments.id, current.id))
    else
      await tx
        .insert(eventTableAssignments)
        .values({ roundId, tableId: table.id, userId: change.userId })
    return { round, table }
  })
}

/** SPEC: started, started_at = now. Needs the event running and no other round running. */
export async function startRound(
  db: Db,
  eventId: string,
  roundId: string,
  {
    endRunning = false,
    recordEnded,
  }: {
    /** End the round that still runs first (the host said so), instead of refusing. */
    endRunning?: boolean
    /** Writes the ended round's own audit entry, in this transaction. */
    recordEnded?: RecordChange<Round>
  } = {},
): Promise<Round> {
  const event = await findEvent(db, eventId)
  if (event.status !== 'active') throw new DomainError('eventNotActive')
  return db.transaction(async (tx) => {
    const rounds = await tx
      .select()
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
      .for('update')
    const round = rounds.find((r) => r.id === roundId)
    if (!round) throw new DomainError('roundNotFound')
    if (round.started) throw new DomainError('roundAlreadyStarted')
    const running = rounds.find((r) => roundState(r, Date.now()) === 'running')
    if (running && !endRunning) throw new DomainError('roundRunning')
    if (running) {
      // Ended the way "End round early" ends it: the two steps commit together or not at all.
      const [ended] = await tx
        .update(eventRounds)
        .set({ finished: true, updatedAt: new Date() })
        .where(eq(eventRounds.id, running.id))
        .returning()
      if (ended) await recordEnded?.(tx, ended)
    }
    // Whoever left since the seating was made is not at a table any more.
    await tx
      .delete(eventTableAssignments)
      .where(
        and(
          eq(eventTableAssignments.roundId, roundId),
          sql`${eventTableAssignments.userId} not in (select ${eventParticipants.userId} from ${eventParticipants} where ${eventParticipants.eventId} = ${eventId} and ${eventParticipants.status} = 'present')`,
        ),
      )
    const [started] = await tx
      .update(eventRounds)
      .set({ started: true, startedAt: new Date(), updatedAt: new Date() })
      .where(eq(eventRounds.id, roundId))
      .returning()
    if (!started) throw new DomainError('roundNotFound')
    // Tonight's question for this round, chosen among its seated women (decision 86).
    await chooseQuestion(tx, eventId, roundId)
    return started
  })
}

/** Ends a running round early (finished). */
export async function endRound(db: Db, eventId: string, roundId: string): Promise<Round> {
  const round = await findRound(db, eventId, roundId)
  if (roundState(round, Date.now()) !== 'running') throw new DomainError('roundNotRunning')
  const [ended] = await db
    .update(eventRounds)
    .set({ finished: true, updatedAt: new Date() })
    .where(eq(eventRounds.id, roundId))
    .returning()
  if (!ended) throw new DomainError('roundNotFound')
  return ended
}

/** Only a round that has not started can be taken back. Returns the round as it was. */
export async function removeRound(db: Db, eventId: string, roundId: string): Promise<Round> {
  const round = await findRound(db, eventId, roundId)
  if (round.started) throw new DomainError('roundAlreadyStarted')
  await db.delete(eventRounds).where(eq(eventRounds.id, roundId))
  return round
}

/**
 * The host's "another question" for the running round: the next one by the same rule, never one
 * the round has shown. Returns the round and its question before and after.
 */
export async function skipQuestion(
  tx: Tx,
  eventId: string,
  roundId: string,
): Promise<{ round: Round; before: ChosenQuestion | null; after: ChosenQuestion }> {
  const round = await findRound(tx, eventId, roundId)
  if (roundState(round, Date.now()) !== 'running') throw new DomainError('roundNotRunning')
  const before = await currentQuestion(tx, roundId)
  const after = await chooseQuestion(tx, eventId, roundId)
  if (!after) throw new DomainError('noOtherQuestion')
  return { round, before, after }
}
