import type { PlaceMail } from '../calendar-mail.ts'
import * as friends from '../friend-invitations.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * She takes back her friend's invitation before it is accepted; the place it held goes to the
 * waiting list at once. Her own act: no audit entry.
 */
export async function withdrawFriendInvitation(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  inviterId: string,
  mail: PlaceMail,
): Promise<void> {
  await friends.withdrawFriendInvitation(db, eventId, inviterId, mail)
  live.changed(eventId)
}
