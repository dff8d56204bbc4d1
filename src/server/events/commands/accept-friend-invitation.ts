import type { PlaceMail } from '../calendar-mail.ts'
import * as friends from '../friend-invitations.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * The invited friend, signed in with the invited address, takes the place held for her: under the
 * event's lock, so it is never given twice. Her own act: no audit entry. Twice is the same yes.
 */
export async function acceptFriendInvitation(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  invitationId: string,
  friendId: string,
  mail: PlaceMail,
) {
  const { eventId, result } = await friends.acceptFriendInvitation(db, invitationId, friendId, mail)
  if (result === 'accepted') live.changed(eventId)
  return { eventId, result }
}
