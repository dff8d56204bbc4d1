import type { AuditQuery } from '#shared/audit.ts'
import { audited, type AuditOrigin } from '../audit.ts'
import type { Db } from '../../db/client.ts'
import { exportAuditCsv } from '../audit-log.ts'

/** An admin exports the audit log as CSV: the export is itself an entry, with its filters. */
export async function exportAuditLog(
  db: Db,
  origin: AuditOrigin,
  /** The page is not a filter: the export takes every match. */
  filters: Omit<AuditQuery, 'page'>,
): Promise<string> {
  return audited(db, origin, async (tx) => ({
    result: await exportAuditCsv(tx, filters),
    audit: { action: 'export.audit', subject: { type: 'audit', id: null }, after: filters },
  }))
}
