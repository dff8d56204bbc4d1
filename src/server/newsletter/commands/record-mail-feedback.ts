import { and, eq, sql } from 'drizzle-orm'
import { recordAudit } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import {
  mailSoftBounces,
  mailSuppressions,
  mailWebhookReceipts,
  type MailFeedbackSource,
  type SuppressionReason,
} from '../../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../../db/schema/newsletter.ts'
import { truncate } from '../../http/truncate.ts'

/**
 * Soft bounces in a row (no delivery in between) after which an address is suppressed. One is a
 * full mailbox or a greylisting server; three campaigns in a row, weeks apart, is an abandoned
 * mailbox. listmonk's default is two; three spares a reader whose provider had one bad week.
 */
export const SOFT_BOUNCES_TO_SUPPRESS = 3

/** What a receiving server or a provider said about one address. */
export interface MailFeedback {
  /** `delivered`: a receiving server took an e-mail to this address, which ends a row of soft bounces. */
  kind: 'hard_bounce' | 'soft_bounce' | 'complaint' | 'delivered'
  email: string
  detail?: string | null
  source: MailFeedbackSource
  /** The provider's id of this report, so that a replay changes nothing. */
  receiptId?: string
}

export type MailFeedbackOutcome =
  /** Recorded: the address is suppressed now, one soft bounce more is counted, or the count ends. */
  | 'recorded'
  /** Not an address the newsletter knows: nothing is stored. */
  | 'unknown'
  /** This report was taken before: nothing changes. */
  | 'replayed'

const SYSTEM = { actor: { kind: 'system' as const, userId: null, name: 'mail', email: null } }

/**
 * A bounce or a complaint about an address (decision 0083). One transaction: a report taken
 * before changes nothing; else, for a subscriber of the newsletter, its receipt is kept and:
 * - a hard bounce suppresses the address and marks her subscription bounced;
 * - a soft bounce is counted, and the SOFT_BOUNCES_TO_SUPPRESS-th in a row suppresses;
 * - a complaint suppresses the address, unsubscribes her (her row and consent record go, as
 *   with any unsubscribe) and writes an audit entry.
 * A delivery ends a row of soft bounces ("in a row": one that went through in between starts the
 * count again). It keeps no receipt: taking it twice changes nothing, and a provider reports
 * every delivery, so receipts for them would grow with every campaign.
 * An address that is not a subscriber is ignored and leaves no trace.
 */
export async function recordMailFeedback(
  db: Db,
  feedback: MailFeedback,
): Promise<MailFeedbackOutcome> {
  const email = feedback.email.trim().toLowerCase()
  const detail = feedback.detail ? truncate(feedback.detail, 500) : null
  if (feedback.kind === 'delivered') {
    await db.delete(mailSoftBounces).where(eq(mailSoftBounces.email, email))
    return 'recorded'
  }
  return db.transaction(async (tx) => {
    const receipt =
      feedback.receiptId === undefined
        ? undefined
        : and(
            eq(mailWebhookReceipts.source, feedback.source),
            eq(mailWebhookReceipts.eventId, feedback.receiptId),
          )
    // Before the address: a replayed complaint finds her already gone.
    if (receipt && (await tx.select().from(mailWebhookReceipts).where(receipt)).length > 0)
      return 'replayed'
    const [subscriber] = await tx
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update')
    if (!subscriber) return 'unknown'
    if (feedback.receiptId !== undefined) {
      const taken = await tx
        .insert(mailWebhookReceipts)
        .values({ source: feedback.source, eventId: feedback.receiptId })
        .onConflictDoNothing()
        .returning({ eventId: mailWebhookReceipts.eventId })
      if (taken.length === 0) return 'replayed'
    }
    const suppress = async (reason: SuppressionReason) => {
      await tx
        .insert(mailSuppressions)
        .values({ email, reason, source: feedback.source, detail })
        .onConflictDoUpdate({
          target: mailSuppressions.email,
          // A complaint says more than a bounce: it replaces one, never the other way round.
          set:
            reason === 'complaint'
              ? { reason, source: feedback.source, detail, createdAt: sql`now()` }
              : { email },
        })
      await tx.delete(mailSoftBounces).where(eq(mailSoftBounces.email, email))
    }
    if (feedback.kind === 'complaint') {
      await suppress('complaint')
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id))
      await recordAudit(
        tx,
        {
          action: 'subscriber.complaint',
          subject: { type: 'subscriber', id: subscriber.id, label: email },
          before: { mailSource: feedback.source, mailDetail: detail },
        },
        SYSTEM,
      )
      return 'recorded'
    }
    if (feedback.kind === 'soft_bounce') {
      const [counted] = await tx
        .insert(mailSoftBounces)
        .values({ email, count: 1 })
        .onConflictDoUpdate({
          target: mailSoftBounces.email,
          set: { count: sql`${mailSoftBounces.count} + 1`, lastAt: sql`now()` },
        })
        .returning({ count: mailSoftBounces.count })
      if ((counted?.count ?? 0) < SOFT_BOUNCES_TO_SUPPRESS) return 'recorded'
    }
    await suppress(feedback.kind === 'hard_bounce' ? 'hard_bounce' : 'soft_bounces')
    await tx
      .update(newsletterSubscribers)
      .set({
        bouncedAt: sql`coalesce(${newsletterSubscribers.bouncedAt}, now())`,
        bounceReason: detail ?? feedback.kind,
      })
      .where(eq(newsletterSubscribers.id, subscriber.id))
    return 'recorded'
  })
}
