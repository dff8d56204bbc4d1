import { and, like, lt } from 'drizzle-orm'
import type { Logger } from 'pino'
import { deleteExpiredSessions, deleteUnverifiedAccounts } from './auth/stale-accounts.ts'
import type { Db } from './db/client.ts'
import { daysBefore, deleteInBatches } from './db/in-batches.ts'
import { rateLimit } from './db/schema/auth.ts'
import { mailWebhookReceipts } from './db/schema/mail-suppressions.ts'
import { parseEnv, type Env } from './env.ts'
import { purgeOldAuditEntries } from './audit/audit-log.ts'
import { eraseFriendAddresses, FRIEND_ADDRESS_RETENTION_DAYS } from './events/friend-invitations.ts'
import { deleteEmailRecords, eraseEmailBodies } from './mail/outbox.ts'
import { purgeOldDeliveryRecords } from './newsletter/campaigns.ts'
import { purgeStaleSubscriptions } from './newsletter/subscriptions.ts'

const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60_000
/** A week: longer than any provider retries a webhook, and than a signature's clock window. */
const WEBHOOK_RECEIPT_RETENTION_MS = 7 * 24 * 60 * 60_000

/**
 * How many days each kind of data is kept (env.ts reads them from the environment; the privacy
 * policy states the defaults, decision 0040).
 */
export interface RetentionDays {
  /** AUDIT_RETENTION_DAYS: audit log entries. */
  audit: number
  /** PENDING_SUBSCRIPTION_RETENTION_DAYS: newsletter sign-ups never confirmed, from the last request. */
  pendingSubscription: number
  /** UNVERIFIED_ACCOUNT_RETENTION_DAYS: accounts whose address was never confirmed. */
  unverifiedAccount: number
  /** EMAIL_BODY_RETENTION_DAYS: the content of sent e-mails (links and their tokens). */
  emailBody: number
  /** EMAIL_RECORD_RETENTION_DAYS: who got which e-mail when (address, kind, subject, language, dates). */
  emailRecord: number
}

export const retentionDays = (env: Env): RetentionDays => ({
  audit: env.AUDIT_RETENTION_DAYS,
  pendingSubscription: env.PENDING_SUBSCRIPTION_RETENTION_DAYS,
  unverifiedAccount: env.UNVERIFIED_ACCOUNT_RETENTION_DAYS,
  emailBody: env.EMAIL_BODY_RETENTION_DAYS,
  emailRecord: env.EMAIL_RECORD_RETENTION_DAYS,
})

/** The periods when nothing is configured (env.ts holds the numbers). */
export const RETENTION_DAYS_DEFAULT = retentionDays(parseEnv({}))

/**
 * One pass of housekeeping: deletes what is past its retention period (the privacy policy's
 * promises) and stale counters. Every statement takes at most BATCH_ROWS rows and skips rows
 * another process holds, so passes on several processes at once split the work (decision 0040).
 * Returns how many rows of each kind went.
 */
export async function tidyUp(db: Db, now = Date.now(), days = RETENTION_DAYS_DEFAULT) {
  const pendingSubscribers = await purgeStaleSubscriptions(db, now, days.pendingSubscription)
  const unverifiedAccounts = await deleteUnverifiedAccounts(db, now, days.unverifiedAccount)
  const { sessions: expiredSessions, tokens: expiredTokens } = await deleteExpiredSessions(db, now)
  const emailRecords = await deleteEmailRecords(db, daysBefore(now, days.emailRecord))
  const emailBodies = await eraseEmailBodies(db, daysBefore(now, days.emailBody))
  await deleteInBatches(
    db,
    rateLimit,
    rateLimit.id,
    and(like(rateLimit.key, 'app:%'), lt(rateLimit.lastRequest, now - RATE_LIMIT_RETENTION_MS)),
  )
  await purgeOldDeliveryRecords(db, now)
  // A few a day: one statement.
  await db
    .delete(mailWebhookReceipts)
    .where(lt(mailWebhookReceipts.receivedAt, new Date(now - WEBHOOK_RECEIPT_RETENTION_MS)))
  const auditEntries = await purgeOldAuditEntries(db, days.audit, now)
  const friendAddresses = await eraseFriendAddresses(
    db,
    daysBefore(now, FRIEND_ADDRESS_RETENTION_DAYS),
  )
  return {
    pendingSubscribers,
    unverifiedAccounts,
    expiredSessions,
    expiredTokens,
    emailBodies,
    emailRecords,
    auditEntries,
    friendAddresses,
  }
}

/** The janitor job's pass (jobs.ts): tidyUp, and a line saying what went, if anything did. */
export async function janitorPass(db: Db, logger: Logger, now: number, days: RetentionDays) {
  const counts = await tidyUp(db, now, days)
  const done = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
  if (Object.keys(done).length > 0) logger.info(done, 'data past its retention period deleted')
}
