import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Logger } from 'pino'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema/outbox.ts'
import {
  SEND_BATCH,
  domainOf,
  nextBatchSize,
  type CampaignDelivery,
  type Outcome,
  type Recipient,
} from '../newsletter/campaign-delivery.ts'
import { openSmtpLane, type SmtpLane } from './smtp-lane.ts'

const MAX_ATTEMPTS = 20

/** How long the worker may wait on an SMTP server (docs/decisions/0017). */
export interface MailTimeouts {
  /** Connecting, DNS lookup and the server's greeting included. */
  connectionMs: number
  /** Waiting for the greeting (within connectionMs). */
  greetingMs: number
  /** The longest silence in the middle of a conversation. */
  socketMs: number
  /**
   * The whole of one message, from its claim to the server's last answer. A server that trickles
   * bytes never trips socketMs; this deadline closes the connection anyway.
   */
  sendMs: number
}

export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
  sendMs: 60_000,
}

/** Time for the bookkeeping after a send: its lease outlasts the deadline by this much. */
const LEASE_MARGIN_MS = 60_000
/** While the SMTP server is unreachable, one message is tried at most this often. */
const MAX_PAUSE_MS = 60_000

/** 10 s, 20 s, 40 s … capped at one hour: about a day of retries in all. */
export function retryDelayMs(attempts: number, baseMs = 10_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

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
   * Newsletter campaigns, sent through the same pooled connections after the transactional
   * e-mails that are due (a password reset never waits behind a campaign).
   */
  campaigns?: CampaignDelivery
}

type Message = typeof outbox.$inferSelect

/** No SMTP answer about this message at all: the server (or the way to it) is the problem. */
function isServerDown(error: unknown): boolean {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  if (code === 'EAUTH' || responseCode === 421) return true
  return typeof responseCode !== 'number'
}

/**
 * SMTP connections kept open and used side by side. A campaign keeps at most one e-mail on each
 * between handing it over and recording that the server took it: a crash can send again at most
 * this many (docs/decisions/0024).
 */
export const POOL_CONNECTIONS = 5
/** How often scheduled campaigns and unwritten recipients are looked for while sending. */
const PREPARE_EVERY_MS = 1_000

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
  /** Campaign e-mails go over connections of their own, one per lane (docs/decisions/0070). */
  const lanes: SmtpLane[] = smtpUrl
    ? Array.from({ length: POOL_CONNECTIONS }, () => openSmtpLane(smtpUrl, timeouts))
    : []
  const messageDomain = domainOf(from())
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  /** Set while the SMTP server does not answer: the queue waits instead of trying every message. */
  let outage: { since: number; tries: number; resumeAt: number } | null = null

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
    serverAnswered()
    return true
  }

  function serverAnswered() {
    if (!outage) return
    logger.info(
      { pausedMs: Date.now() - outage.since, tries: outage.tries },
      'SMTP server answers again: sending resumed',
    )
    outage = null
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
      serverAnswered() // it refused this one message
      return
    }
    noteServerDown(details)
  }

  /** The SMTP server did not answer: the queue pauses, longer each time. Returns the pause. */
  function noteServerDown(details: Record<string, unknown>): number {
    // One line when the server goes away and one when it is back, not one per message and try.
    const tries = (outage?.tries ?? 0) + 1
    const pauseMs = Math.min(retryBaseMs * 2 ** (tries - 1), maxPauseMs)
    if (!outage) {
      logger.warn(
        { ...details, pauseMs, maxPauseMs },
        'SMTP server does not answer: sending paused, one e-mail is tried at a time until it does',
      )
    } else {
      logger.debug({ ...details, pauseMs }, 'SMTP server still does not answer')
    }
    outage = { since: outage?.since ?? Date.now(), tries, resumeAt: Date.now() + pauseMs }
    return pauseMs
  }

  let lastPrepare = 0
  let prepareSoon = true
  /** Campaigns wait until then: the rate limit's share of this second is spent. */
  let campaignsWaitUntil = 0
  let batchSize = SEND_BATCH.first
  let wakeTimer: NodeJS.Timeout | undefined

  function wakeIn(ms: number) {
    if (wakeTimer || stopped) return
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined
      void run()
    }, ms)
    wakeTimer.unref()
  }

  /** What a refusal means for one campaign recipient. */
  function outcomeOf(recipient: Recipient, error: unknown, aborted: boolean): Outcome {
    const reason = aborted
      ? `no complete answer from the SMTP server within ${timeouts.sendMs} ms`
      : error instanceof Error
        ? error.message
        : String(error)
    // The pause is set once for the batch (sendCampaignBatch), not per recipient.
    if (aborted || isServerDown(error)) return { kind: 'release', delayMs: 0, reason }
    const { responseCode } = error as { responseCode: number }
    if (responseCode >= 500) return { kind: 'bounced', reason }
    return { kind: 'retry', reason, delayMs: retryDelayMs(recipient.attempts + 1, retryBaseMs) }
  }

  /**
   * Sends one recipient's e-mail and records at once that the server took it. `stop` says why no
   * further e-mail of the batch should be handed over: the server did not answer (or the send ran
   * out of time), or the record failed (settle then tries it again).
   */
  async function deliver(
    recipient: Recipient,
    signal: AbortSignal,
    lane: SmtpLane | undefined,
  ): Promise<{ outcome: Outcome; stop?: 'no answer' | 'not recorded' }> {
    if (!campaigns) throw new Error('no campaigns')
    if (!lane) {
      const message = campaigns.message(recipient)
      logger.info(
        { to: message.to, campaignId: recipient.campaignId, subject: message.subject },
        'campaign e-mail (no SMTP_URL: not sent)',
      )
    } else {
      try {
        const sender = from()
        const raw = campaigns.raw(recipient, sender)
        if (raw)
          await lane.send({ from: raw.envelopeFrom, to: [recipient.email] }, raw.message, signal)
        else {
          // An address that needs nodemailer's own encoding (not plain ASCII).
          const composed = new MailComposer({
            from: sender,
            ...campaigns.message(recipient),
          }).compile()
          const envelope = composed.getEnvelope()
          const message = await composed.build()
          await lane.send({ from: envelope.from || sender, to: envelope.to }, message, signal)
        }
      } catch (error) {
        const outcome = outcomeOf(recipient, error, signal.aborted)
        return { outcome, stop: outcome.kind === 'release' ? 'no answer' : undefined }
      }
    }
    try {
      return { outcome: { kind: 'sent', recorded: await campaigns.markSent(recipient) } }
    } catch (error) {
      logger.error({ err: error, recipient: recipient.id }, 'campaign e-mail sent, not recorded')
      return { outcome: { kind: 'sent' }, stop: 'not recorded' }
    }
  }

  /**
   * One lane per SMTP connection, each handing over its next e-mail only once the last one's fate
   * is recorded: never more than POOL_CONNECTIONS e-mails are taken and not yet recorded. (Handed
   * the whole batch, the pool started each connection's next e-mail while the last one was still
   * being recorded.) Those not handed over when the batch stops are released, not counted.
   */
  async function deliverBatch(claimed: Recipient[], signal: AbortSignal) {
    const outcomes: Outcome[] = []
    let next = 0
    let stopped: 'no answer' | 'not recorded' | undefined
    const lane = async (smtp: SmtpLane | undefined) => {
      while (next < claimed.length && !stopped && !signal.aborted) {
        const at = next++
        const recipient = claimed[at]
        if (!recipient) break
        const { outcome, stop } = await deliver(recipient, signal, smtp)
        outcomes[at] = outcome
        stopped ??= stop
      }
    }
    await Promise.all(
      Array.from({ length: Math.min(POOL_CONNECTIONS, claimed.length) }, (_, at) =>
        lane(lanes[at]),
      ),
    )
    const results = claimed.map((recipient, at) => ({
      recipient,
      outcome: outcomes[at] ?? {
        kind: 'release' as const,
        delayMs: 0,
        reason: `not sent: ${stopped ?? `no complete answer within ${timeouts.sendMs} ms`}`,
      },
    }))
    return { results, serverDown: stopped === 'no answer' || signal.aborted }
  }

  /** Sends one batch of campaign e-mails, POOL_CONNECTIONS at a time; false when none was due. */
  async function sendCampaignBatch(): Promise<boolean> {
    if (!campaigns) return false
    if (prepareSoon || Date.now() - lastPrepare >= PREPARE_EVERY_MS) {
      prepareSoon = false
      lastPrepare = Date.now()
      await campaigns.prepare()
    }
    const waitMs = campaignsWaitUntil - Date.now()
    if (waitMs > 0) {
      wakeIn(waitMs)
      return false
    }
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeouts.sendMs)
    const started = performance.now()
    try {
      const { claimed, waitMs: rateWait } = await campaigns.claim(leaseMs, batchSize)
      if (rateWait) {
        campaignsWaitUntil = Date.now() + rateWait
        wakeIn(rateWait)
      }
      if (claimed.length === 0) {
        // Nothing to send: the lanes' connections are not kept open between campaigns.
        for (const smtp of lanes) smtp.close()
        return false
      }
      const { results, serverDown } = await deliverBatch(claimed, deadline.signal)
      batchSize = nextBatchSize(batchSize, {
        claimed: claimed.length,
        elapsedMs: performance.now() - started,
        deadlineMs: timeouts.sendMs,
        ranOut: deadline.signal.aborted,
      })
      const released = results.flatMap(({ outcome }) =>
        outcome.kind === 'release' ? [outcome] : [],
      )
      if (released.length < results.length) serverAnswered()
      if (serverDown) {
        const pauseMs = noteServerDown({ campaign: true, err: released[0]?.reason })
        for (const outcome of released) outcome.delayMs = pauseMs
      }
      await campaigns.settle(results)
      const refused = results.filter(({ outcome }) => outcome.kind === 'bounced').length
      if (refused > 0) logger.warn({ refused }, 'campaign e-mails refused for good (bounced)')
      return true
    } finally {
      clearTimeout(timer)
    }
  }

  async function sendDue(): Promise<void> {
    while (!stopped && !(outage && Date.now() < outage.resumeAt)) {
      if (await sendOne()) continue
      if (!(await sendCampaignBatch())) return
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve()
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
    wake: () => {
      prepareSoon = true
      void run()
    },
    async drain() {
      await run()
      if (running) await running
    },
    async stop() {
      if (stopped) return
      stopped = true
      clearInterval(timer)
      clearTimeout(wakeTimer)
      if (running) await running
      transport?.close()
      for (const smtp of lanes) smtp.close()
    },
  }
}
