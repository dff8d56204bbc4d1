import type { Logger } from 'pino'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { DomainError } from '../../domain-error.ts'
import * as subscribers from '../subscribers.ts'

/**
 * An admin removes a subscriber (her consent record and open links go with her), audited with
 * what was removed in the same transaction.
 */
export async function removeSubscriber(
  { db, origin, log }: { db: Db; origin: AuditOrigin; log: Logger },
  id: string,
): Promise<void> {
  await audited(db, origin, async (tx) => {
    const removed = await subscribers.removeSubscriber(tx, id)
    if (!removed) throw new DomainError('subscriberNotFound')
    return {
      result: null,
      audit: {
        action: 'subscriber.delete',
        subject: { type: 'subscriber', id, label: removed.email },
        before: removed,
      },
    }
  })
  log.info({ subscriberId: id }, 'newsletter subscriber removed by an admin')
}
