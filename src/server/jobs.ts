import type { Logger } from 'pino'
import type { Db } from './db/client.ts'
import { afterEveningPass } from './events/no-shows.ts'
import { placeOffersPass } from './events/place-offers.ts'
import { remindersPass } from './events/reminders.ts'
import { fillSeriesHorizon } from './events/commands/fill-series.ts'
import { tellSeriesFollowers } from './events/commands/tell-series-followers.ts'
import { closeKlikkWindows } from './klikk/commands/close-klikk-windows.ts'
import { janitorPass, type RetentionDays } from './janitor.ts'
import { startMailWorker, type MailWorkerOptions } from './mail/mail-worker.ts'
import { welcomePass } from './newsletter/welcome-series.ts'
import { databaseJobLeases } from './scheduler/job-lease.ts'
import { createScheduler, type Clock, type JobTiming } from './scheduler/scheduler.ts'

const MINUTE_MS = 60_000

/**
 * What runs when in a server process: every timed job, by name (the name on /metrics). Each is a
 * job of the process's one scheduler (scheduler/scheduler.ts, decision 0078). A job with a
 * leaseMs is run by one process at a time; the others guard their own rows (SKIP LOCKED claims).
 */
export const JOB_TIMINGS = {
  /**
   * Transactional e-mails due (mail/mail-worker.ts); woken at once by every request that queues
   * one, so the timer only catches retries and other processes' e-mails.
   */
  outbox: { everyMs: 5_000, firstAfterMs: 0 },
  /**
   * Scheduled campaigns that are due, recipients to write, and batches to send
   * (newsletter/campaign-sending.ts); woken by the campaign commands. Same timing as the outbox:
   * both are the mail worker's.
   */
  campaigns: { everyMs: 5_000, firstAfterMs: 0 },
  /** Reminders before events (events/reminders.ts): an event is reminded at most 5 min late. */
  'event-reminders': { everyMs: 5 * MINUTE_MS, firstAfterMs: 1_000, leaseMs: 5 * MINUTE_MS },
  /**
   * Klikk windows that have closed: one e-mail per seated member (klikk/commands/
   * close-klikk-windows.ts, decision 0081), at most a minute late.
   */
  'klikk-windows': { everyMs: MINUTE_MS, firstAfterMs: 2_000, leaseMs: 5 * MINUTE_MS },
  /**
   * Each series' evenings for the next SERIES_MONTHS_AHEAD months (events/commands/fill-series.ts,
   * decision 0088): a day late at most is fine, the horizon is months long.
   */
  'series-horizon': { everyMs: 60 * MINUTE_MS, firstAfterMs: 3_000, leaseMs: 30 * MINUTE_MS },
  /**
   * Followers of a series told once that an evening's registration opened
   * (events/commands/tell-series-followers.ts), at most 5 minutes late.
   */
  'series-followers': { everyMs: 5 * MINUTE_MS, firstAfterMs: 4_000, leaseMs: 5 * MINUTE_MS },
  /**
   * Welcome e-mails that are due (newsletter/welcome-series.ts, decision 0090): each queued in the
   * outbox with the record that her address got it, at most a minute late.
   */
  welcome: { everyMs: MINUTE_MS, firstAfterMs: 3_000, leaseMs: 5 * MINUTE_MS },
  /**
   * Waiting-list offers (events/place-offers.ts, decision 0089): lapsed ones closed and their
   * places offered to the next in line, places that opened offered, the last hours' offers to
   * everyone in line. An offer lapses at most a minute late; one process at a time.
   */
  'place-offers': { everyMs: MINUTE_MS, firstAfterMs: 1_500, leaseMs: 5 * MINUTE_MS },
  /**
   * The after-evening e-mails whose grace after the end is over (events/no-shows.ts, decision
   * 0100), queued if the evening is still ended: at most a minute late.
   */
  'after-evening': { everyMs: MINUTE_MS, firstAfterMs: 2_500, leaseMs: 5 * MINUTE_MS },
  /** Data past its retention period (janitor.ts, decision 0040). */
  janitor: { everyMs: 60 * MINUTE_MS, firstAfterMs: 1_000, leaseMs: 30 * MINUTE_MS },
} as const satisfies Record<string, JobTiming>

export type JobName = keyof typeof JOB_TIMINGS

/**
 * Starts the process's scheduler with every job of JOB_TIMINGS. A new job: its timing in the
 * table above, its pass added below (a function of its module that does one pass and returns).
 */
export function startJobs({
  db,
  logger,
  clock,
  mail,
  reminders,
  retention,
  secret,
  welcome,
}: {
  db: Db
  logger: Logger
  clock?: Clock
  /** The mail worker, without its timing (the table's outbox and campaigns). */
  mail: Omit<MailWorkerOptions, 'db' | 'logger' | 'pollMs' | 'scheduler'>
  /**
   * EVENT_REMINDER_HOURS (0: no reminders job) and the site's address for their links (and the
   * klikk windows' e-mails').
   */
  reminders: { hours: number; baseUrl: string }
  retention: RetentionDays
  /** The server's secret: it signs the unfollow links of the series' e-mails. */
  secret: string
  /** The key of the welcome e-mails' unsubscribe links and of the addresses' hashes. */
  welcome: { secret: string; baseUrl: string }
}) {
  const scheduler = createScheduler({ logger, clock, leases: databaseJobLeases(db) })
  const now = () => scheduler.clock.now()
  const mailWorker = startMailWorker({
    db,
    logger,
    ...mail,
    pollMs: JOB_TIMINGS.outbox.everyMs,
    scheduler,
  })
  if (reminders.hours > 0)
    scheduler.add({
      name: 'event-reminders',
      ...JOB_TIMINGS['event-reminders'],
      run: () =>
        remindersPass({
          db,
          logger,
          ...reminders,
          onEmailQueued: mailWorker.wake,
          now: new Date(now()),
        }),
    })
  scheduler.add({
    name: 'klikk-windows',
    ...JOB_TIMINGS['klikk-windows'],
    run: async () => {
      const queued = await closeKlikkWindows(db, new Date(now()), {
        baseUrl: reminders.baseUrl,
        onEmailQueued: mailWorker.wake,
      })
      if (queued > 0) logger.info({ queued }, 'klikk windows closed: e-mails queued')
    },
  })
  scheduler.add({
    name: 'series-horizon',
    ...JOB_TIMINGS['series-horizon'],
    run: async () => {
      const made = await fillSeriesHorizon(db, new Date(now()))
      if (made.length > 0) logger.info({ made: made.length }, 'series: evenings made')
    },
  })
  scheduler.add({
    name: 'series-followers',
    ...JOB_TIMINGS['series-followers'],
    run: async () => {
      const queued = await tellSeriesFollowers(db, new Date(now()), {
        baseUrl: reminders.baseUrl,
        secret,
        onEmailQueued: mailWorker.wake,
      })
      if (queued > 0) logger.info({ queued }, 'series: followers told registration opened')
    },
  })
  scheduler.add({
    name: 'welcome',
    ...JOB_TIMINGS.welcome,
    run: async () => {
      const queued = await welcomePass(db, { ...welcome, now: new Date(now()) })
      if (queued > 0) {
        logger.info({ queued }, 'welcome e-mails queued')
        mailWorker.wake()
      }
    },
  })
  scheduler.add({
    name: 'place-offers',
    ...JOB_TIMINGS['place-offers'],
    run: async () => {
      const placeMail = {
        baseUrl: reminders.baseUrl,
        from: mail.from(),
        onEmailQueued: mailWorker.wake,
      }
      const offered = await placeOffersPass(db, placeMail, new Date(now()))
      if (offered > 0) logger.info({ offered }, 'places offered from waiting lists')
    },
  })
  scheduler.add({
    name: 'after-evening',
    ...JOB_TIMINGS['after-evening'],
    run: async () => {
      const queued = await afterEveningPass(
        db,
        { baseUrl: reminders.baseUrl, onEmailQueued: mailWorker.wake },
        new Date(now()),
      )
      if (queued > 0) logger.info({ queued }, 'after-evening e-mails queued')
    },
  })
  scheduler.add({
    name: 'janitor',
    ...JOB_TIMINGS.janitor,
    run: () => janitorPass(db, logger, now(), retention),
  })
  return {
    scheduler,
    mailWorker,
    /** One shutdown: every job stops, the passes under way end, then the mail worker's sockets. */
    async stop() {
      await scheduler.stop()
      await mailWorker.stop()
    },
  }
}
