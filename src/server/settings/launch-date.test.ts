import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { appSettings } from '../db/schema/app-settings.ts'
import { auditLog } from '../db/schema/audit.ts'
import { createLogger } from '../logger.ts'
import { parseEnv } from '../env.ts'
import { fakeBuild } from '../test/fake-build.ts'
import { createTestApp } from '../test/test-app.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { createSiteSettings } from './site-settings.ts'

const distDir = mkdtempSync(join(tmpdir(), 'dist-launch-'))
fakeBuild(distDir)
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

// A fresh install: LAUNCH_DATE is not set.
const server = httpTestAppWithMail({}, { distDir })
const db = () => server.harness.database.db
const admin = (language?: 'hu' | 'en') =>
  seedMember(server.harness, server.http.origin, { isAdmin: true, language })
const page = async (language: string) =>
  (await server.harness.app.request(`/?lang=${language}`)).text()
const OPERATOR = { actor: { kind: 'operator' as const, userId: null, name: null, email: null } }

type Settings = {
  site: { launchDate: { value: string; default: string; custom: boolean } }
  public: { launch: { date: string; passed: boolean } }
}

describe('the launch date, set once by the owner', () => {
  it('defaults to 2027 on a fresh install: 2026 was nearly over when this was written', async () => {
    expect(parseEnv({}).LAUNCH_DATE).toBe('2027')
    const { client } = await admin()
    const settings = (await (await client.get('/api/admin/settings')).json()) as Settings
    expect(settings.site.launchDate).toMatchObject({
      value: '2027',
      default: '2027',
      custom: false,
    })
  })

  it('every launch sentence of the pages follows it, in all four languages, and it is audited', async () => {
    const { client, email } = await admin()
    const saved = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { launchDate: '2099-03' },
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    expect(((await saved.json()) as Settings).public.launch).toEqual({
      date: '2099-03',
      passed: false,
    })
    const badges = {
      hu: 'Hamarosan · 2099 márciusában',
      en: 'Coming soon · March 2099',
      es: 'Muy pronto · marzo de 2099',
      de: 'Bald da · März 2099',
    }
    for (const [language, badge] of Object.entries(badges)) {
      const html = await page(language)
      expect(html).toContain(`<p class="launch">${badge}</p>`)
      expect(html).not.toContain('__LENDULET_LAUNCH')
    }
    // The head, written by the server: the title names the month too.
    expect(await page('en')).toContain(
      '<title>Title &lt;landing&gt; en · Lendület – personal training for women · launching in March 2099</title>',
    )
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorEmail, email)))
    expect(entry).toMatchObject({
      before: expect.objectContaining({ launchDate: null }),
      after: expect.objectContaining({ launchDate: '2099-03' }),
    })

    // Back to the default: the pages name 2027 again (or no date, once 2027 is over).
    const reset = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { launchDate: null },
    })
    const after = (await reset.json()) as Settings
    expect(after.site.launchDate).toMatchObject({ value: '2027', custom: false })
    expect(after.public.launch.date).toBe('2027')
    expect(await page('en')).not.toContain('2099')
  })

  it('refuses a time already over, or one that is not a date, in her language; nothing is saved', async () => {
    const english = (await admin('en')).client
    const hungarian = (await admin('hu')).client
    const audited = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0
    const before = await audited()
    const refused = async (launchDate: string, client = english) => {
      const response = await client.request('/api/admin/settings', {
        method: 'PATCH',
        json: { launchDate, contactEmail: 'kept-out@studio.example' },
      })
      expect(response.status, launchDate).toBe(400)
      return ((await response.json()) as { fields: { launchDate: string } }).fields.launchDate
    }
    expect(await refused('2020-spring')).toMatch(/already passed/)
    expect(await refused('2099-02-30')).toMatch(/a year from 2000 to 2100/)
    expect(await refused('spring 2099')).toMatch(/a year from 2000 to 2100/)
    expect(await refused('2020', hungarian)).toBe(
      'Ez az időpont már elmúlt. Válassz egy még előttünk állót, vagy azt, hogy „Még nincs időpont”.',
    )
    expect(await audited()).toBe(before)
    expect(await page('en')).not.toContain('kept-out@studio.example')
  })

  it('"No date yet": the pages say "Coming soon" and name no year', async () => {
    const { client } = await admin()
    const saved = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { launchDate: 'none' },
    })
    expect(saved.status).toBe(200)
    expect(await page('en')).toContain('<p class="launch">Coming soon</p>')
    expect(await page('hu')).toContain('<p class="launch">Hamarosan</p>')
    await client.request('/api/admin/settings', { method: 'PATCH', json: { launchDate: null } })
  })
})

describe('a launch date that has passed', () => {
  it('is no longer promised: the pages say "Coming soon", and the config says it passed', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-passed-'))
    fakeBuild(dist)
    const passed = await createTestApp({ distDir: dist, env: { LAUNCH_DATE: '2025-autumn' } })
    try {
      expect(passed.publicConfig().launch).toEqual({ date: '2025-autumn', passed: true })
      const html = await (await passed.app.request('/?lang=en')).text()
      expect(html).toContain('<p class="launch">Coming soon</p>')
      expect(html).toContain(
        '<title>Title &lt;landing&gt; en · Lendület – personal training for women · coming soon</title>',
      )
      // Nowhere on the page but in its copy of the setting.
      expect(html.replace(/<script id="app-config"[^]*?<\/script>/, '')).not.toMatch(/2025/)
      // The page's own copy of the config tells the owner's dashboard (its warning).
      expect(html).toContain('"launch":{"date":"2025-autumn","passed":true}')
    } finally {
      await passed.close()
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('stops being promised at midnight in Budapest after its last day', async () => {
    let now = new Date('2099-03-31T21:59:00Z') // 23:59 in Budapest (summer time)
    const store = await createSiteSettings({
      db: db(),
      env: parseEnv({ LAUNCH_DATE: '2099-03' }),
      logger: createLogger('silent'),
      now: () => now,
    })
    try {
      const before = store.publicConfig()
      expect(before.launch).toEqual({ date: '2099-03', passed: false })
      expect(store.publicConfig()).toBe(before)
      now = new Date('2099-03-31T22:00:00Z') // 1 April, 00:00 in Budapest
      // A new config, so the served pages are filled anew.
      const after = store.publicConfig()
      expect(after).not.toBe(before)
      expect(after.launch).toEqual({ date: '2099-03', passed: true })
    } finally {
      store.close()
    }
  })
})

describe('settings stored before the launch date', () => {
  it('keeps what still holds, shows defaults for the rest, and leaves the old values in the row', async () => {
    const app = await createTestApp({})
    try {
      const database = app.database.db
      await database.insert(appSettings).values({
        key: 'site',
        value: {
          contactEmail: 'kept@studio.example',
          launchLineHu: 'Nyitás: 2027 tavasza',
          appStoreUrl: 'https://apps.apple.com/hu/',
        },
      })
      const store = await createSiteSettings({
        db: database,
        env: parseEnv({}),
        logger: createLogger('silent'),
      })
      try {
        expect(store.publicConfig()).toMatchObject({
          contactEmail: 'kept@studio.example',
          appStoreUrl: '',
        })
        await store.update({ footerYear: 2030 }, OPERATOR)
        const [row] = await database.select().from(appSettings).where(eq(appSettings.key, 'site'))
        expect(row?.value).toEqual({
          contactEmail: 'kept@studio.example',
          launchLineHu: 'Nyitás: 2027 tavasza',
          appStoreUrl: 'https://apps.apple.com/hu/',
          footerYear: 2030,
        })
        expect(store.view().contactEmail).toMatchObject({ value: 'kept@studio.example' })
      } finally {
        store.close()
      }
    } finally {
      await app.close()
    }
  })
})
