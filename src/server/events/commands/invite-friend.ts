import type { PlaceMail } from '../calendar-mail.ts'
import * as friends from '../friend-invitations.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * A member with a place invites one friend by e-mail (decision 0092); the invitation holds a
 * place. Her own act, like registering: no audit entry.
 */
export async function inviteFriend(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  inviterId: string,
  email: string,
  mail: PlaceMail,
) {
  const invitation = await friends.inviteFriend(db, eventId, inviterId, email, mail)
  live.changed(eventId)
  return invitation
}
