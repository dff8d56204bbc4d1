import type { Logger } from 'pino'
import { parseEnv } from '../env.ts'
import { createLogger } from '../logger.ts'
import { createServer } from '../server.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

/** The real server on a fresh database; `env` overrides variables (SMTP_URL for a test mail server...). */
export async function createTestApp(
  options: {
    distDir?: string
    env?: Record<string, string>
    logger?: Logger
    liveHeartbeatMs?: number
  } = {},
) {
  const database: TestDatabase = await createTestDatabase()
  // A short mixer search keeps API tests quick; the engine's quality is tested on its own.
  // Reminder passes at moments of their own would add e-mails to other tests' mailboxes: the
  // reminders' tests run them with their own clock (events/reminders.test.ts).
  const env = parseEnv({
    PUBLIC_URL: 'http://localhost:3000',
    MIXER_TIME_MS: '150',
    EVENT_REMINDER_HOURS: '0',
    ...options.env,
  })
  const server = await createServer({
    env,
    database,
    logger: options.logger ?? createLogger('silent'),
    distDir: options.distDir,
    checkResponses: true,
    liveHeartbeatMs: options.liveHeartbeatMs,
  })
  return {
    ...server,
    database,
    publicConfig: () => server.siteSettings.publicConfig(),
    async close() {
      await server.stop()
      await database.close()
    },
  }
}
