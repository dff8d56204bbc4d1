import { recordAudit, type AuditOrigin } from '../../audit/audit.ts'
import type { Tx } from '../../db/client.ts'

/**
 * Not a command: what the role commands share. The entry of a granted or revoked admin role,
 * written with the caller's transaction.
 */
export function recordRoleChange(
  tx: Tx,
  before: { id: string; email: string | null; isAdmin: boolean | null },
  isAdmin: boolean,
  origin: AuditOrigin,
) {
  return recordAudit(
    tx,
    {
      action: isAdmin ? 'role.grant' : 'role.revoke',
      subject: { type: 'user', id: before.id, label: before.email },
      before: { isAdmin: before.isAdmin },
      after: { isAdmin },
    },
    origin,
  )
}
