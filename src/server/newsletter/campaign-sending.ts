import type { Logger } from 'pino'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { PassResult } from '../scheduler/scheduler.ts'
import { isServerDown, retryDelayMs, type SmtpOutage } from '../mail/smtp-link.ts'
import type { SmtpLane } from '../mail/smtp-lane.ts'
import {
  SEND_BATCH,
  nextBatchSize,
  type CampaignDelivery,
  type Outcome,
  type Recipient,
} from './campaign-delivery.ts'

/** How often scheduled campaigns and unwritten recipients are looked for while sending. */
const PREPARE_EVERY_MS = 1_000

export interface CampaignSendingOptions {
  /** The campaigns' rows: what is due, who is claimed, what was recorded (campaign-delivery.ts). */
  delivery: CampaignDelivery
  logger: Logger
  /** Every e-mail's From, read at each batch (the owner may rename the sender meanwhile). */
  from: () => string
  /**
   * The mail worker's SMTP connections for campaigns, one per lane (decision 0070); none without
   * SMTP_URL, when the e-mails are only logged.
   */
  lanes: SmtpLane[]
  /** How many e-mails go side by side when there are no lanes (POOL_CONNECTIONS). */
  width: number
  /** Whether the SMTP server answers, shared with the outbox. */
  outage: SmtpOutage
  /** A claimed recipient is left alone by every other process this long. */
  leaseMs: number
  /** One batch's deadline, within the lease. */
  sendMs: number
  retryBaseMs: number
}

/**
 * The campaigns job (jobs.ts): a campaign's delivery from the claim to the recorded acceptance.
 * Each pass starts what is due and writes recipients (at most once a second), then claims
 * batches within the rate limit and hands each e-mail to an SMTP lane, recording each acceptance
 * before that lane takes the next (docs/decisions/0024, 0070), until nothing is due.
 */
export function campaignSending({
  delivery,
  logger,
  from,
  lanes,
  width,
  outage,
  leaseMs,
  sendMs,
  retryBaseMs,
}: CampaignSendingOptions) {
  let lastPrepare = 0
  let prepareSoon = true
  /** Campaigns wait until then: the rate limit's share of this second is spent. */
  let waitUntil = 0
  let batchSize = SEND_BATCH.first

  /** What a refusal means for one recipient. */
  function outcomeOf(recipient: Recipient, error: unknown, aborted: boolean): Outcome {
    const reason = aborted
      ? `no complete answer from the SMTP server within ${sendMs} ms`
      : error instanceof Error
        ? error.message
        : String(error)
    // The pause is set once for the batch (sendBatch), not per recipient.
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
    if (!lane) {
      const message = delivery.message(recipient)
      logger.info(
        { to: message.to, campaignId: recipient.campaignId, subject: message.subject },
        'campaign e-mail (no SMTP_URL: not sent)',
      )
    } else {
      try {
        const sender = from()
        const raw = delivery.raw(recipient, sender)
        if (raw)
          await lane.send({ from: raw.envelopeFrom, to: [recipient.email] }, raw.message, signal)
        else {
          // An address that needs nodemailer's own encoding (not plain ASCII).
          const composed = new MailComposer({
            from: sender,
            ...delivery.message(recipient),
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
      return { outcome: { kind: 'sent', recorded: await delivery.markSent(recipient) } }
    } catch (error) {
      logger.error({ err: error, recipient: recipient.id }, 'campaign e-mail sent, not recorded')
      return { outcome: { kind: 'sent' }, stop: 'not recorded' }
    }
  }

  /**
   * One lane per SMTP connection, each handing over its next e-mail only once the last one's fate
   * is recorded: never more than one e-mail per lane is taken and not yet recorded. (Handed the
   * whole batch, a pool started each connection's next e-mail while the last one was still being
   * recorded.) Those not handed over when the batch stops are released, not counted.
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
      Array.from({ length: Math.min(width, claimed.length) }, (_, at) => lane(lanes[at])),
    )
    const results = claimed.map((recipient, at) => ({
      recipient,
      outcome: outcomes[at] ?? {
        kind: 'release' as const,
        delayMs: 0,
        reason: `not sent: ${stopped ?? `no complete answer within ${sendMs} ms`}`,
      },
    }))
    return { results, serverDown: stopped === 'no answer' || signal.aborted }
  }

  /** One batch: claimed, delivered, settled. `sent` is false when none was due. */
  async function sendBatch(): Promise<{ sent: boolean; againInMs?: number }> {
    if (prepareSoon || Date.now() - lastPrepare >= PREPARE_EVERY_MS) {
      prepareSoon = false
      lastPrepare = Date.now()
      await delivery.prepare()
    }
    const waitMs = waitUntil - Date.now()
    if (waitMs > 0) return { sent: false, againInMs: waitMs }
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), sendMs)
    const started = performance.now()
    try {
      const { claimed, waitMs: rateWait } = await delivery.claim(leaseMs, batchSize)
      if (rateWait) waitUntil = Date.now() + rateWait
      if (claimed.length === 0) {
        // Nothing to send: the lanes' connections are not kept open between campaigns.
        for (const smtp of lanes) smtp.close()
        return { sent: false, againInMs: rateWait }
      }
      const { results, serverDown } = await deliverBatch(claimed, deadline.signal)
      batchSize = nextBatchSize(batchSize, {
        claimed: claimed.length,
        elapsedMs: performance.now() - started,
        deadlineMs: sendMs,
        ranOut: deadline.signal.aborted,
      })
      const released = results.flatMap(({ outcome }) =>
        outcome.kind === 'release' ? [outcome] : [],
      )
      if (released.length < results.length) outage.answered()
      if (serverDown) {
        const pauseMs = outage.noteDown({ campaign: true, err: released[0]?.reason })
        for (const outcome of released) outcome.delayMs = pauseMs
      }
      await delivery.settle(results)
      const refused = results.filter(({ outcome }) => outcome.kind === 'bounced').length
      if (refused > 0) logger.warn({ refused }, 'campaign e-mails refused for good (bounced)')
      return { sent: true, againInMs: rateWait }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** Something changed (a campaign was started or scheduled): look for due work at once. */
    prepareSoon() {
      prepareSoon = true
    },
    /** One pass of the job: batches until none is due, the SMTP server pauses or `stopped`. */
    async pass(stopped: () => boolean): Promise<PassResult | undefined> {
      for (;;) {
        if (stopped()) return
        const pausedMs = outage.pausedMs()
        if (pausedMs > 0) return { againInMs: pausedMs }
        const batch = await sendBatch()
        if (!batch.sent) return { againInMs: batch.againInMs }
      }
    },
    close() {
      for (const smtp of lanes) smtp.close()
    },
  }
}
