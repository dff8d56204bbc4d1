import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/audit.ts'
import type { Db, Tx } from '../../db/client.ts'
import { newsletterSubscribers } from '../../db/schema/newsletter.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { welcomeDeliveries, welcomeRecipients } from '../../db/schema/welcome-series.ts'
import { hashEmail } from '../../newsletter/tokens.ts'
import { forgetPendingChange, pendingEmailChange } from '../change-email.ts'

/**
 * Her newsletter subscription moves to the new address, confirmed or still waiting for its link
 * (which then confirms it there). When the new address already has one: a confirmed one stays
 * and the old goes (she is on the list once); a pending one (never confirmed) gives way to hers,
 * which keeps its consent record. Says whether she had one to move.
 */
async function moveSubscription(tx: Tx, from: string, to: string, userId: string, secret: string) {
  const [old] = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, from))
    .for('update')
  if (!old) return false
  const [there] = await tx
    .select({ id: newsletterSubscribers.id, verified: newsletterSubscribers.verified })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, to))
  if (there?.verified) {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, old.id))
    return true
  }
  if (there) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, there.id))
  await tx
    .update(newsletterSubscribers)
    .set({ email: to, userId, updatedAt: new Date() })
    .where(eq(newsletterSubscribers.id, old.id))
  await carryWelcomeSeries(tx, old.id, hashEmail(secret, from), hashEmail(secret, to))
  return true
}

/**
 * The welcome series knows what an address got by the address's keyed hash (decision 0090). Her
 * moved subscription keeps its place in the series, and what her old address got counts for the
 * new one too: should she leave and subscribe again with the new address, she does not start over.
 */
async function carryWelcomeSeries(tx: Tx, subscriberId: string, oldHash: string, newHash: string) {
  const got = await tx
    .select()
    .from(welcomeDeliveries)
    .where(eq(welcomeDeliveries.addressHash, oldHash))
  if (got.length > 0)
    await tx
      .insert(welcomeDeliveries)
      .values(got.map((row) => ({ ...row, addressHash: newHash })))
      .onConflictDoNothing()
  await tx
    .update(welcomeRecipients)
    .set({ addressHash: newHash })
    .where(eq(welcomeRecipients.subscriberId, subscriberId))
}

/**
 * After Better Auth changed the user's address (the link was opened): her profile follows, her
 * subscription too unless she said to leave it (whatever it was when she asked: it is looked up
 * now), and the audit log records it, all in one transaction. Any other update of the user (her
 * name) finds the addresses equal and does nothing.
 */
export async function followEmailChange(
  db: Db,
  updated: { id: string; email: string },
  secret: string,
) {
  const [profile] = await db
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, updated.id))
  if (!profile || profile.email === updated.email) return
  await db.transaction(async (tx) => {
    const pending = await pendingEmailChange(tx, updated.id)
    await tx
      .update(profiles)
      .set({ email: updated.email, updatedAt: new Date() })
      .where(eq(profiles.id, updated.id))
    // Only her request can say "leave it"; with none (an address changed another way) it moves.
    const move = pending?.to !== updated.email || pending.moveNewsletter
    const moved =
      move && (await moveSubscription(tx, profile.email, updated.email, updated.id, secret))
    await forgetPendingChange(tx, updated.id)
    await recordAudit(
      tx,
      {
        action: 'account.email_change',
        subject: { type: 'user', id: updated.id, label: updated.email },
        before: { email: profile.email },
        after: { email: updated.email, newsletterMoved: moved },
      },
      {
        actor: {
          kind: 'member',
          userId: updated.id,
          name: profile.fullName,
          email: profile.email,
        },
      },
    )
  })
}
