import { and, eq, or } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { account, session, user } from '../db/schema/auth.ts'
import { eventFriendInvitations, eventParticipants } from '../db/schema/events.ts'
import { media } from '../db/schema/media.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { profiles } from '../db/schema/profiles.ts'
import type { PlaceMail } from '../events/calendar-mail.ts'
import { lockEvent } from '../events/event-base.ts'
import { eveningsToFree, withdrawInvitationsOf } from '../events/friend-invitations.ts'
import { closeOfferOnLeaving, offerFreePlaces } from '../events/place-offers.ts'

/** A Google confirmation counts only right after signing in with Google again. */
export const GOOGLE_CONFIRMATION_WINDOW_MS = 5 * 60_000

export async function accountProviders(db: Db, userId: string) {
  const rows = await db
    .select({ providerId: account.providerId, password: account.password })
    .from(account)
    .where(eq(account.userId, userId))
  return {
    passwordHash: rows.find((r) => r.providerId === 'credential')?.password ?? null,
    google: rows.some((r) => r.providerId === 'google'),
  }
}

/**
 * Deletes everything that is the member's, in one transaction: all or nothing. Her event
 * registrations, seats and the pairs a host kept apart go with the user row (foreign keys with
 * ON DELETE CASCADE), so she also leaves other members' "people you met" lists, which are read
 * from the seats; event images belong to events, not to her. A friend's invitation she accepted
 * goes with the user row too; one sent to her address before she had an account goes here (an
 * open one frees the place it held). Her places at evenings to come, and the places her friends'
 * open invitations held, go to their waiting lists at once, as when she gives one back (decision
 * 0100); the invitations she sent stay without her (the foreign key sets null), the open ones
 * withdrawn, so the friend's link says it is no longer valid; an accepted one stays the friend's
 * place.
 */
export async function deleteAccountData(db: Db, userId: string, mail: PlaceMail): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    const offered = await freeHerPlaces(tx, userId)
    // Her newsletter subscription: the one she made signed in, and any for her account address.
    await tx
      .delete(newsletterSubscribers)
      .where(
        or(
          eq(newsletterSubscribers.userId, userId),
          eq(newsletterSubscribers.email, (owner?.email ?? '').toLowerCase()),
        ),
      )
    await tx
      .delete(eventFriendInvitations)
      .where(eq(eventFriendInvitations.email, (owner?.email ?? '').toLowerCase()))
    await tx.delete(media).where(eq(media.ownerId, userId))
    await tx.delete(session).where(eq(session.userId, userId))
    await tx.delete(account).where(eq(account.userId, userId))
    await tx.delete(profiles).where(eq(profiles.id, userId))
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id })
    if (deleted.length !== 1) throw new Error(`user ${userId} vanished during deletion`)
    return offered
  })
  if (queued > 0) mail.onEmailQueued()

  /** Each evening she had a part in, under its lock: her part withdrawn, the places offered. */
  async function freeHerPlaces(tx: Tx, id: string) {
    const now = new Date()
    let offered = 0
    for (const eventId of await eveningsToFree(tx, id)) {
      const event = await lockEvent(tx, eventId)
      await tx
        .delete(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, id)))
      await closeOfferOnLeaving(tx, eventId, id, now)
      await withdrawInvitationsOf(tx, eventId, id, now)
      offered += await offerFreePlaces(tx, event, mail, now)
    }
    return offered
  }
}

/** Whether the current session began with a Google sign-in a moment ago. */
export async function freshGoogleSession(
  db: Db,
  sessionId: string,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(eq(session.id, sessionId))
  return Boolean(row && now - row.createdAt.getTime() <= GOOGLE_CONFIRMATION_WINDOW_MS)
}
