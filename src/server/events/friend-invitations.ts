import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { friendHoldUntil } from '#shared/place-offers.ts'
import type { Db, Tx } from '../db/client.ts'
import { inBatches, nextBatch } from '../db/in-batches.ts'
import { user } from '../db/schema/auth.ts'
import { eventFriendInvitations, eventParticipants, events } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { DomainError } from '../domain-error.ts'
import {
  queueFriendInvitationEmail,
  queueInviterEmail,
  queueRegistrationEmail,
  RECIPIENT_COLUMNS,
  type PlaceMail,
} from './calendar-mail.ts'
import { lockEvent } from './event-base.ts'
import { freePlaces, lapseFriendHolds, offerFreePlaces, someoneWaiting } from './place-offers.ts'

/**
 * A seat for a friend (issue 41 part 5, decision 0092). A member with a place invites one friend
 * by e-mail to an evening whose host allows it; the invitation holds a place (place-offers.ts
 * counts it) for 48 hours or until the cancellation deadline, whichever comes first, while the
 * friend creates an account and accepts. Every step runs under the event's lock, like
 * registration, so a held place is never given twice.
 */

export type FriendInvitation = typeof eventFriendInvitations.$inferSelect

const LIVE = ['open', 'accepted'] as const

/** Her invitation for the evening that is open or accepted, if any (one at most: a unique index). */
async function liveInvitationOf(tx: Tx | Db, eventId: string, inviterId: string) {
  const [found] = await tx
    .select()
    .from(eventFriendInvitations)
    .where(
      and(
        eq(eventFriendInvitations.eventId, eventId),
        eq(eventFriendInvitations.inviterId, inviterId),
        inArray(eventFriendInvitations.status, [...LIVE]),
      ),
    )
  return found ?? null
}

/**
 * She invites a friend. Refused, with nothing stored: her own address (`inviteSelf`); the host
 * does not allow friends (`friendsNotAllowed`); she holds no place (`notRegistered`); she already
 * has an invitation for the evening (`friendAlreadyInvited`); the address has an account
 * (`friendHasAccount`) or was invited by someone else (`friendAlreadyInvited`); the deadline
 * passed (`friendTooLate`); no place is free, or someone waits (`eventFull`).
 */
export async function inviteFriend(
  db: Db,
  eventId: string,
  inviterId: string,
  address: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<FriendInvitation> {
  const email = address.trim().toLowerCase()
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [inviter] = await tx
      .select({ ...RECIPIENT_COLUMNS, accountEmail: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, inviterId))
    if (!inviter) throw new DomainError('notRegistered')
    if (inviter.accountEmail.toLowerCase() === email || inviter.email.toLowerCase() === email)
      throw new DomainError('inviteSelf')
    if (!event.friendsAllowed) throw new DomainError('friendsNotAllowed')
    const [mine] = await tx
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, inviterId)))
    if (mine?.status !== 'registered') throw new DomainError('notRegistered')
    const earlier = await liveInvitationOf(tx, eventId, inviterId)
    if (earlier && !(earlier.status === 'open' && earlier.expiresAt <= now))
      throw new DomainError('friendAlreadyInvited')
    // One whose time ran out no longer counts (the job would have lapsed it within a minute).
    await lapseFriendHolds(tx, event, now, mail, inviterId)
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`)
    if (member) throw new DomainError('friendHasAccount')
    const [taken] = await tx
      .select({ id: eventFriendInvitations.id })
      .from(eventFriendInvitations)
      .where(
        and(
          eq(eventFriendInvitations.eventId, eventId),
          eq(eventFriendInvitations.email, email),
          inArray(eventFriendInvitations.status, [...LIVE]),
        ),
      )
    if (taken) throw new DomainError('friendAlreadyInvited')
    const expiresAt = friendHoldUntil(event, now.getTime())
    if (expiresAt.getTime() <= now.getTime() || event.status !== 'inactive' || event.endedAt)
      throw new DomainError('friendTooLate')
    if ((await freePlaces(tx, event, now)) === 0 || (await someoneWaiting(tx, eventId)))
      throw new DomainError('eventFull')
    const [invitation] = await tx
      .insert(eventFriendInvitations)
      .values({ eventId, inviterId, email, invitedAt: now, expiresAt })
      .returning()
    if (!invitation) throw new Error('the invitation was not stored')
    const inviterName = inviter.fullName ?? inviter.givenName ?? inviter.email
    // In her language: the friend has no account yet, so no language of her own.
    await queueFriendInvitationEmail(tx, event, invitation, inviterName, inviter.language, mail)
    return invitation
  })
  mail.onEmailQueued()
  return result
}

/**
 * She takes her invitation back while it is still open: the place it held is offered to the
 * waiting list at once. Accepted, it is the friend's place (`friendAlreadyAccepted`).
 */
export async function withdrawFriendInvitation(
  db: Db,
  eventId: string,
  inviterId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const invitation = await liveInvitationOf(tx, eventId, inviterId)
    if (!invitation) throw new DomainError('friendInvitationNotFound')
    if (invitation.status === 'accepted') throw new DomainError('friendAlreadyAccepted')
    await tx
      .update(eventFriendInvitations)
      .set({ status: 'withdrawn', answeredAt: now })
      .where(eq(eventFriendInvitations.id, invitation.id))
    return offerFreePlaces(tx, event, mail, now)
  })
  if (queued > 0) mail.onEmailQueued()
}

/**
 * Her place is gone (she gave it back, the host took her off): her friend's invitation still
 * open goes with it (decision 0100), in the transaction that holds the event's lock, so the
 * caller's offerFreePlaces offers the place it held too. An accepted one stays: the friend's.
 */
export async function withdrawInvitationsOf(tx: Tx, eventId: string, inviterId: string, now: Date) {
  await tx
    .update(eventFriendInvitations)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(
      and(
        eq(eventFriendInvitations.eventId, eventId),
        eq(eventFriendInvitations.inviterId, inviterId),
        eq(eventFriendInvitations.status, 'open'),
      ),
    )
}

/**
 * Evenings not yet ended where she holds a place, waits, or has a friend's invitation open: what
 * deleting her account frees (auth/delete-account.ts), in the order their locks are taken.
 */
export async function eveningsToFree(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.endedAt),
        sql`(exists (select 1 from ${eventParticipants} where ${eventParticipants.eventId} = ${events.id} and ${eventParticipants.userId} = ${userId})
          or exists (select 1 from ${eventFriendInvitations} where ${eventFriendInvitations.eventId} = ${events.id} and ${eventFriendInvitations.inviterId} = ${userId} and ${eventFriendInvitations.status} = 'open'))`,
      ),
    )
    .orderBy(asc(events.id))
  return rows.map((row) => row.id)
}

/** Why the invitation cannot be accepted (any more), from its status and time. */
function refusal(invitation: FriendInvitation, now: Date) {
  if (invitation.status === 'withdrawn') return 'friendInvitationWithdrawn' as const
  if (invitation.status === 'lapsed' || invitation.expiresAt <= now)
    return 'friendInvitationLapsed' as const
  return null
}

/**
 * The friend, signed in with the invited address, accepts: she is registered on the place the
 * invitation held, with the registration e-mail and its calendar invitation. Accepting twice is
 * the same yes. Another account's invitation is not found (a stranger learns nothing).
 */
export async function acceptFriendInvitation(
  db: Db,
  invitationId: string,
  friendId: string,
  mail: PlaceMail,
  now = new Date(),
): Promise<{ eventId: string; result: 'accepted' | 'already' }> {
  const [found] = await db
    .select({ eventId: eventFriendInvitations.eventId })
    .from(eventFriendInvitations)
    .where(eq(eventFriendInvitations.id, invitationId))
  if (!found) throw new DomainError('friendInvitationNotFound')
  const outcome = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, found.eventId)
    const [invitation] = await tx
      .select()
      .from(eventFriendInvitations)
      .where(eq(eventFriendInvitations.id, invitationId))
    const [friend] = await tx
      .select({ ...RECIPIENT_COLUMNS, accountEmail: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, friendId))
    if (!invitation || !friend || friend.accountEmail.toLowerCase() !== invitation.email)
      throw new DomainError('friendInvitationNotFound')
    if (invitation.status === 'accepted') {
      if (invitation.friendId === friendId) return 'already' as const
      throw new DomainError('friendInvitationNotFound')
    }
    const refused = refusal(invitation, now)
    if (refused) throw new DomainError(refused)
    const [already] = await tx
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, friendId)))
    if (already) throw new DomainError('alreadyRegistered')
    // Taken after the lock, as registration does.
    const registeredAt = new Date(Math.max(now.getTime(), Date.now()))
    await tx
      .update(eventFriendInvitations)
      .set({ status: 'accepted', friendId, answeredAt: now })
      .where(eq(eventFriendInvitations.id, invitation.id))
    // The place was held for her: no count of free places, it is hers.
    await tx
      .insert(eventParticipants)
      .values({ eventId: event.id, userId: friendId, status: 'registered', registeredAt })
    await queueRegistrationEmail(tx, event, friend, mail, { status: 'registered', position: null })
    // The inviter hears it, in her language (none when she has deleted her account).
    const [inviter] = invitation.inviterId
      ? await tx
          .select(RECIPIENT_COLUMNS)
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.id))
          .where(eq(profiles.id, invitation.inviterId))
      : []
    if (inviter)
      await queueInviterEmail(
        tx,
        'friendAccepted',
        event,
        inviter,
        friend.fullName ?? friend.givenName ?? invitation.email,
        mail,
      )
    return 'accepted' as const
  })
  if (outcome === 'accepted') mail.onEmailQueued()
  return { eventId: found.eventId, result: outcome }
}

/**
 * The invitation as its link's page shows it to the friend signed in with the invited address:
 * the evening, who invited her, and where it stands. Another account's: not found.
 */
export async function invitationForFriend(
  db: Db,
  invitationId: string,
  friendId: string,
  now = new Date(),
) {
  const [row] = await db
    .select({
      invitation: eventFriendInvitations,
      inviterName: profiles.fullName,
      accountEmail: sql<string>`(select ${user.email} from ${user} where ${user.id} = ${friendId})`,
    })
    .from(eventFriendInvitations)
    // Her account deleted, the inviter has no name any more (decision 0100).
    .leftJoin(profiles, eq(profiles.id, eventFriendInvitations.inviterId))
    .where(eq(eventFriendInvitations.id, invitationId))
  if (!row || row.accountEmail?.toLowerCase() !== row.invitation.email)
    throw new DomainError('friendInvitationNotFound')
  const { invitation } = row
  if (invitation.status === 'accepted' && invitation.friendId !== friendId)
    throw new DomainError('friendInvitationNotFound')
  return {
    id: invitation.id,
    eventId: invitation.eventId,
    inviterName: row.inviterName ?? '',
    status:
      invitation.status === 'accepted'
        ? ('accepted' as const)
        : invitation.status === 'withdrawn'
          ? ('withdrawn' as const)
          : invitation.status === 'lapsed' || invitation.expiresAt <= now
            ? ('lapsed' as const)
            : ('open' as const),
    expiresAt: invitation.expiresAt,
  }
}

/** The inviter's invitation for each of `eventIds` (the latest one), for her events page. */
export async function invitationsBy(db: Db, inviterId: string, eventIds: string[], now: Date) {
  if (eventIds.length === 0) return new Map<string, InvitationView>()
  const rows = await db
    .select()
    .from(eventFriendInvitations)
    .where(
      and(
        eq(eventFriendInvitations.inviterId, inviterId),
        inArray(eventFriendInvitations.eventId, eventIds),
      ),
    )
    .orderBy(desc(eventFriendInvitations.invitedAt))
  const byEvent = new Map<string, InvitationView>()
  for (const row of rows)
    if (!byEvent.has(row.eventId) && row.status !== 'withdrawn' && row.email !== '')
      byEvent.set(row.eventId, view(row, now))
  return byEvent
}

export interface InvitationView {
  id: string
  email: string
  status: 'open' | 'accepted' | 'lapsed'
  expiresAt: Date
}

const view = (row: FriendInvitation, now: Date): InvitationView => ({
  id: row.id,
  email: row.email,
  status:
    row.status === 'open' && row.expiresAt > now
      ? 'open'
      : row.status === 'accepted'
        ? 'accepted'
        : 'lapsed',
  expiresAt: row.expiresAt,
})

/** How long a withdrawn or lapsed invitation keeps the friend's address (decision 0100). */
export const FRIEND_ADDRESS_RETENTION_DAYS = 30

/**
 * The janitor's part (janitor.ts): the friend's address of an invitation withdrawn or lapsed
 * before `cutoff` is erased; the row stays, for the counts. One still open whose hold ran out
 * before it (an evening that ended before the job lapsed it) is lapsed with it. Returns how many
 * addresses went.
 */
export const eraseFriendAddresses = (db: Db, cutoff: Date) =>
  inBatches(() =>
    db
      .update(eventFriendInvitations)
      .set({
        email: '',
        status: sql`case when ${eventFriendInvitations.status} = 'open' then 'lapsed' else ${eventFriendInvitations.status} end`,
        answeredAt: sql`coalesce(${eventFriendInvitations.answeredAt}, ${eventFriendInvitations.expiresAt})`,
      })
      .where(
        nextBatch(
          db,
          eventFriendInvitations,
          eventFriendInvitations.id,
          and(
            ne(eventFriendInvitations.email, ''),
            or(
              and(
                inArray(eventFriendInvitations.status, ['withdrawn', 'lapsed']),
                lt(eventFriendInvitations.answeredAt, cutoff),
              ),
              and(
                eq(eventFriendInvitations.status, 'open'),
                lt(eventFriendInvitations.expiresAt, cutoff),
              ),
            ),
          ),
        ),
      )
      .returning({ id: eventFriendInvitations.id }),
  )
