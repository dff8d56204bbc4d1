import { and, eq, inArray, sql } from 'drizzle-orm'
import { cancelDeadline } from '#shared/place-offers.ts'
import { normalizeUserCode } from '../auth/user-code.ts'
import type { Db, Tx } from '../db/client.ts'
import { eventLateCancellations, eventParticipants, events } from '../db/schema/events.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { DomainError } from '../domain-error.ts'
import { lockEvent } from './event-base.ts'
import {
  queuePlaceEmail,
  queueRegistrationEmail,
  RECIPIENT_COLUMNS,
  type PlaceMail,
  type Recipient,
} from './calendar-mail.ts'
import { withdrawInvitationsOf } from './friend-invitations.ts'
import { freeOpenSeats, seatLateArrival } from './late-arrivals.ts'
import {
  closeOfferOnLeaving,
  freePlaces,
  HOLDS_A_PLACE,
  offerFreePlaces,
  someoneWaiting,
} from './place-offers.ts'

type Status = (typeof eventParticipants.$inferSelect)['status']

/**
 * The admin adds a member by her code; she is present at once, and seated if a round runs (the
 * door screen's check-in, door.ts, also undoes and answers who came).
 */
export async function addParticipantByCode(db: Db, eventId: string, userCode: string) {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [member] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userCode, normalizeUserCode(userCode)))
    if (!member)
      throw new DomainError('userCodeUnknown', undefined, { code: normalizeUserCode(userCode) })
    const now = new Date()
    await tx
      .insert(eventParticipants)
      .values({ eventId, userId: member.id, status: 'present', checkedInAt: now })
      .onConflictDoUpdate({
        target: [eventParticipants.eventId, eventParticipants.userId],
        set: { status: 'present', checkedInAt: now, leftAt: null },
      })
    await seatLateArrival(tx, event, member.id)
    return member.id
  })
}

/** Her participation in the event, if she has one. */
export async function participation(db: Db | Tx, eventId: string, userId: string) {
  const [found] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  return found ?? null
}

/**
 * Check in (present: seated at once if a round runs), check out (absent: an early leaver), or
 * back to registered.
 */
export async function setParticipantStatus(
  db: Db,
  eventId: string,
  userId: string,
  status: Status,
) {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const now = new Date()
    const [updated] = await tx
      .update(eventParticipants)
      .set({
        status,
        ...(status === 'present' ? { checkedInAt: now, leftAt: null } : {}),
        ...(status === 'absent' ? { leftAt: now } : {}),
      })
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
      .returning()
    if (!updated) throw new DomainError('participantNotFound')
    if (status === 'present') await seatLateArrival(tx, event, userId)
    return updated
  })
}

/**
 * Takes her off the event: her seats in the running and the coming rounds are freed (the rounds
 * that have ended keep who sat where: people met). As when she gives it back herself, her place
 * and the one her friend's open invitation held go to the waiting list at once (decision 0100).
 * Returns how many e-mails it queued (the caller wakes the mail worker after the commit).
 */
export async function removeParticipant(
  db: Db,
  eventId: string,
  userId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const deleted = await tx
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
      .returning()
    if (deleted.length === 0) throw new DomainError('participantNotFound')
    await freeOpenSeats(tx, eventId, userId)
    await closeOfferOnLeaving(tx, eventId, userId, now)
    await withdrawInvitationsOf(tx, eventId, userId, now)
    return offerFreePlaces(tx, event, mail, now)
  })
}

/** An event is open for registration until it has ended. */
const openForRegistration = (event: typeof events.$inferSelect, now = new Date()) =>
  !event.endedAt &&
  (event.status === 'active' || event.startTime.getTime() + event.duration * 60_000 > now.getTime())

/** Everyone holding a place at the event (not the waiting list), with what her e-mails need. */
export async function placeHolders(tx: Tx, eventId: string): Promise<Recipient[]> {
  return tx
    .select(RECIPIENT_COLUMNS)
    .from(eventParticipants)
    .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(
      and(
        eq(eventParticipants.eventId, eventId),
        inArray(eventParticipants.status, [...HOLDS_A_PLACE]),
      ),
    )
}

/** Her place on the waiting list: 1 for the first in line. */
async function waitingPosition(tx: Tx, eventId: string, registeredAt: Date) {
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)`.mapWith(Number) })
    .from(eventParticipants)
    .where(
      and(
        eq(eventParticipants.eventId, eventId),
        eq(eventParticipants.status, 'waiting'),
        sql`${eventParticipants.registeredAt} < ${registeredAt.toISOString()}::timestamptz`,
      ),
    )
  return (row?.ahead ?? 0) + 1
}

/**
 * A member signs herself up. While the event has places left (none held by an offer) and nobody
 * waits, she has one; otherwise she joins the waiting list, and a free place is offered to the
 * first in line. Under the event's row lock: two members taking the last place at once, in any
 * number of processes, get one place and one waiting position between them.
 */
export async function register(
  db: Db,
  eventId: string,
  userId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<{ status: 'registered' | 'waiting'; position: number | null }> {
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    if (!openForRegistration(event)) throw new DomainError('registrationClosed')
    if (event.registrationOpensAt && event.registrationOpensAt.getTime() > Date.now())
      throw new DomainError('registrationNotOpen')
    const [already] = await tx
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    if (already) throw new DomainError('alreadyRegistered')
    const full =
      event.places !== null &&
      ((await freePlaces(tx, event, now)) === 0 || (await someoneWaiting(tx, eventId)))
    // Taken after the lock: the line's order is the order the lock was given in, not the order
    // the requests arrived (a test's clock ahead of the real one still counts).
    const registeredAt = new Date(Math.max(now.getTime(), Date.now()))
    await tx
      .insert(eventParticipants)
      .values({ eventId, userId, status: full ? 'waiting' : 'registered', registeredAt })
    const answer = full
      ? { status: 'waiting' as const, position: await waitingPosition(tx, eventId, registeredAt) }
      : { status: 'registered' as const, position: null }
    const [member] = await tx
      .select(RECIPIENT_COLUMNS)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId))
    const queued = member && (await queueRegistrationEmail(tx, event, member, mail, answer))
    const offered = full ? await offerFreePlaces(tx, event, mail, now) : 0
    return { ...answer, queued: queued || offered > 0 }
  })
  if (result.queued) mail.onEmailQueued()
  return { status: result.status, position: result.position }
}

/**
 * A member withdraws, until the event starts (and while she has not been checked in). A place
 * given back after the evening's deadline is recorded as late (the host may wave it away). A
 * place she gives up is offered to the first on the waiting list (place-offers.ts); an offer she
 * had goes with her. Whether it was late.
 */
export async function unregister(
  db: Db,
  eventId: string,
  userId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<{ late: boolean }> {
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [mine] = await tx
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    if (!mine) return { late: false, queued: false }
    if (mine.status === 'present' || mine.status === 'absent')
      throw new DomainError('withdrawalClosed')
    const started = event.status === 'active' || event.startTime.getTime() <= now.getTime()
    if (started || event.endedAt) throw new DomainError('withdrawalClosed')
    await tx
      .delete(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    await closeOfferOnLeaving(tx, eventId, userId, now)
    if (mine.status !== 'registered') return { late: false, queued: false }
    // Her friend's invitation not yet accepted goes with her place (decision 0100).
    await withdrawInvitationsOf(tx, eventId, userId, now)
    const late = now.getTime() > cancelDeadline(event).getTime()
    if (late)
      await tx
        .insert(eventLateCancellations)
        .values({ eventId, userId, cancelledAt: now })
        .onConflictDoUpdate({
          target: [eventLateCancellations.eventId, eventLateCancellations.userId],
          set: { cancelledAt: now, waivedAt: null },
        })
    // Her place had come with an invitation: the cancellation takes it off her calendar.
    const [her] = await tx
      .select(RECIPIENT_COLUMNS)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId))
    if (her) await queuePlaceEmail(tx, 'placeGivenUp', event, her, mail)
    await offerFreePlaces(tx, event, mail, now)
    return { late, queued: true }
  })
  if (result.queued) mail.onEmailQueued()
  return { late: result.late }
}

/** The running event she is checked in to, if any (the account menu links to her table). */
export async function liveEventOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
    )
    .where(and(eq(events.status, 'active'), eq(eventParticipants.status, 'present')))
    .limit(1)
  return row?.id ?? null
}
