import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder, openDatabase, type Database } from '../client.ts'
import { browserClient } from '../../test/http-client.ts'
import { runScript } from '../../test/run-script.ts'
import { scratchDatabases } from '../../test/scratch-postgres.ts'
import { killStartedServers, startServer } from '../../test/server-process.ts'
import { seedSiteData, SITE_ORIGIN, withSiteOn, type SiteData } from '../../test/seed-site-data.ts'
import { appliedMigrations, query } from './catalog.ts'
import { openBackupFile, writeBackup, writeBackupFile } from './backup-file.ts'
import { databaseSums } from './export-data.ts'
import { importData, withMigrationsUpTo } from './import-data.ts'

/**
 * db:backup and db:restore: a backup of the embedded database taken from the running server
 * (through its socket) while members sign up, restored into a fresh DATA_DIR; round trips whose
 * per-table checksums must equal the original's; refusals. With TEST_DATABASE_URL, the round
 * trip goes PGlite -> PostgreSQL -> PGlite.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const scratch = mkdtempSync(join(tmpdir(), 'lendulet-backup-'))
const databases = scratchDatabases('lendulet_move')

afterEach(killStartedServers)
afterAll(async () => {
  await databases.dropAll()
  rmSync(scratch, { recursive: true, force: true })
})

const file = (name: string) => join(scratch, name)
const sumsOf = async (options: Parameters<typeof openDatabase>[0]) => {
  const database = await openDatabase(options)
  try {
    return await databaseSums(database)
  } finally {
    await database.close()
  }
}
const rowsIn = (sums: Awaited<ReturnType<typeof databaseSums>>, table: string) =>
  sums.get(table)?.rows ?? -1

describe('npm run db:backup and db:restore', () => {
  const dataDir = file('data')
  let site: SiteData
  beforeAll(async () => {
    site = await withSiteOn(dataDir, ({ origin, database }) => seedSiteData(origin, database))
  }, 180_000)

  it(
    'backs up the running site through its socket while members sign up; a restore of it is that moment',
    { timeout: 240_000 },
    async () => {
      const server = await startServer({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE_ORIGIN,
        TRUST_PROXY: 'true',
      })
      const origin = `http://127.0.0.1:${server.port}`

      // At rest: the backup holds what the site holds.
      const quiet = await runScript('db-backup.ts', [file('quiet.jsonl.gz')], { DATA_DIR: dataDir })
      expect(quiet.code, quiet.stderr).toBe(0)
      expect(quiet.stdout).toContain(`through the running server (pid ${server.child.pid})`)
      expect(quiet.stdout).toMatch(/^\s+user\s+3\s+[0-9a-f]{32}$/m)

      // Under writes: members keep signing up while the backup is taken.
      let writing = true
      const latencies: number[] = []
      let signedUp = 0
      const writer = (async () => {
        while (writing) {
          const started = performance.now()
          const response = await browserClient(origin).post('/api/auth/sign-up/email', {
            name: 'Under load',
            email: `load-${signedUp}-${Date.now()}@example.com`,
            password: 'load-password',
          })
          expect(response.status).toBe(200)
          latencies.push(performance.now() - started)
          signedUp++
        }
      })()
      while (signedUp < 3) await new Promise((resolve) => setTimeout(resolve, 50))
      const busy = await runScript('db-backup.ts', [file('busy.jsonl.gz')], { DATA_DIR: dataDir })
      const atBackup = signedUp
      while (signedUp < atBackup + 3) await new Promise((resolve) => setTimeout(resolve, 50))
      writing = false
      await writer
      expect(busy.code, busy.stderr).toBe(0)
      const sent = [...server.output().matchAll(/"ms":(\d+),"msg":"backup sent"/g)].map((m) => m[1])
      console.info(
        `backup through the running server: ${sent.join(', ')} ms; sign-ups meanwhile: ${signedUp}, slowest ${Math.round(Math.max(...latencies))} ms`,
      )

      // A restore refuses a target that is in use or not empty.
      const inUse = await runScript('db-restore.ts', [file('quiet.jsonl.gz')], {
        DATA_DIR: dataDir,
      })
      expect(inUse.code).toBe(1)
      expect(inUse.stderr).toContain(`pid ${server.child.pid}`)
      server.child.kill('SIGTERM')
      await server.exited
      const notEmpty = await runScript('db-restore.ts', [file('quiet.jsonl.gz')], {
        DATA_DIR: dataDir,
      })
      expect(notEmpty.code).toBe(1)
      expect(notEmpty.stderr).toMatch(/Nothing was restored: The target database is not empty/)

      // The busy backup is one moment: complete, consistent (every key and checksum checked on
      // restore), with the sign-ups made before it and none of those after.
      const busyInto = file('restored-busy')
      const restoredBusy = await runScript('db-restore.ts', [file('busy.jsonl.gz')], {
        DATA_DIR: busyInto,
      })
      expect(restoredBusy.code, restoredBusy.stderr).toBe(0)
      const users = rowsIn(await sumsOf({ dataDir: busyInto }), 'user')
      expect(users).toBeGreaterThanOrEqual(3 + 3)
      expect(users).toBeLessThan(3 + signedUp)
    },
  )

  it(
    'round trip at rest: every table checksum equal before and after, and she signs in on the restored site',
    { timeout: 180_000 },
    async () => {
      const offline = await runScript('db-backup.ts', [file('offline.jsonl.gz')], {
        DATA_DIR: dataDir,
      })
      expect(offline.code, offline.stderr).toBe(0)
      const offlineInto = file('restored-offline')
      const restored = await runScript('db-restore.ts', [file('offline.jsonl.gz')], {
        DATA_DIR: offlineInto,
      })
      expect(restored.code, restored.stderr).toBe(0)
      expect(restored.stdout).toMatch(/^\s+media\s+2\s+ok [0-9a-f]{32}$/m)
      expect(await sumsOf({ dataDir: offlineInto })).toEqual(await sumsOf({ dataDir }))

      // And the restored site works: she signs in with her password.
      const again = await startServer({
        DATA_DIR: offlineInto,
        PUBLIC_URL: SITE_ORIGIN,
        TRUST_PROXY: 'true',
      })
      const member = site.members[0]
      const signIn = await browserClient(`http://127.0.0.1:${again.port}`).post(
        '/api/auth/sign-in/email',
        { email: member?.email, password: member?.password },
      )
      expect(signIn.status).toBe(200)
    },
  )

  it.skipIf(!serverUrl)(
    'round trip PGlite -> PostgreSQL -> PGlite keeps every checksum',
    { timeout: 180_000 },
    async () => {
      const target = await databases.create()

      const source = await openDatabase({ dataDir })
      let original
      try {
        original = await databaseSums(source)
        await writeBackupFile(file('pglite.jsonl.gz'), (output) => writeBackup(source, output))
      } finally {
        await source.close()
      }
      const intoPostgres = await runScript('db-restore.ts', [file('pglite.jsonl.gz')], {
        DATABASE_URL: target,
      })
      expect(intoPostgres.code, intoPostgres.stderr).toBe(0)
      expect(await sumsOf({ databaseUrl: target })).toEqual(original)

      const fromPostgres = await runScript('db-backup.ts', [file('postgres.jsonl.gz')], {
        DATABASE_URL: target,
      })
      expect(fromPostgres.code, fromPostgres.stderr).toBe(0)
      const back = file('restored-from-postgres')
      const restored = await runScript('db-restore.ts', [file('postgres.jsonl.gz')], {
        DATA_DIR: back,
      })
      expect(restored.code, restored.stderr).toBe(0)
      expect(await sumsOf({ dataDir: back })).toEqual(original)

      const twice = await runScript('db-restore.ts', [file('postgres.jsonl.gz')], {
        DATABASE_URL: target,
      })
      expect(twice.code).toBe(1)
      expect(twice.stderr).toContain('not empty')
    },
  )
})

describe('restoring a backup of an older version', () => {
  it(
    'builds the schema of the backup, restores, then applies the newer migrations',
    { timeout: 120_000 },
    async () => {
      const old = await openDatabase({ dataDir: undefined })
      const fresh: Database = await openDatabase({ dataDir: undefined })
      try {
        const all = readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis)
        await withMigrationsUpTo(all.length - 1, (folder) =>
          old.migrate({ migrationsFolder: folder }),
        )
        await query(
          old.db,
          `insert into app_settings (key, value) values ('old', '{"big": 12345678901234567890}')`,
        )
        await writeBackupFile(file('old.jsonl.gz'), (output) => writeBackup(old, output))
        const report = await importData(fresh, openBackupFile(file('old.jsonl.gz')))
        expect(report.header.migrations).toHaveLength(all.length - 1)
        expect(await appliedMigrations(fresh.db)).toEqual(all)
        const [row] = await query<{ value: string }>(
          fresh.db,
          `select value::text as value from app_settings where key = 'old'`,
        )
        expect(row?.value).toBe('{"big": 12345678901234567890}')
      } finally {
        await old.close()
        await fresh.close()
      }
    },
  )

  it('refuses an incomplete file and leaves the target empty', { timeout: 120_000 }, async () => {
    const source = await openDatabase({ dataDir: undefined })
    const target = await openDatabase({ dataDir: undefined })
    try {
      await source.migrate()
      await query(source.db, `insert into app_settings (key, value) values ('k', '1')`)
      await writeBackupFile(file('whole.jsonl.gz'), (output) => writeBackup(source, output))
      // Cut the stream short: everything but its last line, compressed again.
      await pipeline(
        createReadStream(file('whole.jsonl.gz')),
        createGunzip(),
        createWriteStream(file('whole.jsonl')),
      )
      const lines = readFileSync(file('whole.jsonl'), 'utf8').trimEnd().split('\n')
      const cut = createGzip()
      const written = pipeline(cut, createWriteStream(file('cut.jsonl.gz')))
      cut.end(`${lines.slice(0, -1).join('\n')}\n`)
      await written
      await expect(importData(target, openBackupFile(file('cut.jsonl.gz')))).rejects.toThrow(
        /ends too early/,
      )
      const [row] = await query<{ n: string }>(
        target.db,
        `select count(*)::text as n from app_settings`,
      )
      expect(row?.n).toBe('0')
    } finally {
      await source.close()
      await target.close()
    }
  })
})
