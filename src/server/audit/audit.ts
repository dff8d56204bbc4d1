import {
  AUDIT_SECRET_CHANGED,
  type AuditAction,
  type AuditActorKind,
  type AuditField,
  type AuditFieldValues,
  type AuditSubjectType,
  type AuditValue,
  type AuditValues,
} from '#shared/audit.ts'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { auditLog } from '../db/schema/audit.ts'
import type { AppEnv } from '../http/app-env.ts'
import { truncate } from '../http/truncate.ts'

export type AuditRow = typeof auditLog.$inferInsert

/** Who made a change, as she was at the time. */
export interface AuditActor {
  kind: AuditActorKind
  userId: string | null
  name: string | null
  email: string | null
}

/** Where the change came from: the actor, and for a request its client address and browser. */
export interface AuditOrigin {
  actor: AuditActor
  clientAddress?: string | null
  userAgent?: string | null
}

export interface AuditSubject {
  type: AuditSubjectType
  id: string | null
  /** What it was called at the time: an event's name, a member's address. */
  label?: string | null
}

/** What a change records besides who and when. */
export interface AuditDetails {
  action: AuditAction
  subject: AuditSubject
  /** For a change: the fields it changed, as they were and as they are now. */
  before?: AuditFieldValues | null
  after?: AuditFieldValues | null
  /** Fields whose values never reach the log: they show as changed, without either value. */
  secrets?: readonly AuditField[]
  /**
   * Fields that say what inside the subject was changed (the participant, the table): an edit's
   * entry keeps them on both sides although they did not change, or it would not say whom.
   */
  keep?: readonly AuditField[]
}

/** Plain values only: dates become ISO text, anything else not a value is left out. */
function plain(values: AuditFieldValues | null | undefined): AuditValues | null {
  if (!values) return null
  const out: AuditValues = {}
  for (const [key, value] of Object.entries(values)) {
    const kept = plainValue(value)
    if (kept !== undefined) out[key] = kept
  }
  return out
}

function plainValue(value: unknown): AuditValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
  return undefined
}

/**
 * Before and after of an edit, cut to the fields that changed and those kept to say what was
 * changed (both sides kept whole for a delete or a create). A secret that changed is logged as
 * changed, with no value.
 */
function diff(
  before: AuditValues | null,
  after: AuditValues | null,
  secrets: readonly string[],
  keep: readonly string[],
): { before: AuditValues | null; after: AuditValues | null } {
  const hide = (values: AuditValues | null) =>
    values &&
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        secrets.includes(key) ? AUDIT_SECRET_CHANGED : value,
      ]),
    )
  if (!before || !after) return { before: hide(before), after: hide(after) }
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  )
  if (changed.length === 0) return { before: null, after: null }
  const shown = [
    ...keep.filter((key) => !changed.includes(key) && (key in before || key in after)),
    ...changed,
  ]
  const pick = (values: AuditValues) =>
    Object.fromEntries(
      shown.map((key) => [
        key,
        secrets.includes(key) ? AUDIT_SECRET_CHANGED : (values[key] ?? null),
      ]),
    )
  return { before: pick(before), after: pick(after) }
}

/** The row an audited change inserts: a pure function of what happened and who did it. */
export function auditEntry(details: AuditDetails, origin: AuditOrigin): AuditRow {
  const { before, after } = diff(
    plain(details.before),
    plain(details.after),
    details.secrets ?? [],
    details.keep ?? [],
  )
  return {
    action: details.action,
    actorKind: origin.actor.kind,
    actorUserId: origin.actor.userId,
    actorName: origin.actor.name,
    actorEmail: origin.actor.email,
    subjectType: details.subject.type,
    subjectId: details.subject.id,
    subjectLabel: details.subject.label ?? null,
    clientAddress: origin.clientAddress ?? null,
    userAgent: origin.userAgent ? truncate(origin.userAgent) : null,
    before,
    after,
  }
}

/** Writes the entry with the caller's transaction: it commits, or rolls back, with the change. */
export async function recordAudit(
  tx: Tx,
  details: Parameters<typeof auditEntry>[0],
  origin: AuditOrigin,
): Promise<void> {
  // The moment of writing, not the transaction's start: entries one change writes (a round ended
  // and the next started, in one step) read in the order they happened.
  await tx.insert(auditLog).values({ ...auditEntry(details, origin), at: sql`clock_timestamp()` })
}

/** What auditOrigin reads of a request (any route's context). */
interface RequestContext {
  var: AppEnv['Variables']
  req: { header(name: string): string | undefined }
}

/**
 * The request's actor: the signed-in admin, or (on the door's routes) the member working it.
 * `kind` overrides what the role says (a member redeeming the first-admin link).
 */
export function auditOrigin(c: RequestContext, kind?: AuditActorKind): AuditOrigin {
  const user = c.var.user
  const profile = c.var.profile
  return {
    actor: {
      kind: kind ?? (profile?.isAdmin ? 'admin' : 'door_helper'),
      userId: user?.id ?? null,
      name: profile?.fullName ?? user?.name ?? null,
      email: profile?.email ?? user?.email ?? null,
    },
    clientAddress: c.var.clientAddress ?? null,
    userAgent: c.req.header('user-agent') ?? null,
  }
}

/** What an audited piece of work hands back: its result, and what the entry records. */
export interface Audited<T> {
  result: T
  audit: AuditDetails
}

/**
 * Runs a change and writes its audit entry in one transaction: both commit or neither does.
 * Work the change wants done only once it is committed (waking the mail sender) goes to
 * `afterCommit`, and runs after the commit, in order.
 */
export async function audited<T>(
  db: Db,
  origin: AuditOrigin,
  work: (tx: Tx, afterCommit: (effect: () => void) => void) => Promise<Audited<T>>,
): Promise<T> {
  const effects: (() => void)[] = []
  const result = await db.transaction(async (tx) => {
    const done = await work(tx, (effect) => effects.push(effect))
    await recordAudit(tx, done.audit, origin)
    return done.result
  })
  for (const effect of effects) effect()
  return result
}
