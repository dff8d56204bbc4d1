import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { count, sql } from 'drizzle-orm'
import { pgSchema, serial, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { lockDataDir } from './data-dir-lock.ts'
import { countPgliteLoad, type DatabaseLoad } from './database-load.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** The handle a `db.transaction` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DatabaseDriver = 'pglite' | 'postgres'

export interface Database {
  db: Db
  driver: DatabaseDriver
  /** The embedded database's folder; absent on PostgreSQL and for a database in memory. */
  dataDir?: string
  /**
   * Applies the committed migrations; safe to call on every start. `migrationsFolder` is for a
   * restore, which builds the schema of an older backup first (db/transfer/import-data.ts).
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>
  /** Runs a trivial query and reports how long it took. */
  ping(): Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }>
  /** Number of migrations recorded as applied. */
  appliedMigrations(): Promise<number>
  /**
   * False while PostgreSQL is known to be unreachable (queries are then refused at once, and a
   * fresh connection is tried every 250 ms). Absent on the embedded database.
   */
  available?(): boolean
  /** Queries and transactions under way, and the connections for them (the metrics' pool use). */
  load?(): DatabaseLoad
  /**
   * PostgreSQL's LISTEN/NOTIFY, which carries messages between server processes on one
   * database. Absent on the embedded database: it serves one process only.
   */
  channels?: {
    /** `onListen` runs after each LISTEN: the first, and every renewal after a lost connection. */
    listen(
      channel: string,
      onMessage: (payload: string) => void,
      onListen?: () => void,
    ): Promise<() => Promise<void>>
    notify(channel: string, payload: string): Promise<void>
  }
  close(): Promise<void>
}

export type DatabaseOptions =
  | { databaseUrl: string }
  /** dataDir undefined means an in-memory database (tests). */
  | { dataDir: string | undefined }

/** Drizzle's own bookkeeping table; kept out of schema/ so drizzle-kit never generates it. */
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', { id: serial('id') })

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Each database's driver is loaded only where it is used: PGlite's modules were 1 MB of the
  // idle memory on PostgreSQL (decision 96), and postgres.js's the same on PGlite.
  if ('databaseUrl' in options) {
    const [
      { openPostgresGate },
      { withMigrationLock },
      { drizzle: drizzlePostgres },
      { migrate: migratePostgres },
    ] = await Promise.all([
      import('./postgres-gate.ts'),
      import('./migration-lock.ts'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ])
    // A small pool that fails fast during an outage and recovers by itself (postgres-gate.ts).
    const url = options.databaseUrl
    const gate = openPostgresGate(url)
    const client = gate.sql
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' })
    return {
      ...withCommon(db, 'postgres', {
        migrate: (options) =>
          withMigrationLock(url, () =>
            migratePostgres(db, {
              migrationsFolder: options?.migrationsFolder ?? migrationsFolder,
            }),
          ),
        close: () => gate.end(),
      }),
      available: gate.available,
      load: gate.load,
      channels: {
        listen: (channel, onMessage, onListen) => gate.listen(channel, onMessage, onListen),
        async notify(channel, payload) {
          await client.notify(channel, payload)
        },
      },
    }
  }
  const [{ PGlite }, { prepareDataDir }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('./pglite-setup.ts'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ])
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  // PGlite serves one process per folder and does not check it: a lock file does (decision 0016).
  const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined
  let client: PGlite
  try {
    const setup = prepareDataDir(options.dataDir)
    client = await PGlite.create(options.dataDir, setup.options)
    setup.started()
  } catch (error) {
    lock?.release()
    throw error
  }
  const counted = countPgliteLoad(client)
  const db = drizzlePglite({ client: counted.client, schema, casing: 'snake_case' })
  const database = withCommon(db, 'pglite', {
    migrate: (options) =>
      migratePglite(db, { migrationsFolder: options?.migrationsFolder ?? migrationsFolder }),
    close: async () => {
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  })
  return { ...database, load: counted.load, dataDir: options.dataDir }
}

function withCommon(
  db: Db,
  driver: DatabaseDriver,
  own: { migrate: Database['migrate']; close: () => Promise<void> },
): Database {
  let closed = false
  return {
    db,
    driver,
    migrate: own.migrate,
    async ping() {
      const started = performance.now()
      try {
        await db.execute(sql`select 1`)
        return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 }
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) }
      }
    },
    async appliedMigrations() {
      const [row] = await db.select({ applied: count() }).from(drizzleMigrations)
      return row?.applied ?? 0
    },
    async close() {
      if (closed) return
      closed = true
      await own.close()
    },
  }
}
