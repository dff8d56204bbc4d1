import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { CHECK_IN_LEAD_MS, DOOR_HELPER_LEAD_MS } from '#shared/constants.ts'
import { roundState } from '#shared/countdown.ts'
import { distinctLabels } from '#shared/people-names.ts'
import type { CheckInInput } from '#shared/schemas/door.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventDoorHelpers,
  eventParticipants,
  eventRounds,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { foldConfusables } from '#shared/member-code.ts'
import { normalizeUserCode } from '../auth/user-code.ts'
import { DomainError } from '../domain-error.ts'
import { findEvent, type EventRow } from './event-base.ts'
import type { LateSeat } from './late-arrivals.ts'
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
export const shownName = (person: { fullName: string | null; userCode: string }) =>
  person.fullName?.trim() || person.userCode

/** The event's participants with their profiles, and the label that tells same names apart. */
export async function participantsOf(db: Db | Tx, eventId: string) {
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

/** The member a typed or scanned code means: spaces, case and O/0, I/1 do not matter. */
export async function memberByCode(db: Db | Tx, input: string) {
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
export const UNDO_GRACE_MS = 2_000

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
export function checkInTime(event: EventRow, input: CheckInInput, now: number): Date {
  if (!input.scannedAt) return new Date(now)
  const at = Date.parse(input.scannedAt)
  if (at > now + CHECK_IN_CLOCK_SKEW_MS || at < doorOpenedAt(event))
    throw new DomainError('checkInTimeInvalid', { scannedAt: 'validation.checkInScannedAtRange' })
  return new Date(Math.min(at, now))
}

/** The answer to a check-in as the door shows it: who she is, her seats, whether she has none. */
export async function answerFor(
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
