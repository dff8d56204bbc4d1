import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { CHECK_IN_LEAD_MS, CHECK_IN_UNDO_MS, DOOR_HELPER_LEAD_MS } from '#shared/constants.ts'
import { roundState } from '#shared/countdown.ts'
import { distinctLabels, sortByName } from '#shared/people-names.ts'
import { eventText } from '#shared/event-texts.ts'
import type { CheckInInput } from '#shared/schemas/door.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventCheckIns,
  eventDoorHelpers,
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { foldConfusables } from '#shared/member-code.ts'
import { normalizeUserCode } from '../auth/user-code.ts'
import { recordAudit, type AuditOrigin } from '../audit/audit.ts'
import { DomainError } from '../domain-error.ts'
import { eventSubject } from './event-audit.ts'
import { findEvent, lockEvent, type EventRow } from './events.ts'
import { freeOpenSeats, seatLateArrival, type LateSeat } from './late-arrivals.ts'
import { hasNoSeat } from './unseated.ts'

/** Who is at the door screen: an admin, or a member helping at the door of this one event. */
export interface DoorViewer {
  userId: string
  isAdmin: boolean
}

/** A door helper's screen is open from two hours before the start until the event ends. */
export function doorOpenForHelpers(event: EventRow, now = Date.now()): boolean {
  if (event.endedAt) return false
  if (now < event.startTime.getTime() - DOOR_HELPER_LEAD_MS) return false
  return event.status === 'active' || now <= event.startTime.getTime() + event.duration * 60_000
}

/** When check-in opens at the door: an hour before the start, the evening started or not. */
export const checkInOpensAt = (event: EventRow) =>
  new Date(event.startTime.getTime() - CHECK_IN_LEAD_MS)

/**
 * Whether the door takes check-ins now, and if not, why: the evening is over; it is too early
 * (before `checkInOpensAt`); or it was never started and its time has passed.
 */
export function checkInRefusal(
  event: EventRow,
  now = Date.now(),
): 'eventEnded' | 'checkInNotOpen' | 'eventNotActive' | null {
  if (event.endedAt) return 'eventEnded'
  if (event.status === 'active') return null
  if (now < checkInOpensAt(event).getTime()) return 'checkInNotOpen'
  if (now > event.startTime.getTime() + event.duration * 60_000) return 'eventNotActive'
  return null
}

/** The event, if the viewer may work its door now; otherwise a refusal that says why. */
export async function doorEvent(
  db: Db,
  eventId: string,
  viewer: DoorViewer,
  now = Date.now(),
): Promise<EventRow> {
  if (viewer.isAdmin) return findEvent(db, eventId)
  // Whether she helps at this door comes first: nobody else learns whether the event exists.
  const [helper] = await db
    .select({ userId: eventDoorHelpers.userId })
    .from(eventDoorHelpers)
    .where(and(eq(eventDoorHelpers.eventId, eventId), eq(eventDoorHelpers.userId, viewer.userId)))
  if (!helper) throw new DomainError('forbidden')
  const event = await findEvent(db, eventId)
  if (!doorOpenForHelpers(event, now)) throw new DomainError('doorClosed')
  return event
}

/** The name a shared screen shows: the full name, else the member code (never an address). */
const shownName = (person: { fullName: string | null; userCode: string }) =>
  person.fullName?.trim() || person.userCode

/** The event's participants with their profiles, and the label that tells same names apart. */
async function participantsOf(db: Db | Tx, eventId: string) {
  const rows = await db
    .select({
      userId: eventParticipants.userId,
      status: eventParticipants.status,
      checkedInAt: eventParticipants.checkedInAt,
      fullName: profiles.fullName,
      userCode: profiles.userCode,
      avatarUrl: profiles.avatarUrl,
    })
    .from(eventParticipants)
    .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
    .where(eq(eventParticipants.eventId, eventId))
  const labels = distinctLabels(
    rows.map((row) => ({ id: row.userId, name: shownName(row), code: row.userCode })),
  )
  return rows.map((row) => ({
    ...row,
    name: shownName(row),
    label: labels.get(row.userId) ?? shownName(row),
  }))
}

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

/** The member a typed or scanned code means: spaces, case and O/0, I/1 do not matter. */
async function memberByCode(db: Db | Tx, input: string) {
  const code = normalizeUserCode(input)
  if (!/^[A-Z0-9]{4,12}$/.test(code)) throw new DomainError('userCodeInvalid')
  const columns = { id: profiles.id, fullName: profiles.fullName, userCode: profiles.userCode }
  const [exact] = await db.select(columns).from(profiles).where(eq(profiles.userCode, code))
  if (exact) return exact
  const folded = foldConfusables(code)
  const similar = await db
    .select(columns)
    .from(profiles)
    .where(sql`translate(${profiles.userCode}, 'OIL', '011') = ${folded}`)
    .limit(2)
  // Two codes that differ only in a confusable letter: not ours to guess which.
  if (similar.length !== 1 || !similar[0])
    throw new DomainError('userCodeUnknown', undefined, { code })
  return similar[0]
}

/** How long after it was made a check-in can still be undone (a moment's grace for the network). */
const UNDO_GRACE_MS = 2_000

/** The answer to a check-in, the same when the same check-in (client id) is sent again. */
export interface CheckInAnswer {
  result: 'checked_in' | 'already_present'
  checkInId: string | null
  undoUntil: string | null
  person: {
    userId: string
    name: string
    label: string
    userCode: string
    avatarUrl: string | null
  }
  checkedInAt: string
  seats: { roundNumber: number; started: boolean; tableName: string }[]
  noFreeSeat: boolean
  /** A round runs and she has no seat in it: the door tells the helper to tell the host. */
  unseated: boolean
}

/** How far ahead of the server's clock a phone's may run: such a time counts as now. */
export const CHECK_IN_CLOCK_SKEW_MS = 5 * 60_000

/** When the door opened: an hour before the start, or when the host started it, if earlier. */
const doorOpenedAt = (event: EventRow) =>
  Math.min(checkInOpensAt(event).getTime(), event.startedAt?.getTime() ?? Infinity)

/**
 * When she came in: the time a phone says (a check-in sent later from its offline queue), else
 * now. A time a little ahead of the server's clock (a phone's clock runs fast) is now; one
 * further in the future, or before the door opened, is refused: the phone's clock is wrong, and
 * the helper is told rather than the evening's record made up.
 */
function checkInTime(event: EventRow, input: CheckInInput, now: number): Date {
  if (!input.scannedAt) return new Date(now)
  const at = Date.parse(input.scannedAt)
  if (at > now + CHECK_IN_CLOCK_SKEW_MS || at < doorOpenedAt(event))
    throw new DomainError('checkInTimeInvalid', { scannedAt: 'validation.checkInScannedAtRange' })
  return new Date(Math.min(at, now))
}

/**
 * Checks someone in at the door: by member code or, from the door list, by user id. One
 * transaction under the event's row lock: a second phone scanning the same person waits, then
 * hears she is already here; the same client id sent twice is applied once. While a round runs
 * she is seated at once (late-arrivals.ts). Only a check-in that changes something writes its
 * audit entry, in the same transaction: a retry of the same client id, or a scan of someone
 * already here, leaves no second trace.
 */
export async function checkIn(
  db: Db,
  eventId: string,
  input: CheckInInput,
  origin: AuditOrigin,
  now = Date.now(),
): Promise<CheckInAnswer> {
  const actorId = origin.actor.userId
  if (!actorId) throw new Error('a check-in needs the member working the door')
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)

    const [earlier] = await tx
      .select()
      .from(eventCheckIns)
      .where(eq(eventCheckIns.clientId, input.clientId))
    if (earlier) {
      if (earlier.eventId !== eventId) throw new DomainError('checkInNotFound')
      return answerFor(tx, event, earlier.userId, {
        result: 'checked_in',
        checkInId: earlier.id,
        undoUntil: earlier.undoneAt
          ? null
          : new Date(earlier.createdAt.getTime() + CHECK_IN_UNDO_MS).toISOString(),
        checkedInAt: earlier.checkedInAt,
        now,
      })
    }
    const refusal = checkInRefusal(event, now)
    if (refusal) throw new DomainError(refusal, undefined, { minutes: CHECK_IN_LEAD_MS / 60_000 })

    const person =
      'code' in input
        ? await memberByCode(tx, input.code)
        : ((
            await tx
              .select({
                id: profiles.id,
                fullName: profiles.fullName,
                userCode: profiles.userCode,
              })
              .from(profiles)
              .where(eq(profiles.id, input.userId))
          )[0] ?? null)
    if (!person) throw new DomainError('participantNotFound')

    const [participation] = await tx
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, person.id)))
    if (participation?.status === 'present')
      return answerFor(tx, event, person.id, {
        result: 'already_present',
        checkInId: null,
        undoUntil: null,
        checkedInAt: participation.checkedInAt ?? new Date(now),
        now,
      })
    if (!participation && !input.walkIn)
      throw new DomainError('notRegistered', undefined, { name: shownName(person) })
    if (participation?.status === 'waiting' && !input.walkIn)
      throw new DomainError('onWaitingList', undefined, { name: shownName(person) })

    const at = checkInTime(event, input, now)
    await tx
      .insert(eventParticipants)
      .values({ eventId, userId: person.id, status: 'present', checkedInAt: at })
      .onConflictDoUpdate({
        target: [eventParticipants.eventId, eventParticipants.userId],
        set: { status: 'present', checkedInAt: at, leftAt: null },
      })
    const [made] = await tx
      .insert(eventCheckIns)
      .values({
        eventId,
        userId: person.id,
        clientId: input.clientId,
        byUserId: actorId,
        previousStatus: participation?.status ?? null,
        previousCheckedInAt: participation?.checkedInAt ?? null,
        previousLeftAt: participation?.leftAt ?? null,
        checkedInAt: at,
        createdAt: new Date(now),
      })
      .returning()
    if (!made) throw new Error('check-in insert returned nothing')
    const seating = await seatLateArrival(tx, event, person.id, now)
    const answer = await answerFor(tx, event, person.id, {
      result: 'checked_in',
      checkInId: made.id,
      undoUntil: new Date(now + CHECK_IN_UNDO_MS).toISOString(),
      checkedInAt: at,
      now,
      noFreeSeat: seating.noFreeSeat,
      seats: seating.seats,
    })
    await recordAudit(
      tx,
      {
        action: 'participant.check_in',
        subject: eventSubject(event),
        after: {
          userId: person.id,
          userCode: answer.person.userCode,
          name: answer.person.name,
          result: answer.result,
          checkInId: made.id,
          walkIn: input.walkIn,
        },
      },
      origin,
    )
    return answer
  })
}

async function answerFor(
  tx: Tx,
  event: EventRow,
  userId: string,
  answer: {
    result: CheckInAnswer['result']
    checkInId: string | null
    undoUntil: string | null
    checkedInAt: Date
    now: number
    noFreeSeat?: boolean
    seats?: LateSeat[]
  },
): Promise<CheckInAnswer> {
  const people = await participantsOf(tx, event.id)
  const person = people.find((p) => p.userId === userId)
  if (!person) throw new DomainError('participantNotFound')
  const seats = answer.seats ?? (await currentSeats(tx, event.id, userId, answer.now))
  return {
    result: answer.result,
    checkInId: answer.checkInId,
    undoUntil: answer.undoUntil,
    person: {
      userId,
      name: person.name,
      label: person.label,
      userCode: person.userCode,
      avatarUrl: person.avatarUrl,
    },
    checkedInAt: answer.checkedInAt.toISOString(),
    seats: seats.map(({ roundNumber, started, tableName }) => ({
      roundNumber,
      started,
      tableName,
    })),
    noFreeSeat: answer.noFreeSeat ?? false,
    unseated: await hasNoSeat(tx, event.id, userId, answer.now),
  }
}

/** Her seats in the running round and the next one, as they are now. */
async function currentSeats(tx: Tx, eventId: string, userId: string, now: number) {
  const rounds = await tx
    .select()
    .from(eventRounds)
    .where(eq(eventRounds.eventId, eventId))
    .orderBy(asc(eventRounds.roundNumber))
  const open = rounds.filter((round) => roundState(round, now) !== 'ended')
  if (open.length === 0) return []
  const seats = await tx
    .select({ roundId: eventTableAssignments.roundId, tableName: eventTables.tableName })
    .from(eventTableAssignments)
    .innerJoin(eventTables, eq(eventTables.id, eventTableAssignments.tableId))
    .where(
      and(
        eq(eventTableAssignments.userId, userId),
        inArray(
          eventTableAssignments.roundId,
          open.map((round) => round.id),
        ),
      ),
    )
  return open.flatMap((round) => {
    const seat = seats.find((s) => s.roundId === round.id)
    return seat
      ? [{ roundNumber: round.roundNumber, started: round.started, tableName: seat.tableName }]
      : []
  })
}

/**
 * Takes a check-in back within its undo window: her participation is what it was before (a
 * walk-in is no participant again) and her seats in the running and next round are freed.
 * Undoing twice is the same as once.
 */
export async function undoCheckIn(
  db: Db,
  eventId: string,
  checkInId: string,
  origin: AuditOrigin,
  now = Date.now(),
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [made] = await tx
      .select()
      .from(eventCheckIns)
      .where(and(eq(eventCheckIns.id, checkInId), eq(eventCheckIns.eventId, eventId)))
    if (!made) throw new DomainError('checkInNotFound')
    if (made.undoneAt) return { userId: made.userId }
    if (now - made.createdAt.getTime() > CHECK_IN_UNDO_MS + UNDO_GRACE_MS)
      throw new DomainError('undoExpired')

    const who = and(
      eq(eventParticipants.eventId, eventId),
      eq(eventParticipants.userId, made.userId),
    )
    if (made.previousStatus === null) await tx.delete(eventParticipants).where(who)
    else
      await tx
        .update(eventParticipants)
        .set({
          status: made.previousStatus,
          checkedInAt: made.previousCheckedInAt,
          leftAt: made.previousLeftAt,
        })
        .where(who)
    await freeOpenSeats(tx, eventId, made.userId, now)
    await tx
      .update(eventCheckIns)
      .set({ undoneAt: new Date(now) })
      .where(eq(eventCheckIns.id, made.id))
    const [undoneFor] = await tx
      .select({ fullName: profiles.fullName, userCode: profiles.userCode })
      .from(profiles)
      .where(eq(profiles.id, made.userId))
    await recordAudit(
      tx,
      {
        action: 'participant.check_in_undo',
        subject: eventSubject(event),
        before: {
          checkInId,
          userId: made.userId,
          name: undoneFor?.fullName ?? null,
          userCode: undoneFor?.userCode ?? null,
        },
      },
      origin,
    )
    return { userId: made.userId }
  })
}

/** The door helpers of an event, for the admin's event page. */
export async function doorHelpers(db: Db, eventId: string) {
  return db
    .select({
      userId: eventDoorHelpers.userId,
      fullName: profiles.fullName,
      email: profiles.email,
      userCode: profiles.userCode,
    })
    .from(eventDoorHelpers)
    .innerJoin(profiles, eq(profiles.id, eventDoorHelpers.userId))
    .where(eq(eventDoorHelpers.eventId, eventId))
    .orderBy(asc(eventDoorHelpers.createdAt))
}

/** An admin lets a member work this event's door (by her member code). */
export async function addDoorHelper(db: Db, eventId: string, userCode: string) {
  await findEvent(db, eventId)
  const member = await memberByCode(db, userCode)
  await db.insert(eventDoorHelpers).values({ eventId, userId: member.id }).onConflictDoNothing()
  return member.id
}

export async function removeDoorHelper(db: Db, eventId: string, userId: string) {
  await findEvent(db, eventId)
  await db
    .delete(eventDoorHelpers)
    .where(and(eq(eventDoorHelpers.eventId, eventId), eq(eventDoorHelpers.userId, userId)))
}
