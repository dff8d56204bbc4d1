import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Logger } from 'pino'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema/outbox.ts'
import { domainOf, type CampaignDelivery } from '../newsletter/campaign-delivery.ts'
import { campaignSending } from '../newsletter/campaign-sending.ts'
import { createScheduler, type PassResult, type Scheduler } from '../scheduler/scheduler.ts'
import { openSmtpLane } from './smtp-lane.ts'
import {
  DEFAULT_MAIL_TIMEOUTS,
  POOL_CONNECTIONS,
  createSmtpOutage,
  isServerDown,
  retryDelayMs,
  type MailTimeouts,
} from './smtp-link.ts'

export {
  DEFAULT_MAIL_TIMEOUTS,
  POOL_CONNECTIONS,
  retryDelayMs,
  type MailTimeouts,
} from './smtp-link.ts'

const MAX_ATTEMPTS = 20

/** Time for the bookkeeping after a send: its lease outlasts the deadline by this much. */
const LEASE_MARGIN_MS = 60_000
/** While the SMTP server is unreachable, one message is tried at most this often. */
const MAX_PAUSE_MS = 60_000

export interface MailWorker {
  /** Look for due e-mails now (called after a request queued one). */
  wake(): void
  /** Send everything that is due, then resolve (tests). */
  drain(): Promise<void>
  /** Stops polling; a send in flight finishes first (it is bounded by timeouts.sendMs). */
  stop(): Promise<void>
}

export interface MailWorkerOptions {
  db: Db
  logger: Logger
  /** Every e-mail's From, read at each send: the owner can change the sender name meanwhile. */
  from: () => string
  /** SMTP URL; without it e-mails are only logged (and shown in the dev mailbox). */
  smtpUrl?: string
  /** How often it looks for due e-mails by itself (jobs.ts: the outbox's and campaigns' everyMs). */
  pollMs?: number
  timeouts?: Partial<MailTimeouts>
  /**
   * How long a claimed message is left alone by every other worker. It must outlast
   * timeouts.sendMs, so that no send is still running when another worker may claim its message;
   * by default it is sendMs + 60 s.
   */
  leaseMs?: number
  /** First retry delay of a failed message, doubling per attempt (and of a paused queue). */
  retryBaseMs?: number
  /** Longest pause between tries while the SMTP server does not answer. */
  maxPauseMs?: number
  /**
   * Newsletter campaigns, sent by a job of their own (newsletter/campaign-sending.ts) over SMTP
   * connections of their own: a password reset never waits behind a campaign.
   */
  campaigns?: CampaignDelivery
  /**
   * The process's scheduler, on which the worker's jobs (outbox, campaigns) run; without it the
   * worker has one of its own (tests).
   */
  scheduler?: Scheduler
}

type Message = typeof outbox.$inferSelect

export function startMailWorker({
  db,
  logger,
  from,
  smtpUrl,
  pollMs = 5_000,
  timeouts: timeoutOptions = {},
  leaseMs: leaseOption,
  retryBaseMs = 10_000,
  maxPauseMs = MAX_PAUSE_MS,
  campaigns,
  scheduler: shared,
}: MailWorkerOptions): MailWorker {
  const timeouts = { ...DEFAULT_MAIL_TIMEOUTS, ...timeoutOptions }
  const leaseMs = leaseOption ?? timeouts.sendMs + LEASE_MARGIN_MS
  if (leaseMs <= timeouts.sendMs)
    throw new Error(`mail worker: the lease (${leaseMs} ms) must outlast sendMs`)
  const transport: Transporter | null = smtpUrl
    ? createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: POOL_CONNECTIONS,
        maxMessages: Infinity,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
        // A send given up at its deadline must not trickle out afterwards: drop the socket, do
        // not flush it.
        socketCloseTimeout: 0,
      })
    : null
  const messageDomain = domainOf(from())
  let stopped = false
  /** Set while the SMTP server does not answer: the queue waits instead of trying every message. */
  const outage = createSmtpOutage({ logger, retryBaseMs, maxPauseMs })

  /**
   * Claims the oldest due message for this worker: one statement, so it needs no transaction.
   * Times are the database's, so that processes with drifting clocks agree on the lease. The
   * attempts count it returns identifies this claim: every later claim increments it.
   */
  async function claimNext(): Promise<Message | undefined> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true })
    const [claimed] = await db
      .update(outbox)
      .set({
        nextAttemptAt: sql`now() + ${leaseMs}::integer * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning()
    return claimed
  }

  /** Updates a message only while this worker's claim on it still stands. */
  async function settle(
    message: Message,
    values: PgUpdateSetSource<typeof outbox>,
  ): Promise<boolean> {
    const updated = await db
      .update(outbox)
      .set(values)
      .where(
        and(
          eq(outbox.id, message.id),
          eq(outbox.status, 'pending'),
          eq(outbox.attempts, message.attempts),
        ),
      )
      .returning({ id: outbox.id })
    if (updated.length === 0)
      logger.warn(
        { id: message.id, kind: message.kind, attempts: message.attempts },
        'e-mail claim was lost before it was settled (lease too short?)',
      )
    return updated.length > 0
  }

  /**
   * A calendar invitation goes as nodemailer's icalEvent (a text/calendar alternative as well as
   * the file), which is how mail clients recognise it; any other file as an attachment.
   */
  function attachmentsOf(message: Message) {
    const invitation = message.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    const method = invitation && /method=([A-Z]+)/i.exec(invitation.contentType)?.[1]
    return {
      icalEvent: invitation && {
        filename: invitation.filename,
        method: method ?? 'PUBLISH',
        content: invitation.content,
      },
      attachments: message.attachments
        .filter((a) => a !== invitation)
        .map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    }
  }

  async function send(message: Message, signal: AbortSignal): Promise<void> {
    if (!transport) {
      logger.info(
        { to: message.toAddress, kind: message.kind, text: message.text },
        'e-mail (no SMTP_URL: not sent)',
      )
      return
    }
    await transport.sendMail({
      from: from(),
      to: message.toAddress,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
      ...attachmentsOf(message),
      // The same on every attempt: should a server take a message and lose the connection
      // before saying so, mailbox providers can drop the retry as a duplicate.
      messageId: `<outbox.${message.id}.${message.createdAt.getTime()}@${messageDomain}>`,
      signal,
    })
  }

  /** Claims and sends one message; false when none was due. */
  async function sendOne(): Promise<boolean> {
    // The deadline runs from before the claim, so the whole send ends before the lease does.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeouts.sendMs)
    let message: Message | undefined
    try {
      message = await claimNext()
      if (!message) return false
      await send(message, deadline.signal)
    } catch (error) {
      if (!message) throw error
      const reason = deadline.signal.aborted
        ? `no complete answer from the SMTP server within ${timeouts.sendMs} ms`
        : error instanceof Error
          ? error.message
          : String(error)
      await failed(message, reason, isServerDown(error))
      return true
    } finally {
      clearTimeout(timer)
    }
    if (await settle(message, { status: 'sent', sentAt: new Date(), lastError: null })) {
      logger.info({ id: message.id, kind: message.kind }, 'e-mail sent')
    }
    outage.answered()
    return true
  }

  async function failed(message: Message, reason: string, serverDown: boolean) {
    const giveUp = message.attempts >= MAX_ATTEMPTS
    await settle(message, {
      status: giveUp ? 'failed' : 'pending',
      lastError: reason,
      nextAttemptAt: sql`now() + ${retryDelayMs(message.attempts, retryBaseMs)}::integer * interval '1 millisecond'`,
    })
    const details = { id: message.id, kind: message.kind, attempts: message.attempts, err: reason }
    if (giveUp) logger.error(details, 'e-mail failed for good')
    if (!serverDown) {
      if (!giveUp) logger.warn(details, 'e-mail failed, will retry')
      outage.answered() // it refused this one message
      return
    }
    outage.noteDown(details)
  }

  /** The outbox job's pass: due e-mails one by one, until none is or the server pauses. */
  async function sendDue(stopping: AbortSignal): Promise<PassResult | undefined> {
    for (;;) {
      if (stopped || stopping.aborted) return
      const pausedMs = outage.pausedMs()
      if (pausedMs > 0) return { againInMs: pausedMs }
      if (!(await sendOne())) return
    }
  }

  const scheduler = shared ?? createScheduler({ logger })
  const jobs = [scheduler.add({ name: 'outbox', everyMs: pollMs, firstAfterMs: 0, run: sendDue })]
  const sending =
    campaigns &&
    campaignSending({
      delivery: campaigns,
      logger,
      from,
      // Campaign e-mails go over connections of their own, one per lane (decision 0070).
      lanes: smtpUrl
        ? Array.from({ length: POOL_CONNECTIONS }, () => openSmtpLane(smtpUrl, timeouts))
        : [],
      width: POOL_CONNECTIONS,
      outage,
      leaseMs,
      sendMs: timeouts.sendMs,
      retryBaseMs,
    })
  if (sending)
    jobs.push(
      scheduler.add({
        name: 'campaigns',
        everyMs: pollMs,
        firstAfterMs: 0,
        run: (stopping) => sending.pass(() => stopped || stopping.aborted),
      }),
    )

  return {
    wake() {
      sending?.prepareSoon()
      for (const job of jobs) job.wake()
    },
    async drain() {
      await Promise.all(jobs.map((job) => job.drain()))
    },
    async stop() {
      if (stopped) return
      stopped = true
      await Promise.all(jobs.map((job) => job.stop()))
      transport?.close()
      sending?.close()
    },
  }
}
