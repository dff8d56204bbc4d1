import { and, eq, like, sql } from 'drizzle-orm'
import { recordAudit } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { session, twoFactor, user, verification } from '../../db/schema/auth.ts'

/**
 * `npm run admin -- reset-2fa <email>`: she lost her phone and her backup codes. Her two-step
 * sign-in is turned off (secret and backup codes deleted), every session of hers ends (one may
 * be on the lost phone), and browsers she trusted for 30 days ask again. She then signs in with
 * her password; an admin is asked to set two-step sign-in up again before the admin area opens.
 * The audit log records it as the operator's. Returns false when no account has that address.
 */
export async function resetTwoStepByEmail(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, twoFactorEnabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update')
    if (!found) return false
    await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id))
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, found.id))
    await tx.delete(session).where(eq(session.userId, found.id))
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, 'trust-device-%'), eq(verification.value, found.id)))
    await recordAudit(
      tx,
      {
        action: 'two_factor.reset',
        subject: { type: 'user', id: found.id, label: found.email },
        before: { twoFactorEnabled: found.twoFactorEnabled },
        after: { twoFactorEnabled: false },
      },
      { actor: { kind: 'operator', userId: null, name: 'npm run admin', email: null } },
    )
    return true
  })
}
