import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { FAKE_BOOT_SCRIPT, fakeBuild } from '../test/fake-build.ts'

const ORIGIN = 'https://lendulet.example'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

/** A served page's inline script, and the sources its content security policy allows scripts from. */
async function inlineScriptAndPolicy(response: Response) {
  const html = await response.text()
  return {
    inline: html.match(/<script>([^<]*)<\/script>/)?.[1] ?? '',
    scriptSrc: response.headers
      .get('content-security-policy')
      ?.match(/script-src ([^;]*)/)?.[1]
      ?.split(' '),
  }
}

describe('prerendered public pages', () => {
  let distDir: string
  let harness: Awaited<ReturnType<typeof createTestApp>>
  const get = (path: string, headers: Record<string, string> = {}) =>
    harness.app.request(path, { headers })
  const servedPage = async (path: string, headers: Record<string, string> = {}) =>
    (await (await get(path, headers)).text()).match(/data-page="([^"]+)"/)?.[1]

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'dist-'))
    fakeBuild(distDir)
    harness = await createTestApp({
      distDir,
      env: { PUBLIC_URL: ORIGIN, INSTAGRAM_URL: 'https://instagram.example/a?b=1&c=2' },
    })
  })
  afterAll(async () => {
    await harness.close()
    rmSync(distDir, { recursive: true, force: true })
  })

  it('answers every public page with its prerendered page, in Hungarian by default', async () => {
    const expected: Record<string, string> = {
      '/': 'landing',
      '/landing': 'landing',
      '/home': 'landing',
      '/welcome': 'welcome',
      '/privacy-policy': 'privacy-policy',
      // This site has no Google sign-in configured, and no app in a store: the pages without.
      '/login': 'login',
      '/signup': 'signup',
      '/forgot-password': 'forgot-password',
      '/newsletter/verify?token=abc': 'newsletter-verify',
      '/newsletter/unsubscribe?token=abc': 'newsletter-unsubscribe',
    }
    for (const [path, id] of Object.entries(expected)) {
      // The browser's language is not used for pages (SPEC: a first visit is in Hungarian).
      expect(await servedPage(path, { 'accept-language': 'de-DE' }), path).toBe(`${id}.hu`)
    }
  })

  it('serves the sign-in and sign-up pages with "Continue with Google" where Google sign-in is set up', async () => {
    const withGoogle = await createTestApp({
      distDir,
      env: { PUBLIC_URL: ORIGIN, GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' },
    })
    try {
      const login = await (await withGoogle.app.request('/login?lang=en')).text()
      expect(login).toContain('data-page="login.en.googleSignIn"')
      const signup = await (await withGoogle.app.request('/signup?lang=en')).text()
      expect(signup).toContain('data-page="signup.en.googleSignIn"')
    } finally {
      await withGoogle.close()
    }
  })

  it("serves the landing page with each store's badge only once the app's page there is set", async () => {
    const page = async (app: Awaited<ReturnType<typeof createTestApp>>) =>
      (await (await app.app.request('/?lang=en')).text()).match(/data-page="([^"]+)"/)?.[1]
    expect(await page(harness)).toBe('landing.en')
    const appStore = 'https://apps.apple.com/hu/app/lendulet/id123456789'
    const googlePlay = 'https://play.google.com/store/apps/details?id=fit.lendulet'
    const withApp = await createTestApp({ distDir, env: { APP_STORE_URL: appStore } })
    try {
      expect(await page(withApp)).toBe('landing.en.appStore')
      const html = await (await withApp.app.request('/welcome')).text()
      expect(html).toContain('data-page="welcome.hu.appStore"')
      expect(html).toContain(`<a class="app-store" href="${appStore}">`)
      expect(html).not.toContain('google-play')
      // The owner adds the other store: the page is filled anew.
      await withApp.siteSettings.update(
        { googlePlayUrl: googlePlay },
        { actor: { kind: 'operator', userId: null, name: null, email: null } },
      )
      expect(await page(withApp)).toBe('landing.en.appStore.googlePlay')
      await withApp.siteSettings.update(
        { googlePlayUrl: null },
        { actor: { kind: 'operator', userId: null, name: null, email: null } },
      )
      expect(await page(withApp)).toBe('landing.en.appStore')
    } finally {
      await withApp.close()
    }
  })

  it('picks the language by ?lang= first, then the remembered choice, then Hungarian', async () => {
    expect(await servedPage('/?lang=en', { cookie: 'lang=de' })).toBe('landing.en')
    expect(await servedPage('/privacy-policy', { cookie: 'lang=es' })).toBe('privacy-policy.es')
    expect(await servedPage('/?lang=xx', { cookie: 'lang=de' })).toBe('landing.de')
    expect(await servedPage('/home?lang=fr')).toBe('landing.hu')
  })

  it("runs the page's inline boot script by its hash, and no other inline script", async () => {
    const { inline, scriptSrc } = await inlineScriptAndPolicy(await get('/login?lang=en'))
    expect(inline).toBe(FAKE_BOOT_SCRIPT)
    expect(scriptSrc).toEqual(["'self'", `'sha256-${sha256(inline)}'`])
  })

  it('keeps the other screens and sign-in callbacks on the app shell', async () => {
    for (const path of [
      '/account?lang=en',
      '/admin/events/123?lang=en',
      '/auth/callback?lang=en',
      // SPEC: any other path is the sign-in callback, when a sign-in link brought it.
      '/some/other/path?lang=en&type=signup',
      '/some/other/path?lang=en&error=INVALID_TOKEN',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain('<div id="root"></div>')
      expect(html).toContain('<html lang="en"')
      expect(html).toContain('href="/manifest.en.webmanifest"')
    }
  })

  it('answers an address with no screen with "page not found" and status 404, kept from search engines', async () => {
    for (const [path, page] of [
      ['/some/other/path', 'not-found.hu'],
      ['/logn?lang=de', 'not-found.de'],
      ['/newsletter', 'not-found.hu'],
    ]) {
      const response = await get(path ?? '')
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8')
      const html = await response.text()
      expect(html).toContain(`data-page="${page}"`)
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).not.toContain('rel="canonical"')
      expect(html).not.toContain('og:url')
    }
  })

  it('writes the head for PUBLIC_URL: title, description, canonical, alternates, share tags, JSON-LD', async () => {
    const html = await (await get('/?lang=es')).text()
    expect(html).toContain('<html lang="es"')
    // The title's launch sentence, written for this site's launch date (a fresh install: 2027).
    expect(html).toContain(
      '<title>Title &lt;landing&gt; es · Lendület – entrenamiento personal para mujeres · abrimos en 2027</title>',
    )
    expect(html).toContain('<meta name="description" content="Description &quot;es&quot;">')
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/?lang=es">`)
    expect(html).toContain(`<link rel="alternate" hreflang="hu" href="${ORIGIN}/">`)
    for (const language of ['en', 'es', 'de'])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${language}" href="${ORIGIN}/?lang=${language}">`,
      )
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/">`)
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/?lang=es">`)
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/share/lendulet-es.png">`)
    expect(html).toContain('<meta property="og:image:width" content="1200">')
    expect(html).toContain('<meta property="og:locale" content="es_ES">')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1]
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'Organization',
      url: `${ORIGIN}/`,
      description: 'About us in es',
      sameAs: ['https://instagram.example/a?b=1&c=2', 'https://lendulet.fit'],
    })
    // /landing and /home are the same page as /: one canonical address.
    expect(await (await get('/home')).text()).toContain(`<link rel="canonical" href="${ORIGIN}/">`)
    expect(await (await get('/privacy-policy?lang=de')).text()).toContain(
      `<link rel="canonical" href="${ORIGIN}/privacy-policy?lang=de">`,
    )
  })

  it('fills the public configuration into links and text, escaped', async () => {
    const html = await (await get('/')).text()
    expect(html).not.toContain('__LENDULET_CONFIG_')
    expect(html).toContain('href="https://instagram.example/a?b=1&amp;c=2"')
    expect(html).toContain('<a href="mailto:hello@lendulet.fit">hello@lendulet.fit</a>')
    expect(html).toContain('<script id="app-config" type="application/json">')
  })

  it('is revalidated by its ETag and sent in the best encoding the client takes', async () => {
    const plain = await get('/?lang=en', { 'accept-encoding': 'identity' })
    expect(plain.headers.get('cache-control')).toBe('no-cache')
    expect(plain.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    const etag = plain.headers.get('etag') ?? ''
    expect(etag).toMatch(/^W\/".+"$/)
    const html = await plain.text()

    const again = await get('/?lang=en', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await get('/?lang=de', { 'if-none-match': etag })).status).toBe(200)

    const br = await get('/?lang=en', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('etag')).toBe(etag)
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html)

    const gzip = await get('/?lang=en', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html)
  })

  it('serves precompressed assets, immutable, and the manifest as what it is', async () => {
    const asset = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, br' })
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toContain('javascript')
    const manifest = await get('/manifest.en.webmanifest')
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json')
    expect(await manifest.json()).toMatchObject({ lang: 'en' })
    // The raw page files are not served on their own.
    const raw = await get('/pages/landing.hu.html')
    expect(raw.status).toBe(404)
    expect(await raw.text()).toContain('data-page="not-found.hu"')
  })

  it('answers /robots.txt and /sitemap.xml as what they are', async () => {
    const robots = await get('/robots.txt')
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=UTF-8')
    const rules = await robots.text()
    for (const path of ['/admin', '/api/', '/klikkscreen', '/dev/'])
      expect(rules).toContain(`Disallow: ${path}`)
    expect(rules).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)

    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=UTF-8')
    const xml = await sitemap.text()
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locations).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/?lang=en`,
      `${ORIGIN}/?lang=es`,
      `${ORIGIN}/?lang=de`,
      `${ORIGIN}/privacy-policy`,
      `${ORIGIN}/privacy-policy?lang=en`,
      `${ORIGIN}/privacy-policy?lang=es`,
      `${ORIGIN}/privacy-policy?lang=de`,
      `${ORIGIN}/signup`,
      `${ORIGIN}/signup?lang=en`,
      `${ORIGIN}/signup?lang=es`,
      `${ORIGIN}/signup?lang=de`,
    ])
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/privacy-policy"/>`,
    )
  })
})

describe('a build replaced in place', () => {
  it('keeps the policy with the pages when a build in place is read again (a saved setting)', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'dist-'))
    fakeBuild(distDir)
    const harness = await createTestApp({ distDir })
    try {
      const before = await inlineScriptAndPolicy(await harness.app.request('/'))
      expect(before.scriptSrc).toEqual(["'self'", `'sha256-${sha256(FAKE_BOOT_SCRIPT)}'`])

      const rebuilt = 'document.documentElement.dataset.rebuilt = ""'
      fakeBuild(distDir, rebuilt)
      // The owner's link with what a replacement string would expand ($' is the rest of the page).
      const instagramUrl = "https://www.instagram.com/lendulet$'$&$$"
      await harness.siteSettings.update(
        { instagramUrl, launchDate: '2099-spring' },
        { actor: { kind: 'operator', userId: null, name: null, email: null } },
      )
      const response = await harness.app.request('/')
      const { inline, scriptSrc } = await inlineScriptAndPolicy(response.clone())
      expect(inline).toBe(rebuilt)
      expect(scriptSrc).toEqual(["'self'", `'sha256-${sha256(rebuilt)}'`])
      const html = await response.text()
      const config = html.match(
        /<script id="app-config" type="application\/json">(.*?)<\/script>/,
      )?.[1]
      expect(JSON.parse(config ?? 'null')).toMatchObject({
        instagramUrl,
        launch: { date: '2099-spring', passed: false },
      })
      expect(html).toContain('<p class="launch">Hamarosan · 2099 tavaszán</p>')
    } finally {
      await harness.close()
      rmSync(distDir, { recursive: true, force: true })
    }
  })
})
