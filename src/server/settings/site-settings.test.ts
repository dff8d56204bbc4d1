import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { fakeBuild } from '../test/fake-build.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { yearInBudapest } from './site-values.ts'

const distDir = mkdtempSync(join(tmpdir(), 'dist-settings-'))
fakeBuild(distDir)
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

const server = httpTestAppWithMail(
  {
    MAIL_FROM: 'Lendület <hello@lendulet.fit>',
    CONTACT_EMAIL: 'studio@lendulet.fit',
    // The name the launch date had before it was one setting still locks it.
    SETTINGS_LOCKED: 'launchLine',
    // A launch date that stays ahead whenever this test runs.
    LAUNCH_DATE: '2098',
  },
  { distDir },
)
const db = () => server.harness.database.db
const admin = () => seedMember(server.harness, server.http.origin, { isAdmin: true })
const landing = async (language = 'hu') =>
  (await server.harness.app.request(`/?lang=${language}`)).text()

type Page = {
  site: Record<
    string,
    { value: string | number; default: string | number; custom: boolean; locked: boolean }
  >
  public: Record<string, unknown>
}

describe('the owner changes her site settings', () => {
  it('shows each field with its default from the configuration, and which are locked', async () => {
    const { client } = await admin()
    const page = (await (await client.get('/api/admin/settings')).json()) as Page & {
      operator: Record<string, unknown>
    }
    expect(page.site.contactEmail).toEqual({
      value: 'studio@lendulet.fit',
      default: 'studio@lendulet.fit',
      custom: false,
      locked: false,
    })
    expect(page.site.mailSenderName).toMatchObject({ value: 'Lendület', custom: false })
    expect(page.site.launchDate).toMatchObject({ value: '2098', custom: false, locked: true })
    expect(page.site.footerYear).toMatchObject({ value: yearInBudapest(new Date()), custom: false })
    expect(page.site.seatingMemoryMonths).toEqual({
      value: 6,
      default: 6,
      custom: false,
      locked: false,
    })
    // No store page until she sets one: no badge.
    expect(page.site.appStoreUrl).toMatchObject({ value: '', default: '', locked: false })
    expect(page.public).toMatchObject({
      appStoreUrl: '',
      googlePlayUrl: '',
      launch: { date: '2098', passed: false },
    })
    expect(page.operator).toMatchObject({
      mailAddress: 'hello@lendulet.fit',
      lockedSettings: ['launchDate'],
    })
  })

  it('a save applies at once: the public pages, their app config and the e-mails show it', async () => {
    const { client } = await admin()
    const saved = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: {
        contactEmail: 'hello@studio.example',
        instagramUrl: 'https://www.instagram.com/lendulet.studio',
        appStoreUrl: 'https://apps.apple.com/hu/app/lendulet/id123456789',
        mailSenderName: 'Lendület Stúdió',
        googlePlayUrl: 'https://play.google.com/store/apps/details?id=fit.lendulet',
        footerYear: 2027,
      },
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const answer = (await saved.json()) as Page
    expect(answer.site.contactEmail).toMatchObject({ value: 'hello@studio.example', custom: true })
    expect(answer.public).toMatchObject({
      contactEmail: 'hello@studio.example',
      googlePlayUrl: 'https://play.google.com/store/apps/details?id=fit.lendulet',
      footerYear: '2027',
    })

    // The prerendered page, as served to a browser without JavaScript.
    const hu = await landing('hu')
    expect(hu).toContain('href="https://www.instagram.com/lendulet.studio"')
    expect(hu).toContain('mailto:hello@studio.example')
    expect(hu).toContain('<p class="rights">© 2027</p>')
    // Both stores' badges, each to the app's own page.
    expect(hu).toContain('data-page="landing.hu.appStore.googlePlay"')
    expect(hu).toContain('href="https://apps.apple.com/hu/app/lendulet/id123456789"')
    expect(hu).toContain('href="https://play.google.com/store/apps/details?id=fit.lendulet"')
    // The app's copy of the configuration in the same page.
    expect(hu).toContain('"appStoreUrl":"https://apps.apple.com/hu/app/lendulet/id123456789"')

    // E-mails come from her name, at the configured address.
    const visitor = browserClient(server.http.origin)
    const email = `settings-${Date.now()}@example.com`
    expect(
      (await visitor.post('/api/newsletter/subscribe', { email, name: 'Kiss Anna' })).status,
    ).toBe(200)
    const mail = await server.mail.waitFor(email)
    expect(mail.headers.get('from')).toMatchObject({
      value: [{ name: 'Lendület Stúdió', address: 'hello@lendulet.fit' }],
    })

    // Cleared fields go back to their defaults.
    const reset = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { footerYear: null, appStoreUrl: null, googlePlayUrl: null },
    })
    expect(reset.status).toBe(200)
    const page = await landing('hu')
    expect(page).toContain(`<p class="rights">© ${yearInBudapest(new Date())}</p>`)
    expect(page).toContain('data-page="landing.hu"')
    expect(page).not.toContain('apps.apple.com')
    // The others stay.
    expect(page).toContain('mailto:hello@studio.example')
  })

  it('records who changed what, before and after, in the audit log', async () => {
    const { client, email } = await admin()
    const before = (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0
    const response = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { officialSiteUrl: 'https://studio.example' },
    })
    expect(response.status).toBe(200)
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'settings.update'))
    expect(entries.length).toBeGreaterThan(0)
    expect((await db().select({ n: count() }).from(auditLog))[0]?.n).toBe(before + 1)
    const entry = entries.find((row) => row.actorEmail === email)
    expect(entry).toMatchObject({
      subjectType: 'setting',
      before: { officialSiteUrl: null },
      after: { officialSiteUrl: 'https://studio.example' },
    })
  })

  it('refuses bad input with an error next to the field, in her language, and keeps what was stored', async () => {
    const { client } = await admin()
    const stored = async () =>
      ((await (await client.get('/api/admin/settings')).json()) as Page).site
    const kept = await stored()
    const entries = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0
    const logged = await entries()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ officialSiteUrl: 'http://insecure.example' }, 'officialSiteUrl', /https:\/\//],
      [{ instagramUrl: 'javascript:alert(1)' }, 'instagramUrl', /https:\/\//],
      [{ contactEmail: 'not an address' }, 'contactEmail', /e-mail/i],
      // A store's front page, or another store's, is not the app's page.
      [{ appStoreUrl: 'https://apps.apple.com/hu/' }, 'appStoreUrl', /App Store/],
      [{ appStoreUrl: 'https://evil.example/app/x/id1' }, 'appStoreUrl', /App Store/],
      [{ googlePlayUrl: 'https://play.google.com/store/apps' }, 'googlePlayUrl', /Google Play/],
      [
        { googlePlayUrl: 'https://apps.apple.com/hu/app/lendulet/id123456789' },
        'googlePlayUrl',
        /Google Play/,
      ],
      [{ mailSenderName: 'Evil <x@evil.example>' }, 'mailSenderName', /name only/i],
      [{ footerYear: 1999 }, 'footerYear', /2000/],
      // The seating's memory: whole months from 1 to 24.
      [{ seatingMemoryMonths: 0 }, 'seatingMemoryMonths', /1 to 24/],
      [{ seatingMemoryMonths: 25 }, 'seatingMemoryMonths', /1 to 24/],
      [{ seatingMemoryMonths: 2.5 }, 'seatingMemoryMonths', /whole number/],
      // A valid change beside an invalid one: neither is saved.
      [
        { contactEmail: 'ok@studio.example', appStoreUrl: 'ftp://x.example' },
        'appStoreUrl',
        /https/,
      ],
    ]
    for (const [json, field, message] of cases) {
      const response = await client.request('/api/admin/settings', {
        method: 'PATCH',
        json,
        headers: { 'accept-language': 'en' },
      })
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(400)
      const body = (await response.json()) as { code: string; fields: Record<string, string> }
      expect(body.code).toBe('invalid_request')
      expect(body.fields[field]).toMatch(message)
    }
    // In Hungarian too.
    const hu = seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'hu' })
    const answer = await (
      await hu
    ).client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { footerYear: 'soon' },
    })
    expect(((await answer.json()) as { fields: Record<string, string> }).fields.footerYear).toBe(
      'Adj meg egy évszámot 2000 és 2100 között.',
    )
    // An unknown field is refused, not ignored.
    const unknown = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { privacyPolicyUrl: 'https://elsewhere.example' },
    })
    expect(unknown.status).toBe(400)
    expect(await stored()).toEqual(kept)
    expect(await entries()).toBe(logged)
  })

  it('a locked field cannot be changed: 409, and nothing else in the same save is changed', async () => {
    const { client } = await admin()
    const response = await client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { launchDate: '2099-spring', footerYear: 2030 },
      headers: { 'accept-language': 'en' },
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      code: 'setting_locked',
      fields: { launchDate: expect.stringMatching(/operator/) },
    })
    const page = (await (await client.get('/api/admin/settings')).json()) as Page
    expect(page.site.footerYear?.value).not.toBe(2030)
    expect(page.public.launch).toEqual({ date: '2098', passed: false })
  })

  it('only admins: a member gets 403 and a visitor 401, and nothing changes', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const change = { json: { contactEmail: 'member@evil.example' }, method: 'PATCH' }
    expect((await member.client.request('/api/admin/settings', change)).status).toBe(403)
    const visitor = browserClient(server.http.origin)
    expect((await visitor.request('/api/admin/settings', change)).status).toBe(401)
    expect(await landing()).not.toContain('member@evil.example')
  })
})
