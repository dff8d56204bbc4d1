import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { openDatabase } from './db/client.ts'
import { loadEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { publicConfigFrom } from './public-config.ts'

const env = loadEnv()
const logger = createLogger(env.LOG_LEVEL)
const distDir = fileURLToPath(new URL('../../dist', import.meta.url))

const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
)
try {
  await database.migrate()
} catch (error) {
  logger.fatal({ err: error }, 'database migration failed')
  await database.close()
  process.exit(1)
}

const app = createApp({ database, logger, publicConfig: publicConfigFrom(env), distDir })
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(
    {
      port: info.port,
      database: database.driver,
      dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    },
    `ready on http://localhost:${info.port}`,
  )
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // Stop taking requests, let running ones finish, then close the database so PGlite flushes to disk.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  if ('closeIdleConnections' in server) server.closeIdleConnections()
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))])
  await database.close()
  logger.info('database closed, bye')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
