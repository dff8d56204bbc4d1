import { and, asc, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm'
import {
  inLastHours,
  LAST_HOURS_MS,
  PLACE_OFFER_MS,
  type PlaceOfferKind,
} from '#shared/place-offers.ts'
import type { Db, Tx } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import {
  eventFriendInvitations,
  eventParticipants,
  eventPlaceOffers,
  events,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { DomainError } from '../domain-error.ts'
import {
  queueInviterEmail,
  queueOfferEmail,
  queuePlaceEmail,
  RECIPIENT_COLUMNS,
  type PlaceMail,
} from './calendar-mail.ts'
import { lockEvent, type EventRow } from './event-base.ts'

/**
 * Waiting-list offers (issue 41 part 3, decision 0089). The steps run inside a transaction that
 * holds the event's row lock (lockEvent), so whatever counts places here counts them alone, in
 * any number of processes. Places left = places − holders − open single offers: one count, here.
 */

/** Statuses that hold one of the event's places (everyone but the waiting list). */
export const HOLDS_A_PLACE = ['registered', 'present', 'absent'] as const

/**
 * Holders, the places held for a woman who has a single offer she has not answered, and those
 * held for a friend invited by a member (decision 0092) until she accepts or the hold runs out.
 */
async function placesSpoken(tx: Tx, eventId: string, now: Date, exceptUser?: string) {
  const [holders] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(eventParticipants)
    .where(
      and(
        eq(eventParticipants.eventId, eventId),
        inArray(eventParticipants.status, [...HOLDS_A_PLACE]),
      ),
    )
  const [held] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(eventPlaceOffers)
    .where(
      and(
        eq(eventPlaceOffers.eventId, eventId),
        eq(eventPlaceOffers.status, 'open'),
        eq(eventPlaceOffers.kind, 'single'),
        gt(eventPlaceOffers.expiresAt, now),
        exceptUser ? ne(eventPlaceOffers.userId, exceptUser) : undefined,
      ),
    )
  const [friends] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(eventFriendInvitations)
    .where(
      and(
        eq(eventFriendInvitations.eventId, eventId),
        eq(eventFriendInvitations.status, 'open'),
        gt(eventFriendInvitations.expiresAt, now),
      ),
    )
  return {
    holders: holders?.count ?? 0,
    held: (held?.count ?? 0) + (friends?.count ?? 0),
  }
}

/** Places nobody holds and no offer holds: what a newcomer, or a new offer, may take. */
export async function freePlaces(tx: Tx, event: EventRow, now: Date, exceptUser?: string) {
  if (event.places === null) return Number.POSITIVE_INFINITY
  const { holders, held } = await placesSpoken(tx, event.id, now, exceptUser)
  return Math.max(0, event.places - holders - held)
}

/**
 * Friends' held places whose time is up (decision 0092): lapsed, so they count no more. Each
 * inviter hears it once, in her language (the update claims each invitation once), except
 * `actingInviter`, who is inviting again as it lapses. Returns how many e-mails it queued.
 */
export async function lapseFriendHolds(
  tx: Tx,
  event: EventRow,
  now: Date,
  mail: PlaceMail,
  actingInviter?: string,
): Promise<number> {
  const lapsed = await tx
    .update(eventFriendInvitations)
    .set({ status: 'lapsed', answeredAt: now })
    .where(
      and(
        eq(eventFriendInvitations.eventId, event.id),
        eq(eventFriendInvitations.status, 'open'),
        lte(eventFriendInvitations.expiresAt, now),
      ),
    )
    .returning({ inviterId: eventFriendInvitations.inviterId, email: eventFriendInvitations.email })
  const toTell = lapsed.flatMap(({ inviterId, email }) =>
    inviterId && inviterId !== actingInviter ? [{ inviterId, email }] : [],
  )
  if (toTell.length === 0) return 0
  const inviters = await tx
    .select({ id: profiles.id, ...RECIPIENT_COLUMNS })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(
      inArray(
        profiles.id,
        toTell.map((one) => one.inviterId),
      ),
    )
  let queued = 0
  for (const { inviterId, email } of toTell) {
    const inviter = inviters.find((one) => one.id === inviterId)
    if (!inviter) continue
    await queueInviterEmail(tx, 'friendLapsed', event, inviter, email, mail)
    queued++
  }
  return queued
}

/** Whether anyone is on the event's waiting list. */
export async function someoneWaiting(tx: Tx, eventId: string) {
  const [row] = await tx
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, 'waiting')))
    .limit(1)
  return row !== undefined
}

/**
 * Offers still open whose time is up: lapsed. A single one also takes her off the waiting list.
 * Friends' holds lapse with them. Returns how many e-mails it queued (to inviters).
 */
async function lapseOffers(tx: Tx, event: EventRow, now: Date, mail: PlaceMail) {
  const eventId = event.id
  const lapsed = await tx
    .update(eventPlaceOffers)
    .set({ status: 'lapsed' })
    .where(
      and(
        eq(eventPlaceOffers.eventId, eventId),
        eq(eventPlaceOffers.status, 'open'),
        lte(eventPlaceOffers.expiresAt, now),
      ),
    )
    .returning({ userId: eventPlaceOffers.userId, kind: eventPlaceOffers.kind })
  // A friend's hold whose time is up frees its place the same way (decision 0092).
  const told = await lapseFriendHolds(tx, event, now, mail)
  const gone = lapsed.filter((offer) => offer.kind === 'single').map((offer) => offer.userId)
  if (gone.length > 0)
    await tx
      .delete(eventParticipants)
      .where(
        and(
          eq(eventParticipants.eventId, eventId),
          eq(eventParticipants.status, 'waiting'),
          inArray(eventParticipants.userId, gone),
        ),
      )
  return told
}

/** Open offers to everyone in line are withdrawn once no place is left for them. */
async function withdrawOpenOffers(tx: Tx, eventId: string, now: Date) {
  await tx
    .update(eventPlaceOffers)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(
      and(
        eq(eventPlaceOffers.eventId, eventId),
        eq(eventPlaceOffers.status, 'open'),
        eq(eventPlaceOffers.kind, 'open'),
      ),
    )
}

/**
 * Offers the event's free places to its waiting list, in the transaction that holds its lock.
 * Lapsed offers go first (a single one's holder leaves the line). Before the last hours, one
 * single offer per free place, to the first in line without one, lasting PLACE_OFFER_MS but never
 * past the start − LAST_HOURS_MS. In the last hours, an open offer to everyone in line who has
 * none, until the start; single offers still open keep their places. Returns how many e-mails
 * it queued.
 */
export async function offerFreePlaces(
  tx: Tx,
  event: EventRow,
  mail: PlaceMail,
  now: Date,
): Promise<number> {
  const told = await lapseOffers(tx, event, now, mail)
  const start = event.startTime.getTime()
  if (event.places === null || event.endedAt || event.status === 'active' || start <= now.getTime())
    return told
  const free = await freePlaces(tx, event, now)
  if (free === 0) return told
  const lastHours = inLastHours(event, now.getTime())
  const kind: PlaceOfferKind = lastHours ? 'open' : 'single'
  const expiresAt = lastHours
    ? new Date(start)
    : new Date(Math.min(now.getTime() + PLACE_OFFER_MS, start - LAST_HOURS_MS))
  const next = await tx
    .select({ userId: eventParticipants.userId, ...RECIPIENT_COLUMNS })
    .from(eventParticipants)
    .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(
      and(
        eq(eventParticipants.eventId, event.id),
        eq(eventParticipants.status, 'waiting'),
        notExists(
          tx
            .select({ id: eventPlaceOffers.id })
            .from(eventPlaceOffers)
            .where(
              and(
                eq(eventPlaceOffers.eventId, event.id),
                eq(eventPlaceOffers.userId, eventParticipants.userId),
                eq(eventPlaceOffers.status, 'open'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(eventParticipants.registeredAt), asc(eventParticipants.userId))
    .limit(lastHours ? 10_000 : free)
  for (const woman of next) {
    await tx
      .insert(eventPlaceOffers)
      .values({ eventId: event.id, userId: woman.userId, kind, offeredAt: now, expiresAt })
    await queueOfferEmail(tx, kind, event, woman, { expiresAt }, mail)
  }
  return told + next.length
}

/** Her offer for the event that is still open (whether or not its time is up), if any. */
async function openOfferOf(tx: Tx, eventId: string, userId: string) {
  const [offer] = await tx
    .select()
    .from(eventPlaceOffers)
    .where(
      and(
        eq(eventPlaceOffers.eventId, eventId),
        eq(eventPlaceOffers.userId, userId),
        eq(eventPlaceOffers.status, 'open'),
      ),
    )
  return offer ?? null
}

/** Why she has no offer to answer: it lapsed (or went), or there never was one. */
async function noOfferReason(tx: Tx, eventId: string, userId: string, now: Date) {
  const open = await openOfferOf(tx, eventId, userId)
  if (open && open.expiresAt <= now) return 'offerLapsed' as const
  const [earlier] = await tx
    .select({ status: eventPlaceOffers.status })
    .from(eventPlaceOffers)
    .where(and(eq(eventPlaceOffers.eventId, eventId), eq(eventPlaceOffers.userId, userId)))
    .orderBy(sql`${eventPlaceOffers.offeredAt} desc`)
    .limit(1)
  if (earlier?.status === 'lapsed') return 'offerLapsed' as const
  if (earlier?.status === 'withdrawn') return 'placeGone' as const
  return 'offerNotFound' as const
}

/**
 * She says yes to her offer, under the event's lock. A single offer holds its place for her; an
 * open one has a place if one is free (the first to accept has it). Saying yes twice is the same
 * yes. Refusals: it lapsed, the place went to someone quicker, there is no offer.
 */
export async function acceptOffer(
  db: Db,
  eventId: string,
  userId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<'accepted' | 'already'> {
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [mine] = await tx
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    if (mine && mine.status !== 'waiting') {
      const [accepted] = await tx
        .select({ id: eventPlaceOffers.id })
        .from(eventPlaceOffers)
        .where(
          and(
            eq(eventPlaceOffers.eventId, eventId),
            eq(eventPlaceOffers.userId, userId),
            eq(eventPlaceOffers.status, 'accepted'),
          ),
        )
        .limit(1)
      if (accepted) return 'already' as const
      throw new DomainError('alreadyRegistered')
    }
    const offer = await openOfferOf(tx, eventId, userId)
    if (!offer || offer.expiresAt <= now || !mine)
      throw new DomainError(await noOfferReason(tx, eventId, userId, now))
    if ((await freePlaces(tx, event, now, userId)) === 0) throw new DomainError('placeGone')
    await tx
      .update(eventPlaceOffers)
      .set({ status: 'accepted', answeredAt: now })
      .where(eq(eventPlaceOffers.id, offer.id))
    await tx
      .update(eventParticipants)
      .set({ status: 'registered' })
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    if (offer.kind === 'open' && (await freePlaces(tx, event, now)) === 0)
      await withdrawOpenOffers(tx, eventId, now)
    const [her] = await tx
      .select(RECIPIENT_COLUMNS)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId))
    if (her) await queuePlaceEmail(tx, 'placeOpened', event, her, mail)
    return 'accepted' as const
  })
  if (result === 'accepted') mail.onEmailQueued()
  return result
}

/**
 * She says no: the offer is declined and she leaves the waiting list; the place goes on to the
 * next in line at once. A lapsed offer needs no answer (refused as lapsed).
 */
export async function declineOffer(
  db: Db,
  eventId: string,
  userId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const offer = await openOfferOf(tx, eventId, userId)
    if (!offer || offer.expiresAt <= now)
      throw new DomainError(await noOfferReason(tx, eventId, userId, now))
    await tx
      .update(eventPlaceOffers)
      .set({ status: 'declined', answeredAt: now })
      .where(eq(eventPlaceOffers.id, offer.id))
    await tx
      .delete(eventParticipants)
      .where(
        and(
          eq(eventParticipants.eventId, eventId),
          eq(eventParticipants.userId, userId),
          eq(eventParticipants.status, 'waiting'),
        ),
      )
    return offerFreePlaces(tx, event, mail, now)
  })
  if (queued > 0) mail.onEmailQueued()
}

/** When she leaves the waiting list herself, an offer she had goes with her. */
export async function closeOfferOnLeaving(tx: Tx, eventId: string, userId: string, now: Date) {
  await tx
    .update(eventPlaceOffers)
    .set({ status: 'declined', answeredAt: now })
    .where(
      and(
        eq(eventPlaceOffers.eventId, eventId),
        eq(eventPlaceOffers.userId, userId),
        eq(eventPlaceOffers.status, 'open'),
      ),
    )
}

/**
 * The job's pass (jobs.ts, `place-offers`): for each evening still to come with a waiting list
 * or an open offer, lapse what ran out and offer what is free, one transaction per evening.
 * `now` is the scheduler's clock. Returns how many e-mails it queued (offers, and inviters told
 * that a friend's hold lapsed).
 */
export async function placeOffersPass(db: Db, mail: PlaceMail, now: Date): Promise<number> {
  const due = await db
    .selectDistinct({ id: events.id })
    .from(events)
    .leftJoin(
      eventPlaceOffers,
      and(eq(eventPlaceOffers.eventId, events.id), eq(eventPlaceOffers.status, 'open')),
    )
    .leftJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.status, 'waiting')),
    )
    .leftJoin(
      eventFriendInvitations,
      and(eq(eventFriendInvitations.eventId, events.id), eq(eventFriendInvitations.status, 'open')),
    )
    .where(
      and(
        isNull(events.endedAt),
        or(
          gt(events.startTime, new Date(now.getTime() - 86_400_000)),
          sql`${eventPlaceOffers.id} is not null`,
          sql`${eventFriendInvitations.id} is not null`,
        ),
        or(
          sql`${eventPlaceOffers.id} is not null`,
          sql`${eventParticipants.userId} is not null`,
          sql`${eventFriendInvitations.id} is not null`,
        ),
      ),
    )
  let offered = 0
  for (const { id } of due) {
    offered += await db.transaction(async (tx) => {
      const event = await lockEvent(tx, id)
      return offerFreePlaces(tx, event, mail, now)
    })
  }
  if (offered > 0) mail.onEmailQueued()
  return offered
}
