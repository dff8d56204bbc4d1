import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { LOCK_FILE_NAME } from './data-dir-lock.ts'
import { query } from './transfer/catalog.ts'
import { INITIALISING_MARKER, pgliteVersion, templatePath, unpackTar } from './pglite-setup.ts'

const root = mkdtempSync(join(tmpdir(), 'pglite-setup-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** What tells one new database from another: its catalogue, encoding, locale and settings. */
const CATALOGUE = `select
  (select count(*) from pg_class)::int as relations,
  (select count(*) from pg_proc)::int as functions,
  (select count(*) from pg_collation)::int as collations,
  (select string_agg(datname, ',' order by datname) from pg_database) as databases,
  (select string_agg(rolname, ',' order by rolname) from pg_roles) as roles,
  current_setting('server_encoding') as encoding,
  (select datcollate || ' ' || datctype from pg_database where datname = current_database()) as locale,
  current_setting('TimeZone') as timezone,
  version() as version`

describe('the embedded database (PGlite) set-up', () => {
  it('has a template of a new database for the installed PGlite (npm run db:pglite-template)', () => {
    expect(
      existsSync(templatePath()),
      `no template for PGlite ${pgliteVersion()}: run npm run db:pglite-template and commit it`,
    ).toBe(true)
  })

  it('fills a new folder from the template with what initdb would have made', async () => {
    const initdb = await PGlite.create()
    const expected = (await initdb.query(CATALOGUE)).rows[0]
    await initdb.close()

    const dataDir = join(root, 'new')
    const database = await openDatabase({ dataDir })
    try {
      const [actual] = await query(database.db, CATALOGUE)
      expect(actual).toEqual(expected)
      expect(existsSync(join(dataDir, INITIALISING_MARKER))).toBe(false)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('runs PostgreSQL with small shared buffers', async () => {
    const database = await openDatabase({ dataDir: undefined })
    try {
      const [row] = await query(database.db, sql`show shared_buffers`)
      expect(row).toEqual({ shared_buffers: '8MB' })
    } finally {
      await database.close()
    }
  })

  it('keeps the data of an existing folder', async () => {
    const dataDir = join(root, 'kept')
    const first = await openDatabase({ dataDir })
    await first.db.execute(sql`create table kept (note text)`)
    await first.db.execute(sql`insert into kept values ('still here')`)
    await first.close()

    const again = await openDatabase({ dataDir })
    try {
      expect(await query(again.db, sql`select note from kept`)).toEqual([{ note: 'still here' }])
    } finally {
      await again.close()
    }
  }, 60_000)

  it('unpacks nothing outside the folder', () => {
    const header = new Uint8Array(1024)
    header.set(new TextEncoder().encode('../outside'), 0)
    header.set(new TextEncoder().encode('0000600\0'), 100)
    header.set(new TextEncoder().encode('00000000000\0'), 124)
    header.set(new TextEncoder().encode('0'), 156)
    const into = join(root, 'unpack')
    mkdirSync(into)
    expect(() => unpackTar(header, into)).toThrow(/outside the folder/)
    expect(existsSync(join(root, 'outside'))).toBe(false)
  })

  it('starts over on a folder whose first filling was cut short', async () => {
    // What a process killed while unpacking leaves: the marker, a version file, half a folder.
    const dataDir = join(root, 'cut-short')
    mkdirSync(join(dataDir, 'base', '1'), { recursive: true })
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n')
    writeFileSync(join(dataDir, 'base', '1', '1255'), 'half a page')
    writeFileSync(join(dataDir, INITIALISING_MARKER), 'yesterday\n')

    const database = await openDatabase({ dataDir })
    try {
      const [row] = await query<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_class`,
      )
      expect(row?.n).toBeGreaterThan(100)
      await database.migrate()
      expect(await database.appliedMigrations()).toBeGreaterThan(0)
      expect(readdirSync(dataDir)).toContain(LOCK_FILE_NAME)
      expect(existsSync(join(dataDir, INITIALISING_MARKER))).toBe(false)
    } finally {
      await database.close()
    }
  }, 60_000)
})
