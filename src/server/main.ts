import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { issueAdminSetupToken } from './auth/admin-setup.ts'
import { promoteListedAdmins } from './auth/commands/promote-listed-admins.ts'
import { openDatabase } from './db/client.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { serveBackups } from './db/transfer/backup-socket.ts'
import { loadEnv, publicUrl } from './env.ts'
import { createLogger, logFormat, readableLines } from './logger.ts'
import { serveMetrics } from './metrics/metrics-listener.ts'
import { createServerWithHotRead } from './live/hot-read.ts'
import { createServer, httpServerOptions } from './server.ts'

const env = loadEnv()
const logger = createLogger(
  env.LOG_LEVEL,
  logFormat(env.LOG_FORMAT) === 'pretty' ? await readableLines() : undefined,
)
const distDir = fileURLToPath(new URL('../../dist', import.meta.url))

const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
).catch((error: unknown) => {
  // Another process has the embedded database open: say so in one line, no stack trace.
  if (!(error instanceof DataDirInUseError)) throw error
  logger.fatal(error.message)
  process.exit(1)
})
try {
  await database.migrate()
} catch (error) {
  logger.fatal({ err: error }, 'database migration failed')
  await database.close()
  process.exit(1)
}

const server = await createServer({ env, database, logger, distDir })
// The embedded database has one connection, this process's: db:backup asks for it here.
const backups = env.DATABASE_URL ? undefined : await serveBackups(database, env.DATA_DIR, logger)

const promoted = await promoteListedAdmins(database.db, env.ADMIN_EMAILS)
if (promoted > 0) logger.info({ promoted }, 'accounts listed in ADMIN_EMAILS made admins')

const setupToken = await issueAdminSetupToken(
  database.db,
  env.ADMIN_SETUP_TOKEN ? { token: env.ADMIN_SETUP_TOKEN } : {},
)
if (setupToken) {
  // Printed once per start while the site has no admin; whoever opens it (signed in) becomes one.
  logger.warn(
    `No admin yet. Sign in, then open this one-time link within 24 hours to become the admin: ${publicUrl(env)}/admin-setup?token=${setupToken}`,
  )
}

// METRICS_PORT: Prometheus's own port, open before the site's so it is there by the ready line.
const metricsListener =
  env.METRICS_PORT === undefined
    ? undefined
    : await serveMetrics({
        registry: server.metrics.registry,
        port: env.METRICS_PORT,
        host: env.METRICS_HOST,
        logger,
      }).catch(async (error: unknown) => {
        // The port is taken or the interface does not exist: say so in one line and stop.
        logger.fatal(`METRICS_PORT: cannot listen (${String(error)})`)
        backups?.close()
        await server.stop()
        await database.close()
        process.exit(1)
      })

// Everything is ready before the port opens, and the signal handlers are in place before anyone
// can know the server is up.
let stopping = false
const http = serve(
  {
    fetch: server.app.fetch,
    // The klikkscreen's state read, answered again from memory while it holds (live/hot-read.ts).
    createServer: createServerWithHotRead(server.live.hotRead),
    port: env.PORT,
    hostname: env.HOST,
    serverOptions: httpServerOptions(env.REQUEST_TIMEOUT_MS),
  },
  (info) => {
    logger.info(
      {
        port: info.port,
        database: database.driver,
        dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
      },
      `ready on http://localhost:${info.port}`,
    )
    if (!env.SMTP_URL && env.NODE_ENV !== 'production') {
      logger.info(
        `no SMTP_URL: e-mails are logged and shown on http://localhost:${info.port}/dev/mailbox`,
      )
    }
  },
)
server.mailWorker.wake()

async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // Stop taking requests, let running ones finish, then close the database so PGlite flushes to disk.
  // Live streams never finish by themselves: end them (browsers reconnect elsewhere).
  server.live.hub.endStreams()
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  if ('closeIdleConnections' in http) http.closeIdleConnections()
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))])
  backups?.close()
  await metricsListener?.close()
  await server.stop()
  await database.close()
  logger.info('database closed, bye')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
