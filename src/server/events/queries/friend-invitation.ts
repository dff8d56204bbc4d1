import type { Db } from '../../db/client.ts'
import { invitationForFriend } from '../friend-invitations.ts'

/** The invitation as its e-mailed link's page shows it to the invited friend (decision 0092). */
export function friendInvitation(db: Db, invitationId: string, friendId: string) {
  return invitationForFriend(db, invitationId, friendId)
}
