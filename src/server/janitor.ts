import { and, like, lt } from 'drizzle-orm'
import type { Logger } from 'pino'
import { deleteExpiredSessions, deleteUnverifiedAccounts } from './auth/stale-accounts.ts'
import type { Db } from './db/client.ts'
import { daysBefore, deleteInBatches } from './db/in-batches.ts'
import { rateLimit } from './db/schema/auth.ts'
import { parseEnv, type Env } from './env.ts'
import { purgeOldAuditEntries } from './audit/audit-log.ts'
import { deleteEmailRecords, eraseEmailBodies } from './mail/outbox.ts'
import { purgeOldDeliveryRecords } from './newsletter/campaigns.ts'
import { purgeStaleSubscriptions } from './newsletter/subscriptions.ts'
import { closeKlikkWindows, type KlikkMail } from './klikk/commands/close-klikk-windows.ts'

const EVERY_MS = 60 * 60_000
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60_000

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
export async function tidyUp(
  db: Db,
  now = Date.now(),
  days = RETENTION_DAYS_DEFAULT,
  /** The klikk windows' e-mails (the scheduler will take this over). */
  klikk?: KlikkMail,
) {
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
  const auditEntries = await purgeOldAuditEntries(db, days.audit, now)
  const klikkEmails = klikk
    ? { klikkEmails: await closeKlikkWindows(db, new Date(now), klikk) }
    : {}
  return {
    ...klikkEmails,
    pendingSubscribers,
    unverifiedAccounts,
    expiredSessions,
    expiredTokens,
    emailBodies,
    emailRecords,
    auditEntries,
  }
}

/** Runs tidyUp at start and then hourly; any server process may do it, as each pass is idempotent. */
export function startJanitor(
  db: Db,
  logger: Logger,
  days = RETENTION_DAYS_DEFAULT,
  klikk?: KlikkMail,
) {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= tidyUp(db, Date.now(), days, klikk)
      .then((counts) => {
        const done = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
        if (Object.keys(done).length > 0)
          logger.info(done, 'data past its retention period deleted')
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
