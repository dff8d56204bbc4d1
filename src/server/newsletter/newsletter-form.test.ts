import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import en from '#shared/locales/en/newsletter.json' with { type: 'json' }
import hu from '#shared/locales/hu/newsletter.json' with { type: 'json' }
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { fakeBuild } from '../test/fake-build.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { escapeHtml } from '../web/config-placeholders.ts'

const distDir = mkdtempSync(join(tmpdir(), 'dist-newsletter-form-'))
fakeBuild(distDir)
afterAll(() => rmSync(distDir, { recursive: true, force: true }))
const server = httpTestAppWithMail({}, { distDir })
/** The test server's PUBLIC_URL, whose pages may post (test/http-client.ts). */
const SITE_ORIGIN = 'http://localhost:3000'
let counter = 0
const newEmail = () => `plain-form${++counter}-${Date.now()}@example.com`

/** The landing page's form as a browser sends it without the app: urlencoded, from our page. */
const post = (
  fields: Record<string, string>,
  { language = 'en', origin = SITE_ORIGIN, address = `198.51.100.${++counter % 250}` } = {},
) =>
  fetch(`${server.http.origin}/newsletter/subscribe?lang=${language}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
      'X-Forwarded-For': address,
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })

const subscriber = async (email: string) =>
  (
    await server.harness.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
  )[0]

describe('POST /newsletter/subscribe (the plain form)', () => {
  it('subscribes by the JSON route’s rules and answers with a page in her language, and the confirmation e-mail goes out', async () => {
    const email = newEmail()
    const response = await post(
      { name: 'Kiss Anna', email: ` ${email.toUpperCase()} ` },
      { language: 'hu' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await response.text()
    expect(page).toContain('<html lang="hu"')
    expect(page).toContain(`<p role="status"`)
    expect(page).toContain(escapeHtml(hu.confirmationSent))
    // A page of its own: the app does not take it over.
    expect(page).not.toMatch(/<script type="module"/)
    expect((await subscriber(email))?.name).toBe('Kiss Anna')
    const deadline = Date.now() + 10_000
    while (!server.mail.received.some((m) => m.to.includes(email))) {
      if (Date.now() > deadline) throw new Error('no confirmation e-mail')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })

  it('a wrong address comes back at its field, with what she typed kept and escaped', async () => {
    const response = await post({ name: '<b>Anna</b>', email: 'anna@' })
    expect(response.status).toBe(400)
    const page = await response.text()
    expect(page).toContain('value="anna@"')
    expect(page).toContain('value="&lt;b&gt;Anna&lt;/b&gt;"')
    expect(page).not.toContain('<b>Anna</b>')
    expect(page).toMatch(/aria-invalid="true" aria-describedby="newsletter-email-error"/)
    expect(page).toContain(escapeHtml(en.invalidEmail))
  })

  it('signed out, the name is required, as for the app', async () => {
    const response = await post({ name: ' ', email: newEmail() })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(escapeHtml(en.nameRequired))
  })

  it('refuses a post from another site’s page, as the JSON route does', async () => {
    const email = newEmail()
    const response = await post({ name: 'Anna', email }, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(await subscriber(email)).toBeUndefined()
  })

  it('opens only its own path to a plain form’s body: the JSON route still refuses one', async () => {
    const response = await fetch(`${server.http.origin}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
      body: new URLSearchParams({ name: 'Anna', email: newEmail() }),
    })
    expect(response.status).toBe(415)
  })

  it('shares the JSON route’s limit: the eleventh in a minute from one address is refused with a page that says so', async () => {
    const address = '198.51.100.251'
    for (let i = 0; i < 5; i++) {
      const json = await fetch(`${server.http.origin}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: SITE_ORIGIN,
          'X-Forwarded-For': address,
        },
        body: JSON.stringify({ name: 'A', email: 'x@' }),
      })
      expect(json.status).toBe(400)
      expect((await post({ name: 'A', email: 'x@' }, { address })).status).toBe(400)
    }
    const refused = await post({ name: 'Anna', email: newEmail() }, { address })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.text()).toContain('role="alert"')
  })
})
