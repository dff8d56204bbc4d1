import { type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { promoteWithSetupLink } from '../admin-setup.ts'
import { recordRoleChange } from './role-change.ts'

/**
 * The signed-in member opens the printed first-admin link: she becomes the admin if the token is
 * one of the printed, unexpired ones and the site still has no admin (admin-setup.ts), and the
 * promotion is audited in the same transaction. A refused link changes nothing and is not
 * audited. Says whether she was promoted.
 */
export async function redeemAdminSetupToken(
  db: Db,
  token: string,
  member: { id: string; email: string },
  origin: AuditOrigin,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const promoted = await promoteWithSetupLink(tx, token, member.id, now)
    if (promoted)
      await recordRoleChange(
        tx,
        { id: member.id, email: member.email, isAdmin: false },
        true,
        origin,
      )
    return promoted
  })
}
