import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { EVERYONE } from '#shared/schemas/campaigns.ts'
import { openDatabase } from '../client.ts'
import { totpCode } from '../../test/seed.ts'
import { browserClient } from '../../test/http-client.ts'
import { runScript } from '../../test/run-script.ts'
import { scratchDatabases } from '../../test/scratch-postgres.ts'
import { killStartedServers, startServer } from '../../test/server-process.ts'
import {
  seedSiteData,
  sha256,
  SITE_ORIGIN,
  withSiteOn,
  type SiteData,
} from '../../test/seed-site-data.ts'
import { newsletterSubscribers } from '../schema/newsletter.ts'
import { createCampaignDelivery } from '../../newsletter/campaign-delivery.ts'
import { createCampaign, sendCampaign } from '../../newsletter/campaigns.ts'
import { SENT_JOURNAL_FILE } from '../../newsletter/sent-journal.ts'
import { userTables } from './catalog.ts'
import { databaseSums } from './export-data.ts'

/**
 * npm run db:move, end to end: a PGlite DATA_DIR filled through the app's own routes is moved
 * into a fresh PostgreSQL database (lendulet_move_<random> on TEST_DATABASE_URL's server, dropped
 * afterwards), and the real server started on it lets everyone sign in with her old password.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const scratch = mkdtempSync(join(tmpdir(), 'lendulet-move-'))
const databases = scratchDatabases('lendulet_move')
const freshDatabase = () => databases.create()

afterEach(killStartedServers)
afterAll(async () => {
  await databases.dropAll()
  rmSync(scratch, { recursive: true, force: true })
})

describe.skipIf(!serverUrl)('npm run db:move (PGlite to PostgreSQL)', () => {
  const dataDir = join(scratch, 'data')
  let site: SiteData

  it(
    'copies every table with equal row counts and checksums; the site runs on it and she signs in with her old password',
    { timeout: 240_000 },
    async () => {
      site = await withSiteOn(dataDir, ({ origin, database }) => seedSiteData(origin, database))
      const target = await freshDatabase()

      const started = performance.now()
      const moved = await runScript('db-move.ts', [target], { DATA_DIR: dataDir })
      const moveMs = performance.now() - started
      expect(moved.code, moved.stderr).toBe(0)
      expect(moved.stdout).toMatch(/^\s+user\s+3\s+ok [0-9a-f]{32}$/m)
      expect(moved.stdout).toMatch(/^\s+media\s+2\s+ok [0-9a-f]{32}$/m)
      expect(moved.stdout).toMatch(/sequence outbox_id_seq: next value \d+/)

      // Both sides, table by table, computed again here.
      const source = await openDatabase({ dataDir })
      const moveTarget = await openDatabase({ databaseUrl: target })
      try {
        const before = await databaseSums(source)
        const after = await databaseSums(moveTarget)
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
        for (const [table, sum] of before) expect(after.get(table), table).toEqual(sum)
        for (const table of [
          'user',
          'account',
          'session',
          'profiles',
          'app_settings',
          'newsletter_subscribers',
          'newsletter_tokens',
          'outbox',
          'media',
          'events',
          'event_tables',
          'event_participants',
          'event_rounds',
          'event_table_assignments',
          'event_keep_apart',
        ])
          expect(before.get(table)?.rows, table).toBeGreaterThan(0)
        const rows = [...before.values()].reduce((sum, table) => sum + table.rows, 0)
        console.info(`db:move: ${rows} rows in ${before.size} tables, ${Math.round(moveMs)} ms`)
      } finally {
        await moveTarget.close()
        await source.close()
      }

      // The real server on the target.
      const server = await startServer({
        DATABASE_URL: target,
        PUBLIC_URL: SITE_ORIGIN,
        TRUST_PROXY: 'true',
        MIXER_TIME_MS: '100',
      })
      const origin = `http://127.0.0.1:${server.port}`
      const clients = []
      for (const person of [site.admin, ...site.members]) {
        const client = browserClient(origin)
        const signIn = await client.post('/api/auth/sign-in/email', {
          email: person.email,
          password: person.password,
        })
        expect(signIn.status, person.email).toBe(200)
        // The admin's two-step sign-in came along: her app's code still works.
        if (person.totpURI) {
          expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true })
          const second = await client.post('/api/auth/two-factor/verify-totp', {
            code: totpCode(person.totpURI),
          })
          expect(second.status).toBe(200)
        }
        const me = (await (await client.get('/api/me')).json()) as { userCode: string }
        expect(me.userCode).toBe(person.userCode)
        clients.push(client)
      }
      const wrong = await browserClient(origin).post('/api/auth/sign-in/email', {
        email: site.admin.email,
        password: 'not-her-password',
      })
      expect(wrong.status).toBe(401)

      const event = await clients[0]?.get(`/api/admin/events/${site.eventId}`)
      expect(event?.status).toBe(200)
      expect(JSON.stringify(await event?.json())).toContain('Tulipán')
      for (const image of site.images) {
        const served = await fetch(`${origin}${image.url}`)
        expect(served.status).toBe(200)
        expect(sha256(await served.arrayBuffer())).toBe(image.sha256)
      }

      // New rows continue after the copied ids (outbox is a serial): a visitor's confirmation e-mail.
      const sql = postgres(target, { max: 1, onnotice: () => {} })
      try {
        const [{ max: before } = { max: 0 }] = await sql<
          { max: number }[]
        >`select max(id) from outbox`
        const subscribe = await browserClient(origin).post('/api/newsletter/subscribe', {
          email: `after-move-${Date.now()}@example.com`,
          name: 'Új',
          source: 'landing',
        })
        expect(subscribe.status).toBe(200)
        const [{ max: after } = { max: 0 }] = await sql<
          { max: number }[]
        >`select max(id) from outbox`
        expect(after).toBeGreaterThan(before)
      } finally {
        await sql.end()
      }

      // The target is no longer empty: a second move refuses and changes nothing.
      server.child.kill('SIGTERM')
      await server.exited
      const again = await runScript('db-move.ts', [target], { DATA_DIR: dataDir })
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(
        /Nothing was moved: The target database is not empty: .*public\.user/,
      )
    },
  )

  it(
    'refuses while a server holds DATA_DIR (naming its pid), and a target with tables of its own',
    { timeout: 180_000 },
    async () => {
      const heldDir = join(scratch, 'held')
      const server = await startServer({ DATA_DIR: heldDir, PUBLIC_URL: SITE_ORIGIN })
      const target = await freshDatabase()
      const held = await runScript('db-move.ts', [target], { DATA_DIR: heldDir })
      expect(held.code).toBe(1)
      expect(held.stderr).toContain(`pid ${server.child.pid}`)
      const untouched = await openDatabase({ databaseUrl: target })
      try {
        expect(await userTables(untouched.db)).toEqual([])
        server.child.kill('SIGTERM')
        await server.exited

        await untouched.db.execute('create table notes (body text)')
        const foreign = await runScript('db-move.ts', [target], { DATA_DIR: heldDir })
        expect(foreign.code).toBe(1)
        expect(foreign.stderr).toContain('has tables this site did not make (public.notes)')
        expect((await userTables(untouched.db)).map((t) => t.name)).toEqual(['notes'])
      } finally {
        await untouched.close()
      }
    },
  )

  it(
    'records the campaign e-mails its journal lists as sent before the move',
    { timeout: 120_000 },
    async () => {
      const folder = join(scratch, 'journalled')
      const source = await openDatabase({ dataDir: folder })
      let taken: number
      try {
        await source.migrate()
        await source.db
          .insert(newsletterSubscribers)
          .values(['a', 'b'].map((n) => ({ email: `${n}@example.com`, verified: true })))
        const { id } = await createCampaign(
          source.db,
          { content: { hu: { subject: 'Hírek', body: 'Szia!' } }, audience: EVERYONE },
          null,
        )
        await sendCampaign(source.db, id, { scheduledAt: null })
        const delivery = createCampaignDelivery({
          db: source.db,
          secret: 'move-test-secret-0123456789-0123456789',
          baseUrl: SITE_ORIGIN,
          from: 'Lendület <hello@lendulet.fit>',
          ratePerMinute: 0,
          soleSender: true,
          journalPath: join(folder, SENT_JOURNAL_FILE),
        })
        await delivery.prepare()
        const [first] = (await delivery.claim(60_000)).claimed
        if (!first) throw new Error('nothing claimed')
        taken = first.id
        // The SMTP server took it; the process stopped before the database heard of it.
        expect(await delivery.markSent(first)).toBe(false)
      } finally {
        await source.close()
      }
      const target = await freshDatabase()
      const moved = await runScript('db-move.ts', [target], { DATA_DIR: folder })
      expect(moved.code, moved.stderr).toBe(0)
      const sql = postgres(target, { max: 1 })
      try {
        const rows = await sql<{ id: string; status: string }[]>`
        select id::text, status from newsletter_campaign_recipients order by id`
        expect(rows.map((row) => [Number(row.id), row.status])).toEqual([
          [taken, 'sent'],
          [taken + 1, 'pending'],
        ])
      } finally {
        await sql.end()
      }
    },
  )
})
