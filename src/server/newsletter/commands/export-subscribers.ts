import type { SubscribersQuery } from '#shared/schemas/newsletter.ts'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { exportSubscribersCsv } from '../subscribers.ts'

/**
 * An admin exports the subscribers the search and filter match as CSV: the export is recorded in
 * the audit log, with its search and filter, in the transaction that reads them.
 */
export async function exportSubscribers(
  db: Db,
  origin: AuditOrigin,
  query: Pick<SubscribersQuery, 'q' | 'status'>,
): Promise<string> {
  return audited(db, origin, async (tx) => ({
    result: await exportSubscribersCsv(tx, query),
    audit: {
      action: 'export.subscribers',
      subject: { type: 'subscribers', id: null },
      after: { q: query.q, status: query.status },
    },
  }))
}
