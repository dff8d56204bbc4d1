import { createApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { createLogger } from '../logger.ts'
import { publicConfigFrom } from '../public-config.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export async function createTestApp(options: { distDir?: string } = {}) {
  const database: TestDatabase = await createTestDatabase()
  const publicConfig = publicConfigFrom(parseEnv({}))
  const app = createApp({ database, logger: createLogger('silent'), publicConfig, ...options })
  return { app, database, publicConfig }
}
