import type { Logger } from 'pino'

/**
 * How the mail worker deals with the SMTP server, for the outbox and the campaigns alike: how long
 * it waits, how many connections it keeps, how it backs off, and whether the server answers.
 */

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

/**
 * SMTP connections kept open and used side by side. A campaign keeps at most one e-mail on each
 * between handing it over and recording that the server took it: a crash can send again at most
 * this many (docs/decisions/0024).
 */
export const POOL_CONNECTIONS = 5

/** 10 s, 20 s, 40 s … capped at one hour: about a day of retries in all. */
export function retryDelayMs(attempts: number, baseMs = 10_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/** No SMTP answer about this message at all: the server (or the way to it) is the problem. */
export function isServerDown(error: unknown): boolean {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  if (code === 'EAUTH' || responseCode === 421) return true
  return typeof responseCode !== 'number'
}

/** Whether the SMTP server answers, shared by the outbox and the campaigns of one process. */
export interface SmtpOutage {
  /** The server did not answer lately: nothing is sent for this long (0: not paused). */
  pausedMs(): number
  /** The server answered (took or refused a message): the pause, if any, ends. */
  answered(): void
  /** The server did not answer: the queue pauses, longer each time. Returns the pause. */
  noteDown(details: Record<string, unknown>): number
}

export function createSmtpOutage({
  logger,
  retryBaseMs,
  maxPauseMs,
}: {
  logger: Logger
  retryBaseMs: number
  maxPauseMs: number
}): SmtpOutage {
  let outage: { since: number; tries: number; resumeAt: number } | null = null
  return {
    pausedMs: () => Math.max(0, (outage?.resumeAt ?? 0) - Date.now()),
    answered() {
      if (!outage) return
      logger.info(
        { pausedMs: Date.now() - outage.since, tries: outage.tries },
        'SMTP server answers again: sending resumed',
      )
      outage = null
    },
    noteDown(details) {
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
    },
  }
}
