import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'

const KEY = 'auth_secret'

/**
 * BETTER_AUTH_SECRET when set; otherwise a random secret made on first start and kept in the
 * database, so sessions survive restarts and every process on one database agrees.
 */
export async function resolveAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: appSettings.key })
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY))
  if (typeof row?.value !== 'string') throw new Error('auth secret missing from app_settings')
  return row.value
}
