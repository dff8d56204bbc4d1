import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema/outbox.ts'

const BATCH_SIZE = 10
const MAX_ATTEMPTS = 20
/** A claimed message is left alone by other processes for this long. */
const LEASE_MS = 5 * 60_000

/** 10 s, 20 s, 40 s … capped at one hour: about a day of retries in all. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

export interface MailWorker {
  /** Look for due e-mails now (called after a request queued one). */
  wake(): void
  /** Send everything that is due, then resolve (tests). */
  drain(): Promise<void>
  stop(): Promise<void>
}

export interface MailWorkerOptions {
  db: Db
  logger: Logger
  from: string
  /** SMTP URL; without it e-mails are only logged (and shown in the dev mailbox). */
  smtpUrl?: string
  pollMs?: number
}

export function startMailWorker({
  db,
  logger,
  from,
  smtpUrl,
  pollMs = 5_000,
}: MailWorkerOptions): MailWorker {
  const transport: Transporter | null = smtpUrl ? createTransport(smtpUrl) : null
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  async function sendDue(): Promise<void> {
    for (;;) {
      // Claim due messages by pushing their next attempt into the future, so that another
      // process polling the same database does not send them too.
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, new Date())))
          .orderBy(asc(outbox.id))
          .limit(BATCH_SIZE)
          .for('update', { skipLocked: true })
        if (due.length === 0) return []
        return tx
          .update(outbox)
          .set({
            nextAttemptAt: new Date(Date.now() + LEASE_MS),
            attempts: sql`${outbox.attempts} + 1`,
          })
          .where(
            inArray(
              outbox.id,
              due.map((row) => row.id),
            ),
          )
          .returning()
      })
      if (claimed.length === 0 || stopped) return
      for (const message of claimed) {
        try {
          if (transport) {
            await transport.sendMail({
              from,
              to: message.toAddress,
              subject: message.subject,
              html: message.html,
              text: message.text,
              headers: message.headers,
            })
          } else {
            logger.info(
              { to: message.toAddress, kind: message.kind, text: message.text },
              'e-mail (no SMTP_URL: not sent)',
            )
          }
          await db
            .update(outbox)
            .set({ status: 'sent', sentAt: new Date(), lastError: null })
            .where(eq(outbox.id, message.id))
          logger.info({ id: message.id, kind: message.kind }, 'e-mail sent')
        } catch (error) {
          const giveUp = message.attempts >= MAX_ATTEMPTS
          const reason = error instanceof Error ? error.message : String(error)
          await db
            .update(outbox)
            .set({
              status: giveUp ? 'failed' : 'pending',
              lastError: reason,
              nextAttemptAt: new Date(Date.now() + retryDelayMs(message.attempts)),
            })
            .where(eq(outbox.id, message.id))
          logger.warn(
            { id: message.id, kind: message.kind, attempts: message.attempts, err: reason },
            giveUp ? 'e-mail failed for good' : 'e-mail failed, will retry',
          )
        }
      }
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await sendDue()
        } catch (error) {
          logger.error({ err: error }, 'mail worker pass failed')
        }
      } while (again && !stopped)
    })().finally(() => {
      running = null
    })
    return running
  }

  const timer = setInterval(() => void run(), pollMs)
  timer.unref()

  return {
    wake: () => void run(),
    async drain() {
      await run()
      if (running) await running
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      if (running) await running
      transport?.close()
    },
  }
}
