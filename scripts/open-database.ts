import { openDatabase, type Database, type DatabaseOptions } from '#server/db/client.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import type { Env } from '#server/env.ts'

/** The database the server uses: DATABASE_URL, or PGlite in DATA_DIR. */
export const configuredDatabase = (env: Env): DatabaseOptions =>
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }

/**
 * Opens a database for a command-line script. While a server holds the embedded database's
 * DATA_DIR, says so and exits with 1 (one process at a time may open it, decision 0016).
 */
export async function openForScript(options: DatabaseOptions): Promise<Database> {
  return openDatabase(options).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  })
}
