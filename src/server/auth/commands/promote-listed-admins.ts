import type { AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { promoteListed } from '../admin-setup.ts'
import { recordRoleChange } from './role-change.ts'

/** The server's configuration, as the actor of its promotions. */
const CONFIGURATION: AuditOrigin = {
  actor: { kind: 'system', userId: null, name: 'ADMIN_EMAILS', email: null },
}

/**
 * ADMIN_EMAILS: listed addresses are admins once the address is confirmed (at sign-up through
 * Google, when the e-mail link is followed, or at the next start for existing accounts), each
 * promotion audited in the same transaction. Returns how many accounts were promoted.
 */
export async function promoteListedAdmins(
  db: Db,
  listed: readonly string[],
  userId?: string,
): Promise<number> {
  if (listed.length === 0) return 0
  return db.transaction(async (tx) => {
    const promoted = await promoteListed(tx, listed, userId)
    for (const profile of promoted)
      await recordRoleChange(tx, { ...profile, isAdmin: false }, true, CONFIGURATION)
    return promoted.length
  })
}
