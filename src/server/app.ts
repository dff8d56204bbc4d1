import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { Logger } from 'pino'
import type { ApiErrorBody } from '#shared/api-error.ts'
import { NEWSLETTER_FORM_PATH } from '#shared/constants.ts'
import type { Auth } from './auth/auth.ts'
import { apiDocsRoutes } from './api-docs/api-docs.routes.ts'
import { auditRoutes } from './audit/audit.routes.ts'
import { dashboardRoutes } from './dashboard/dashboard.routes.ts'
import { adminNewsletterRoutes } from './newsletter/admin-newsletter.routes.ts'
import { adminCampaignsRoutes } from './newsletter/admin-campaigns.routes.ts'
import { adminWelcomeRoutes } from './newsletter/admin-welcome.routes.ts'
import { adminSettingsRoutes, type OperatorFacts } from './settings/settings.routes.ts'
import { adminQuestionsRoutes } from './questions/questions.routes.ts'
import type { SiteSettingsStore } from './settings/site-settings.ts'
import { adminEventsRoutes } from './events/admin-events.routes.ts'
import { doorRoutes } from './events/door.routes.ts'
import { memberEventsRoutes } from './events/member-events.routes.ts'
import { adminSeriesRoutes } from './events/series.routes.ts'
import { seriesUnfollowRoutes } from './events/series-unfollow.routes.ts'
import type { SeatingPlanner } from './events/seating-planner.ts'
import { adminUsersRoutes } from './auth/admin-users.routes.ts'
import { accountRoutes } from './auth/account.routes.ts'
import { adminSetupRoutes } from './auth/admin-setup.routes.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { meRoutes, sessionRoutes } from './auth/me.routes.ts'
import type { Database } from './db/client.ts'
import { isDatabaseUnavailable, unavailableReason } from './db/unavailable.ts'
import { clientAddress } from './http/client-address.ts'
import { apiCors } from './http/cors.ts'
import { CachedRouter } from './http/route-cache.ts'
import { logRequest } from './http/request-log.ts'
import { requestGuard } from './http/request-guard.ts'
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { mediaRoutes } from './media/media.routes.ts'
import { newsletterRoutes } from './newsletter/newsletter.routes.ts'
import { newsletterFormRoutes } from './newsletter/newsletter-form.routes.ts'
import type { NewsletterContext } from './newsletter/subscriptions.ts'
import { ApiError } from './http/api-error.ts'
import { asApiError } from './http/domain-errors.ts'
import type { AppEnv } from './http/app-env.ts'
import { errorMessage, requestLanguage, type ErrorMessageKey } from './i18n.ts'
import { klikkRoutes } from './klikk/klikk.routes.ts'
import { klikkscreenRoutes, SERVER_TIME_HEADER, type LiveDeps } from './live/live.routes.ts'
import { screenRoutes } from './live/screen-link.routes.ts'
import type { ServerMetrics } from './metrics/metrics.ts'
import { metricsRoute } from './metrics/metrics.routes.ts'
import { appRoutes } from './web/serve-app.ts'
import type { MailWebhookSecrets } from './newsletter/mail-webhooks.ts'
import { MAIL_WEBHOOK_PATHS, mailWebhookRoutes } from './newsletter/mail-webhooks.routes.ts'

export interface AppDeps {
  database: Database
  logger: Logger
  auth: Auth
  newsletter: NewsletterContext
  /** The mixing engine that seats a round (in a worker thread in the real server). */
  planner: SeatingPlanner
  /** The server's configuration as the settings page shows it to an operator. */
  operator: OperatorFacts
  /** The owner's settings: links, contact, sender name, launch line, footer year. */
  siteSettings: SiteSettingsStore
  /** Live updates: change signals, cached states, SSE streams. */
  live: LiveDeps
  /** Folder of the built web app; omitted in API-only tests. */
  distDir?: string
  /** PUBLIC_URL: the only origin allowed to change anything; HSTS only when it is https. */
  publicUrl: string
  /** TRUST_PROXY: how many reverse proxies in front append to X-Forwarded-For. */
  trustedProxies: number
  /** CORS_ORIGINS: other sites whose pages may call the API (bearer tokens, no cookies). */
  corsOrigins?: readonly string[]
  /** Tests: documented routes check their answers against the API document. */
  checkResponses?: boolean
  /** Serve /dev/mailbox (development without SMTP only). */
  devMailbox: boolean
  metrics: ServerMetrics
  /** METRICS_TOKEN: opens GET /metrics on this port to its bearer; without it there is none. */
  metricsToken?: string
  /** The mail providers' webhook credentials; a webhook without its own refuses every report. */
  mailWebhooks?: MailWebhookSecrets
}

/** Every /api route, chained so the web's typed client can infer them (AppType). */
function createApi({
  database,
  auth,
  newsletter,
  planner,
  operator,
  siteSettings,
  live,
  mailWebhooks,
}: AppDeps) {
  const docs = apiDocsRoutes(auth)
  const placeMail = {
    baseUrl: newsletter.baseUrl,
    // The sender name is the owner's to change: read at each e-mail.
    get from() {
      return siteSettings.mailFrom()
    },
    onEmailQueued: newsletter.onEmailQueued,
  }
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes(database))
    .route('/auth', authRoutes(auth))
    .route('/me', meRoutes(auth, database.db))
    .route('/session', sessionRoutes(auth, database.db))
    .route('/admin-setup', adminSetupRoutes(auth, database.db))
    .route('/account', accountRoutes(auth, database.db, placeMail))
    .route('/media', mediaRoutes(database.db))
    .route('/newsletter', newsletterRoutes(auth, newsletter))
    .route('/admin/users', adminUsersRoutes(auth, database.db))
    .route(
      '/admin/newsletter/campaigns',
      adminCampaignsRoutes({
        db: database.db,
        auth,
        hub: live.hub,
        heartbeatMs: live.heartbeatMs,
        baseUrl: newsletter.baseUrl,
        wakeSender: newsletter.onEmailQueued,
      }),
    )
    .route(
      '/admin/newsletter/welcome',
      adminWelcomeRoutes({
        db: database.db,
        auth,
        baseUrl: newsletter.baseUrl,
        wakeSender: newsletter.onEmailQueued,
      }),
    )
    .route('/admin/newsletter', adminNewsletterRoutes(auth, database.db))
    .route('/admin/events', adminEventsRoutes(auth, database.db, planner, live, placeMail))
    .route('/admin/series', adminSeriesRoutes(auth, { db: database.db, live, mail: placeMail }))
    .route('/admin/settings', adminSettingsRoutes(auth, database.db, operator, siteSettings))
    .route('/admin/questions', adminQuestionsRoutes(auth, database.db, live.hub))
    .route('/admin', auditRoutes(auth, database.db))
    .route('/admin', dashboardRoutes(auth, database.db))
    .route('/events', memberEventsRoutes(auth, database.db, live, placeMail))
    .route('/series', seriesUnfollowRoutes(database.db, newsletter.secret))
    .route('/door', doorRoutes(auth, database.db, live))
    .route('/klikk', klikkRoutes(auth, database.db, live.hub))
    .route('/klikkscreen', klikkscreenRoutes(live))
    .route('/screen', screenRoutes(database.db, live))
    .route('/mail-webhooks', mailWebhookRoutes(database.db, mailWebhooks ?? {}))
    .route('/', docs.routes)
    // A mounted app's notFound is not consulted, so unknown /api paths end here, not in the web app.
    .all('*', (c) => c.json(errorBody(c.var.language, 'not_found', 'notFound'), 404))
  docs.attach(api as unknown as Parameters<typeof docs.attach>[0])
  return api
}

export type AppType = ReturnType<typeof createApi>

export function createApp(deps: AppDeps) {
  const { logger, siteSettings, distDir, publicUrl, trustedProxies } = deps
  // The built web app, when there is one: its routes go last, its inline scripts into the CSP.
  const site = distDir ? appRoutes(distDir, () => siteSettings.publicConfig(), publicUrl) : null
  const api = createApi(deps)

  // Every route of the app, /api's included, is matched by this one router (Hono merges routes).
  const app = new Hono<AppEnv>({ router: new CachedRouter() })
  // The hot read's memory of the answers it may give again without the app (live/hot-read.ts).
  app.use(deps.live.hotRead.remember)
  app.use(deps.metrics.countRequests)
  app.use(async (c, next) => {
    const started = performance.now()
    c.set('language', requestLanguage(c))
    c.set('log', logger)
    c.set('clientAddress', clientAddress(c, trustedProxies))
    c.set('checkResponses', deps.checkResponses ?? false)
    await next()
    logRequest(logger, {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: performance.now() - started,
      ip: c.get('clientAddress'),
      ua: c.req.header('user-agent'),
    })
  })
  app.use(
    secureHeaders({
      // Only a site reached over https may tell browsers to insist on https.
      strictTransportSecurity: publicUrl.startsWith('https://')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The prerendered pages' boot script, by its hash (of the pages served now): no other
        // inline script runs.
        scriptSrc: [() => ["'self'", ...(site?.scriptSources() ?? [])].join(' ')],
        // React sets style attributes (the carousel's position, a section's placeholder height).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google profile pictures load from Google.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The privacy policy PDF is embedded from our own origin.
        objectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    }),
  )
  // Browsers on other sites read our answers only when CORS_ORIGINS lists the site; no
  // credentials: their pages call with bearer tokens (decision 22).
  const corsOrigins = deps.corsOrigins ?? []
  app.use(
    '/api/*',
    apiCors({
      origins: corsOrigins,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      exposeHeaders: ['set-auth-token', 'Retry-After', SERVER_TIME_HEADER],
      maxAge: 600,
    }),
  )
  app.use(
    requestGuard({
      publicUrl,
      // RFC 8058: mail providers POST the one-click unsubscribe form, without cookies or Origin;
      // and their bounce and complaint reports, in their own formats.
      crossSitePaths: ['/api/newsletter/one-click', ...MAIL_WEBHOOK_PATHS],
      // The landing page's newsletter form, sent before (or without) its script.
      formPaths: site?.newsletterAnswer ? [NEWSLETTER_FORM_PATH] : [],
      corsOrigins,
    }),
  )
  app.use(compress())
  app.onError((thrown, c) => {
    const error = asApiError(thrown)
    if (error instanceof ApiError) {
      const body = errorBody(c.var.language, error.code, error.messageKey, error.values)
      const fields = error.fields && Object.entries(error.fields)
      if (fields?.length) {
        const translated = fields.map(([name, key]) => [name, errorMessage(c.var.language, key)])
        return c.json({ ...body, fields: Object.fromEntries(translated) }, error.status)
      }
      return c.json(body, error.status)
    }
    // Hono's own refusals (malformed JSON...) are the client's mistake, not ours.
    if (error instanceof HTTPException && error.status < 500)
      return c.json(errorBody(c.var.language, 'invalid_request', 'invalidRequest'), error.status)
    // Stopped, restarting or unreachable: temporary, and the client may try again (no stack).
    // Libraries that catch the database's error and throw their own (Better Auth's session
    // lookup) fail while the database is known to be down: the same outage.
    if (isDatabaseUnavailable(error) || deps.database.available?.() === false) {
      logger.warn({ path: c.req.path, reason: unavailableReason(error) }, 'database unavailable')
      return c.json(errorBody(c.var.language, 'database_unavailable', 'databaseUnavailable'), 503, {
        'Retry-After': '5',
      })
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json(errorBody(c.var.language, 'internal_error', 'internal'), 500)
  })
  app.route('/api', api)
  app.get('/metrics', metricsRoute(deps.metrics.registry, deps.metricsToken))
  if (deps.devMailbox)
    app.route(
      '/dev/mailbox',
      devMailboxRoutes({
        db: deps.database.db,
        from: () => siteSettings.mailFrom(),
        secret: deps.newsletter.secret,
        baseUrl: deps.newsletter.baseUrl,
      }),
    )
  if (site?.newsletterAnswer)
    app.route('/', newsletterFormRoutes(deps.auth, deps.newsletter, site.newsletterAnswer))
  if (site) app.route('/', site.routes)
  return app
}

function errorBody(
  language: AppEnv['Variables']['language'],
  code: ApiErrorBody['code'],
  key: ErrorMessageKey,
  values?: Record<string, string | number>,
): ApiErrorBody {
  return { code, message: errorMessage(language, key, values) }
}
