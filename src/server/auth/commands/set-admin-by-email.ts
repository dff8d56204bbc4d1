import { eq } from 'drizzle-orm'
import type { AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { recordRoleChange } from './role-change.ts'

/** Whoever runs `npm run admin` on the server. */
const OPERATOR: AuditOrigin = {
  actor: { kind: 'operator', userId: null, name: 'npm run admin', email: null },
}

/**
 * The CLI's grant and revoke, audited as the operator's. Returns false when no account has that
 * e-mail address.
 */
export async function setAdminByEmail(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: profiles.id, email: profiles.email, isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.email, email.trim().toLowerCase()))
      .for('update')
    if (!before) return false
    await tx
      .update(profiles)
      .set({ isAdmin, updatedAt: new Date() })
      .where(eq(profiles.id, before.id))
    await recordRoleChange(tx, before, isAdmin, OPERATOR)
    return true
  })
}
