import { eq } from 'drizzle-orm'
import { recordAudit, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { mailSoftBounces, mailSuppressions } from '../../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../../db/schema/newsletter.ts'
import { DomainError } from '../../domain-error.ts'

/**
 * An admin lets the newsletter go to a suppressed address again (decision 83): the suppression,
 * its soft-bounce count and the subscription's bounce mark go, in one transaction with the
 * audit entry. A complaint's address has no subscription left: she must subscribe again.
 */
export async function liftSuppression(db: Db, email: string, origin: AuditOrigin) {
  const address = email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const [lifted] = await tx
      .delete(mailSuppressions)
      .where(eq(mailSuppressions.email, address))
      .returning()
    if (!lifted) throw new DomainError('suppressionNotFound')
    await tx.delete(mailSoftBounces).where(eq(mailSoftBounces.email, address))
    const [subscriber] = await tx
      .update(newsletterSubscribers)
      .set({ bouncedAt: null, bounceReason: null })
      .where(eq(newsletterSubscribers.email, address))
      .returning({ id: newsletterSubscribers.id })
    await recordAudit(
      tx,
      {
        action: 'subscriber.unsuppress',
        subject: { type: 'subscriber', id: subscriber?.id ?? null, label: address },
        before: { status: lifted.reason, mailSource: lifted.source, mailDetail: lifted.detail },
      },
      origin,
    )
    return { subscribed: subscriber !== undefined }
  })
}
