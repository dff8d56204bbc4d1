import { and, eq } from 'drizzle-orm'
import { CHECK_IN_LEAD_MS, CHECK_IN_UNDO_MS } from '#shared/constants.ts'
import type { CheckInInput } from '#shared/schemas/door.ts'
import { recordAudit } from '../../audit/audit.ts'
import { eventCheckIns, eventParticipants } from '../../db/schema/events.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { DomainError } from '../../domain-error.ts'
import {
  answerFor,
  checkInRefusal,
  checkInTime,
  memberByCode,
  shownName,
  type CheckInAnswer,
} from '../door.ts'
import { eventSubject } from '../event-audit.ts'
import { lockEvent } from '../event-base.ts'
import { seatLateArrival } from '../late-arrivals.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * Checks someone in at the door: by member code or, from the door list, by user id. One
 * transaction under the event's row lock: a second phone scanning the same person waits, then
 * hears she is already here; the same client id sent twice is applied once. While a round runs
 * she is seated at once (late-arrivals.ts). Only a check-in that changes something writes its
 * audit entry, in the same transaction: a retry of the same client id, or a scan of someone
 * already here, leaves no second trace.
 */
export async function checkIn(
  { db, origin, live }: EventCommandContext,
  eventId: string,
  input: CheckInInput,
  now = Date.now(),
): Promise<CheckInAnswer> {
  const actorId = origin.actor.userId
  if (!actorId) throw new Error('a check-in needs the member working the door')
  let changed = false
  const answer = await db.transaction(async (tx) => {
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
    changed = true
    return answer
  })
  // A repeat (the same client id, or someone already here) changed nothing: nobody needs to hear.
  if (changed) live.changed(eventId)
  return answer
}
