import type { Logger } from 'pino'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { DomainError } from '../../domain-error.ts'
import { exportedMember, memberDataZip } from '../data-export.ts'

/**
 * An admin downloads a member's data for her (she asked by e-mail): the export is recorded in the
 * audit log before anything is sent, then the ZIP is built as it is read (data-export.ts).
 */
export async function exportMemberData(
  { db, origin, log }: { db: Db; origin: AuditOrigin; log: Logger },
  userId: string,
): Promise<ReadableStream<Uint8Array>> {
  const member = await audited(db, origin, async (tx) => {
    const found = await exportedMember(tx, userId)
    if (!found) throw new DomainError('memberNotFound')
    return {
      result: found,
      audit: {
        action: 'export.member_data',
        subject: { type: 'user', id: userId, label: found.email },
      },
    }
  })
  log.info({ userId, by: origin.actor.userId }, 'member data exported')
  return memberDataZip(db, member)
}
