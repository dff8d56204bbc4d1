import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import {
  AUDIT_CSV_LIMIT,
  AUDIT_PAGE_SIZE,
  auditValuesSchema,
  type AuditEntry,
  type AuditQuery,
} from '#shared/audit.ts'
import { csvDocument } from '../csv.ts'
import type { Db } from '../db/client.ts'
import { daysBefore, inBatches, nextBatch } from '../db/in-batches.ts'
import { auditLog } from '../db/schema/audit.ts'
import { containsPattern } from '../db/like-pattern.ts'

/** Days are the admin's: Budapest's calendar, whatever the server's clock zone. */
const TIME_ZONE = 'Europe/Budapest'

function filterOf(query: Omit<AuditQuery, 'page'>): SQL | undefined {
  const actor = query.actor
    ? or(
        eq(auditLog.actorUserId, query.actor),
        ilike(auditLog.actorName, containsPattern(query.actor)),
        ilike(auditLog.actorEmail, containsPattern(query.actor)),
      )
    : undefined
  return and(
    actor,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.subjectType ? eq(auditLog.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
    query.from
      ? sql`${auditLog.at} >= (${query.from}::date)::timestamp at time zone ${TIME_ZONE}`
      : undefined,
    query.to
      ? sql`${auditLog.at} < (${query.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`
      : undefined,
  )
}

type Row = typeof auditLog.$inferSelect

/** A stored row as the API answers it; before/after are read back through their schema. */
function entryOf(row: Row): AuditEntry {
  const values = (stored: unknown) => {
    const parsed = auditValuesSchema.safeParse(stored)
    return parsed.success ? parsed.data : null
  }
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: {
      kind: row.actorKind,
      userId: row.actorUserId,
      name: row.actorName,
      email: row.actorEmail,
    },
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    before: values(row.before),
    after: values(row.after),
  }
}

/** One page of the log, newest first, with how many entries match. */
export async function listAudit(db: Db, query: AuditQuery) {
  const where = filterOf(query)
  const [rows, [matching]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ])
  return {
    entries: rows.map(entryOf),
    matching: matching?.n ?? 0,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
  }
}

const CSV_HEADER = [
  'at',
  'action',
  'actor_kind',
  'actor_user_id',
  'actor_name',
  'actor_email',
  'subject_type',
  'subject_id',
  'subject_label',
  'client_address',
  'user_agent',
  'before',
  'after',
]

/** Every entry the filters match (newest first, at most AUDIT_CSV_LIMIT), as CSV. */
export async function exportAuditCsv(db: Db, query: Omit<AuditQuery, 'page'>) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(filterOf(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_CSV_LIMIT)
  const json = (values: unknown) => (values ? JSON.stringify(values) : '')
  return csvDocument([
    CSV_HEADER,
    ...rows.map((row) => [
      row.at.toISOString(),
      row.action,
      row.actorKind,
      row.actorUserId ?? '',
      row.actorName ?? '',
      row.actorEmail ?? '',
      row.subjectType,
      row.subjectId ?? '',
      row.subjectLabel ?? '',
      row.clientAddress ?? '',
      row.userAgent ?? '',
      json(row.before),
      json(row.after),
    ]),
  ])
}

/**
 * Deletes the entries older than the retention period (AUDIT_RETENTION_DAYS). The table refuses
 * deletes (migration 0014) unless the transaction says it is this job; BATCH_ROWS a transaction,
 * skipping rows another process holds, so any number of processes may run it at once.
 */
export async function purgeOldAuditEntries(
  db: Db,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  const old = lt(auditLog.at, daysBefore(now, retentionDays))
  return inBatches(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lendulet.audit_retention', 'on', true)`)
      return tx
        .delete(auditLog)
        .where(nextBatch(tx, auditLog, auditLog.id, old))
        .returning({ id: auditLog.id })
    }),
  )
}
