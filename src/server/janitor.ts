import { and, inArray, like, lt } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from './db/client.ts'
import { rateLimit } from './db/schema/auth.ts'
import { outbox } from './db/schema/outbox.ts'
import { purgeOldAuditEntries } from './audit/audit-log.ts'
import { purgeOldDeliveryRecords } from './newsletter/campaigns.ts'
import { purgeStaleSubscriptions } from './newsletter/subscriptions.ts'

const EVERY_MS = 60 * 60_000
/** Sent e-mails hold links (tokens) that live up to 7 days; their copies go after that. */
const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60_000
/** AUDIT_RETENTION_DAYS' default: two years, as the privacy policy says. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 730

/** One pass of housekeeping: what the privacy policy promises to delete (old audit entries too), and stale counters. */
export async function tidyUp(
  db: Db,
  now = Date.now(),
  auditRetentionDays = AUDIT_RETENTION_DAYS_DEFAULT,
) {
  const pendingSubscribers = await purgeStaleSubscriptions(db, now)
  await db
    .delete(outbox)
    .where(
      and(
        inArray(outbox.status, ['sent', 'failed']),
        lt(outbox.createdAt, new Date(now - OUTBOX_RETENTION_MS)),
      ),
    )
  await db
    .delete(rateLimit)
    .where(
      and(like(rateLimit.key, 'app:%'), lt(rateLimit.lastRequest, now - RATE_LIMIT_RETENTION_MS)),
    )
  await purgeOldDeliveryRecords(db, now)
  const auditEntries = await purgeOldAuditEntries(db, auditRetentionDays, now)
  return { pendingSubscribers, auditEntries }
}

/** Runs tidyUp at start and then hourly; any server process may do it, as each pass is idempotent. */
export function startJanitor(
  db: Db,
  logger: Logger,
  auditRetentionDays = AUDIT_RETENTION_DAYS_DEFAULT,
) {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= tidyUp(db, Date.now(), auditRetentionDays)
      .then(({ pendingSubscribers, auditEntries }) => {
        if (pendingSubscribers > 0)
          logger.info({ pendingSubscribers }, 'expired newsletter sign-ups deleted')
        if (auditEntries > 0)
          logger.info({ auditEntries }, 'audit log entries past retention deleted')
      })
      .catch((error: unknown) => logger.error({ err: error }, 'housekeeping failed'))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(run, 1_000)
  const timer = setInterval(run, EVERY_MS)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
