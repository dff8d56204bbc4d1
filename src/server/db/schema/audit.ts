import { desc } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { AuditAction, AuditActorKind, AuditSubjectType, AuditValues } from '#shared/audit.ts'

/**
 * The audit log: one row per change an admin or door helper makes, written in the change's own
 * transaction. Actor and subject are copied as they were (text, no foreign key), so deleting an
 * account or an event never takes its entries with it. Rows are never updated; the janitor
 * deletes those older than AUDIT_RETENTION_DAYS (decision 0037).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').$type<AuditAction>().notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    subjectType: text('subject_type').$type<AuditSubjectType>().notNull(),
    subjectId: text('subject_id'),
    /** What the subject was called at the time (an event's name, a member's address). */
    subjectLabel: text('subject_label'),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (t) => [
    index('audit_log_at_idx').on(desc(t.at), desc(t.id)),
    index('audit_log_action_idx').on(t.action, desc(t.at)),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, desc(t.at)),
    index('audit_log_actor_idx').on(t.actorUserId, desc(t.at)),
  ],
)
