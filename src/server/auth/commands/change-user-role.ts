import type { Logger } from 'pino'
import type { UserRole } from '#shared/schemas/admin-users.ts'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { setUserRole } from '../admin-users.ts'
import { findProfile } from '../profiles.ts'

/**
 * An admin grants or revokes another account's admin role (`setUserRole` keeps the last admin
 * and locks the admins' rows), audited in the same transaction. Returns her role now.
 */
export async function changeUserRole(
  { db, origin, log }: { db: Db; origin: AuditOrigin; log: Logger },
  userId: string,
  role: UserRole,
) {
  const updated = await audited(db, origin, async (tx) => {
    const before = await findProfile(tx, userId)
    const after = await setUserRole(tx, userId, role)
    return {
      result: after,
      audit: {
        action: role === 'admin' ? 'role.grant' : 'role.revoke',
        subject: { type: 'user', id: userId, label: before?.email ?? null },
        before: { isAdmin: before?.isAdmin ?? null },
        after: { isAdmin: after.isAdmin },
      },
    }
  })
  log.info({ userId, role, by: origin.actor.userId }, 'admin role changed')
  return updated
}
