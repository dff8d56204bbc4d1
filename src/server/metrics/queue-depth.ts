import { count, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { campaignRecipients } from '../db/schema/campaigns.ts'
import { outbox } from '../db/schema/outbox.ts'

export interface QueueDepth {
  /** Transactional e-mails not sent yet (retries included). */
  outboxDepth: number
  /** How long the oldest of them has waited, by the database's clock; 0 when none waits. */
  outboxOldestSeconds: number
  /** Newsletter e-mails still to go, across every campaign. */
  campaignPending: number
}

/**
 * What is waiting to be sent, read at scrape time. Both reads find their rows through an index
 * on the status (outbox_due_idx; the recipients' partial index of pending rows), so they cost
 * what waits, not the history of what was sent.
 */
export async function readQueueDepth(db: Db): Promise<QueueDepth> {
  const [[queued], [campaigns]] = await Promise.all([
    db
      .select({
        depth: count(),
        oldest:
          sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)`.mapWith(
            Number,
          ),
      })
      .from(outbox)
      .where(eq(outbox.status, 'pending')),
    db
      .select({ pending: count() })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.status, 'pending')),
  ])
  return {
    outboxDepth: queued?.depth ?? 0,
    outboxOldestSeconds: Math.max(0, queued?.oldest ?? 0),
    campaignPending: campaigns?.pending ?? 0,
  }
}
