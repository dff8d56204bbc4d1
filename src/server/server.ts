import { join } from 'node:path'
import { SENT_JOURNAL_FILE } from './newsletter/sent-journal.ts'
import type { Logger } from 'pino'
import { operatorFacts } from './settings/settings.routes.ts'
import { createSiteSettings } from './settings/site-settings.ts'
import { createApp } from './app.ts'
import { createAuth } from './auth/auth.ts'
import { resolveAuthSecret } from './auth/auth-secret.ts'
import type { Database } from './db/client.ts'
import { publicUrl, type Env } from './env.ts'
import { createWorkerPlanner } from './events/worker-planner.ts'
import { retentionDays } from './janitor.ts'
import { startJobs } from './jobs.ts'
import { createStateCache } from './live/event-state.ts'
import { createHotRead } from './live/hot-read.ts'
import { createLiveHub, throttleByKey } from './live/live-hub.ts'
import { campaignKey } from './newsletter/admin-campaigns.routes.ts'
import { createCampaignDelivery } from './newsletter/campaign-delivery.ts'
import { createMetrics } from './metrics/metrics.ts'

/**
 * Node's HTTP server limits: a client has 10 s to send its headers and `requestTimeoutMs` for
 * the whole request, body included (Node's default, 300 s, lets a client that declares a longer
 * body than it sends hold a connection for five minutes). Node looks for overdue requests once
 * a second instead of every 30 s. Live streams are unaffected: the limits end when the request
 * has arrived.
 */
export function httpServerOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
    connectionsCheckingInterval: 1000,
  }
}

/** Everything a running server is made of, built from the environment and an open database. */
export async function createServer({
  env,
  database,
  logger,
  distDir,
  checkResponses = false,
  liveHeartbeatMs,
}: {
  env: Env
  database: Database
  logger: Logger
  distDir?: string
  /** Tests: check every documented route's answer against the API document. */
  checkResponses?: boolean
  /** Tests: a shorter heartbeat for live streams, which also re-checks their viewers' access. */
  liveHeartbeatMs?: number
}) {
  const baseUrl = publicUrl(env)
  const secret = await resolveAuthSecret(database.db, env.BETTER_AUTH_SECRET)
  const hub = await createLiveHub(database, logger)
  const metrics = createMetrics({
    database,
    openStreams: () => hub.openStreams(),
    // Read at scrape time, when the jobs below have started.
    jobs: () => jobs.scheduler.stats(),
  })
  const siteSettings = await createSiteSettings({ db: database.db, env, hub, logger })
  // A campaign's progress changes with every batch: open pages hear of it a few times a second.
  const campaignProgress = throttleByKey((id: string) => hub.changed(campaignKey(id)), 250)
  // Every timed job of this process, on one scheduler (jobs.ts says what runs when).
  const jobs = startJobs({
    db: database.db,
    logger,
    mail: {
      from: () => siteSettings.mailFrom(),
      smtpUrl: env.SMTP_URL,
      campaigns: createCampaignDelivery({
        db: database.db,
        secret,
        baseUrl,
        from: env.MAIL_FROM,
        ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
        onProgress: campaignProgress,
        soleSender: database.driver === 'pglite',
        journalPath: database.dataDir && join(database.dataDir, SENT_JOURNAL_FILE),
      }),
    },
    reminders: { hours: env.EVENT_REMINDER_HOURS, baseUrl },
    retention: retentionDays(env),
    secret,
    welcome: { secret, baseUrl },
  })
  const { mailWorker } = jobs
  const auth = createAuth({
    db: database.db,
    baseUrl,
    secret,
    onEmailQueued: mailWorker.wake,
    logger,
    adminEmails: env.ADMIN_EMAILS,
    corsOrigins: env.CORS_ORIGINS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
            nativeClientIds: env.GOOGLE_NATIVE_CLIENT_IDS,
          }
        : undefined,
  })
  const newsletter = {
    db: database.db,
    secret,
    baseUrl,
    onEmailQueued: mailWorker.wake,
    onCampaignProgress: campaignProgress,
  }
  const cache = createStateCache(database.db, hub)
  const live = {
    auth,
    hub,
    cache,
    hotRead: createHotRead({ auth, cache, metrics, logger, trustedProxies: env.TRUST_PROXY }),
    heartbeatMs: liveHeartbeatMs,
  }
  const app = createApp({
    database,
    logger,
    auth,
    newsletter,
    planner: metrics.timePlanner(createWorkerPlanner({ timeBudgetMs: env.MIXER_TIME_MS })),
    operator: operatorFacts(env, database.driver),
    siteSettings,
    live,
    distDir,
    publicUrl: baseUrl,
    trustedProxies: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    checkResponses,
    devMailbox: !env.SMTP_URL && env.NODE_ENV !== 'production',
    metrics,
    metricsToken: env.METRICS_TOKEN,
    mailWebhooks: {
      postmark: env.POSTMARK_WEBHOOK_AUTH,
      mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY,
      signedSecret: env.MAIL_WEBHOOK_SECRET,
    },
  })
  return {
    app,
    auth,
    mailWorker,
    /** The newsletter's keys and links (tests run the welcome job's pass with their own clock). */
    newsletter,
    live,
    metrics,
    siteSettings,
    async stop() {
      siteSettings.close()
      hub.endStreams()
      live.cache.close()
      await hub.close()
      await jobs.stop()
    },
  }
}
