import { LANGUAGES } from '../src/shared/languages.ts'
import { expect, startTheApp, test } from './support/fixtures.ts'
import { holdTheApp } from './support/hold-requests.ts'
import { launchText } from './support/launch.ts'
import { texts } from './support/locales.ts'
import { pdfViewerSetUp, recordLayoutShifts, type LayoutShift } from './support/layout-shifts.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth, thisTestAtWidth } from './support/widths.ts'

const CARD_IDS = ['plan', 'nutrition', 'community', 'app', 'blog', 'support'] as const

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })
  // What the pages say, not where it sits: the layout of each width is the tests' further down.
  atWidth('phone', 'a visitor without JavaScript reads on her phone')

  for (const { code } of LANGUAGES) {
    test(`the landing page reads in full in ${code}`, async ({ page }, testInfo) => {
      const landing = texts(code, 'landing')
      const common = texts(code, 'common')
      await page.goto(`/?lang=${code}`)
      await expect(page.locator('html')).toHaveAttribute('lang', code)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.hero.title)
      await expect(page.getByText(launchText(code, 'lead'))).toBeVisible()
      for (const id of CARD_IDS) {
        const title = page.getByRole('heading', { name: landing.cards[id].title, exact: true })
        await expect(title).toBeVisible()
        await expect(page.getByText(landing.cards[id].text).filter({ visible: true })).toBeVisible()
      }
      for (const heading of [
        landing.trainer.heading,
        landing.why.heading,
        landing.download.heading,
      ])
        await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      // The newsletter form needs JavaScript, and says so.
      // (Playwright's text search skips <noscript>, so the element is named.)
      const noScript = page.locator('#newsletter noscript p')
      await expect(noScript).toHaveText(landing.newsletter.noScript)
      await expect(noScript).toBeVisible()

      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText(launchText(code, 'footer'))
      await expect(footer.getByRole('link', { name: common.footer.privacyPolicy })).toBeVisible()
      await expect(
        footer.getByRole('link', { name: new RegExp(common.footer.instagram) }),
      ).toHaveAttribute('href', 'https://www.instagram.com/lendulet.fit')
      await expect(footer).toContainText(
        common.footer.rights.replace('{{year}}', String(new Date().getFullYear())),
      )
      if (code === 'hu' || code === 'en') await saveScreenshot(page, testInfo, `no-js-${code}`)
    })
  }

  for (const { code } of LANGUAGES) {
    test(`the account forms read in full in ${code}, and say kindly that they need JavaScript to send`, async ({
      page,
    }, testInfo) => {
      const auth = texts(code, 'auth')
      const common = texts(code, 'common')
      // Playwright's text search skips <noscript>, so the note is found by its element.
      const noScriptNote = page.locator('main noscript p')

      await page.goto(`/login?lang=${code}`)
      await expect(page.locator('html')).toHaveAttribute('lang', code)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.login.title)
      await expect(page.getByText(auth.login.intro, { exact: true })).toBeVisible()
      const email = page.getByLabel(auth.fields.email)
      await expect(email).toBeVisible()
      await expect(page.getByLabel(auth.fields.password, { exact: true })).toBeVisible()
      // This site has no Google sign-in: the page does not offer it.
      await expect(page.getByRole('button', { name: auth.login.google })).toHaveCount(0)
      await expect(page.getByRole('link', { name: auth.login.forgotPassword })).toBeVisible()
      await expect(page.getByRole('link', { name: auth.login.signupLink })).toHaveAttribute(
        'href',
        '/signup',
      )
      await expect(noScriptNote).toHaveText(common.noScriptForm)
      await expect(noScriptNote).toBeVisible()
      // It cannot be sent: the button waits for the app, and Enter in a field sends nothing
      // (the browser would otherwise put the password in the address).
      const submit = page
        .getByRole('main')
        .getByRole('button', { name: auth.login.submit, exact: true })
      await expect(submit).toBeVisible()
      await expect(submit).toBeDisabled()
      await email.fill('anna@example.com')
      await page.getByLabel(auth.fields.password, { exact: true }).fill('secret-password')
      await page.getByLabel(auth.fields.password, { exact: true }).press('Enter')
      await page.waitForTimeout(300)
      expect(page.url()).not.toContain('secret-password')
      if (code === 'hu' || code === 'en')
        await saveScreenshot(page, testInfo, `no-js-login-${code}`)

      await page.goto(`/signup?lang=${code}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.signup.title)
      await expect(page.getByText(launchText(code, 'signupIntro'))).toBeVisible()
      for (const label of [
        auth.fields.givenName,
        auth.fields.familyName,
        auth.fields.email,
        auth.fields.confirmPassword,
      ])
        await expect(page.getByLabel(label)).toBeVisible()
      await expect(page.getByLabel(auth.fields.password, { exact: true })).toBeVisible()
      await expect(page.getByText(auth.fields.passwordHint)).toBeVisible()
      await expect(page.getByRole('button', { name: auth.signup.submit })).toBeDisabled()
      await expect(page.getByRole('link', { name: auth.signup.privacyNote })).toBeVisible()
      await expect(page.getByRole('link', { name: auth.signup.loginLink })).toBeVisible()
      await expect(noScriptNote).toHaveText(common.noScriptForm)

      await page.goto(`/forgot-password?lang=${code}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.forgot.title)
      await expect(page.getByText(auth.forgot.intro)).toBeVisible()
      await expect(page.getByLabel(auth.fields.email)).toBeVisible()
      await expect(page.getByRole('button', { name: auth.forgot.submit })).toBeDisabled()
      await expect(page.getByRole('link', { name: auth.forgot.backToLogin })).toBeVisible()
      await expect(noScriptNote).toHaveText(common.noScriptForm)
    })

    test(`the newsletter's link pages and "page not found" read in full in ${code}`, async ({
      page,
    }) => {
      const newsletter = texts(code, 'newsletter')
      const common = texts(code, 'common')
      const noScriptNote = page.locator('main noscript p')
      for (const [path, kind] of [
        ['/newsletter/verify', 'verification'],
        ['/newsletter/unsubscribe', 'unsubscribeVerification'],
      ] as const) {
        await page.goto(`${path}?token=abc&lang=${code}`)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(newsletter[kind].title)
        // Nothing is confirmed without the script, and the page says why instead of spinning.
        await expect(noScriptNote).toHaveText(newsletter.result.noScript)
        await expect(noScriptNote).toBeVisible()
        await expect(page.getByRole('status')).toBeHidden()
        await expect(page.getByRole('link', { name: newsletter.result.backHome })).toBeVisible()
      }

      const response = await page.goto(`/no/such/page?lang=${code}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.notFound.title)
      await expect(page.getByText(common.notFound.text)).toBeVisible()
      await expect(page.getByRole('link', { name: common.notFound.backHome })).toHaveAttribute(
        'href',
        '/',
      )
      await expect(page).toHaveTitle(`${common.notFound.title} – ${common.brand.name}`)
    })
  }

  test('the privacy policy and the welcome page arrive finished too', async ({ page }) => {
    await page.goto('/privacy-policy?lang=de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de', 'privacy').heading)
    await expect(page.locator('object')).toHaveAttribute(
      'data',
      '/privacy/privacy-policy-en.pdf#toolbar=0',
    )
    await page.goto('/welcome')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      texts('hu', 'landing').welcome.title,
    )
  })
})

test.describe('what a crawler reads', () => {
  // The served HTML as it stands, in a blank page: its scripts (which would load the app from
  // about:blank) stay off.
  test.use({ javaScriptEnabled: false })
  atWidth('phone', 'a crawler reads the served page as a phone asks for it')

  for (const { code } of LANGUAGES) {
    test(`the head of the ${code} page: language, title, description, addresses, share tags`, async ({
      page,
      request,
      baseURL,
    }) => {
      const landing = texts(code, 'landing')
      const address = (path: string, language: string) =>
        language === 'hu' ? `${baseURL}${path}` : `${baseURL}${path}?lang=${language}`
      // What a crawler reads: the served HTML, before any script.
      const response = await request.get(`/?lang=${code}`)
      expect(response.headers()['content-type']).toBe('text/html; charset=UTF-8')
      await page.setContent(await response.text())
      const head = page.locator('head')
      await expect(page.locator('html')).toHaveAttribute('lang', code)
      // Written by the server for this site's launch date.
      await expect(page).toHaveTitle(launchText(code, 'title'))
      await expect(head.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        launchText(code, 'description'),
      )
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        address('/', code),
      )
      const alternates = head.locator('link[rel="alternate"][hreflang]')
      await expect(alternates).toHaveCount(5)
      for (const { code: other } of LANGUAGES)
        await expect(head.locator(`link[hreflang="${other}"]`)).toHaveAttribute(
          'href',
          address('/', other),
        )
      await expect(head.locator('link[hreflang="x-default"]')).toHaveAttribute(
        'href',
        `${baseURL}/`,
      )
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        launchText(code, 'title'),
      )
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        launchText(code, 'description'),
      )
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      const jsonLd = await head.locator('script[type="application/ld+json"]').textContent()
      expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
        '@type': 'Organization',
        name: 'Lendület',
      })

      const image = await head.locator('meta[property="og:image"]').getAttribute('content')
      expect(image).toBe(`${baseURL}/share/lendulet-${code}.png`)
      const picture = await request.get(image ?? '')
      expect(picture.status()).toBe(200)
      expect(picture.headers()['content-type']).toBe('image/png')
      expect(pngSize(await picture.body())).toEqual({ width: 1200, height: 630 })
      await expect(head.locator('meta[property="og:image:alt"]')).toHaveAttribute(
        'content',
        landing.meta.shareImageAlt,
      )
    })
  }
})

for (const path of [
  '/?lang=hu',
  '/?lang=en',
  '/welcome',
  '/privacy-policy?lang=es',
  '/privacy-policy?lang=hu',
  '/login?lang=en',
  '/signup?lang=de',
  '/forgot-password?lang=es',
  '/newsletter/verify?lang=hu',
  '/newsletter/unsubscribe?token=not-a-real-token&lang=en',
  '/no/such/page?lang=de',
]) {
  test(`${path} keeps the served page in place as it comes to life: same elements, no warning, nothing moves`, async ({
    page,
    browser,
  }, testInfo) => {
    const layoutShifts = await recordLayoutShifts(browser)
    let shifts: LayoutShift[]
    try {
      // Hold the app's code until the served page has been marked, to tell hydration from a redraw.
      const app = await holdTheApp(page)
      await page.goto(path, { waitUntil: 'commit' })
      const heading = page.getByRole('heading', { level: 1 })
      await expect(heading).toBeVisible()
      await heading.evaluate((element) => Object.assign(window, { servedHeading: element }))
      // On the landing page, the privacy policy and the newsletter's result pages, their islands
      // come at her first key, and the app never does for a visitor (decisions 85, 95 and 102):
      // there the served page must stay, with the islands on it. On the account forms the
      // islands bring the app at that key.
      const islands =
        (await page.locator('script[data-islands]:not([data-app-at-reach])').count()) > 0
      await startTheApp(page)
      // The app's code is asked for only where there are no islands: held until now, it goes.
      if (!islands) await app.release()

      // Hydrated: React has claimed the very element the server sent. A starved machine (CI runs
      // this beside the PDF viewer's tests) has taken over 5 s to run the released script, so the
      // wait is longer; what it found is in the message, to tell slowness from a redraw.
      await expect
        .poll(
          () =>
            page.evaluate((islands) => {
              const served = (window as unknown as { servedHeading: Element }).servedHeading
              const claimed = (element: Element | null) =>
                !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
              const current = document.querySelector('h1')
              if (current !== served)
                return `redrawn: served h1 connected=${served.isConnected}, new h1 claimed=${claimed(current)}`
              if (islands)
                return 'islandsReady' in document.documentElement.dataset
                  ? 'in place'
                  : 'islands not ready yet'
              return claimed(served) ? 'in place' : 'not hydrated yet'
            }, islands),
          { timeout: 20_000 },
        )
        .toBe('in place')
      // The session is read 200 ms after start; the account menu stays as it was for a visitor.
      await page.waitForLoadState('networkidle')
      // The embedded policy moves in the PDF viewer's frame, once the viewer has set itself up.
      if (path.startsWith('/privacy-policy')) await pdfViewerSetUp(page)
      await page.waitForTimeout(500)
    } finally {
      shifts = await layoutShifts.stop()
    }
    const cumulative = shifts.reduce((sum, shift) => sum + shift.score, 0)
    expect(cumulative, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02)
    if (path === '/?lang=hu') await saveScreenshot(page, testInfo, 'hydrated-hu')
    // Any console error (React reports hydration mismatches there) fails the test: see fixtures.ts.
  })
}

test('our fonts come in after the first paint: a short page at once, the long landing page part by part', async ({
  page,
}) => {
  // Each element the boot script marks as set in our fonts, in order (src/web/boot.ts).
  await page.addInitScript(() => {
    const marked: string[] = []
    Object.assign(window, { fontsMarked: marked })
    new MutationObserver((changes) => {
      for (const change of changes)
        if (change.target instanceof HTMLElement && 'fontsReady' in change.target.dataset)
          marked.push(change.target.id || change.target.localName)
    }).observe(document, { attributes: true, attributeFilter: ['data-fonts-ready'], subtree: true })
  })
  const fontOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily)
  const marked = () =>
    page.evaluate(() => (window as unknown as { fontsMarked: string[] }).fontsMarked)

  // The sign-in page fits in two screens: one step, the app's root alone (decision 104).
  await page.goto('/login?lang=hu')
  await expect(page.locator('#root[data-fonts-ready]')).toBeAttached()
  expect(await marked()).toEqual(['root'])
  expect(await fontOf('h1')).toMatch(/^"?Fraunces Variable"?,/)
  expect(await fontOf('label')).toMatch(/^"?Inter Variable"?,/)

  // The landing page is long: its header and first section first, the root last (decision 45).
  await page.goto('/?lang=hu')
  await expect(page.locator('#root[data-fonts-ready]')).toBeAttached()
  const steps = await marked()
  expect(steps.length).toBeGreaterThan(2)
  expect(steps[0]).toBe('header')
  expect(steps.at(-1)).toBe('root')
  expect(await fontOf('h1')).toMatch(/^"?Fraunces Variable"?,/)
})

test('a page carries the texts it starts with, in its own language only', async ({ page }) => {
  thisTestAtWidth('phone', 'the texts a page carries are the same at any width')
  // The texts travel in the page, so the app starts without fetching them; each namespace in
  // one language only (a sign-in page has no use for the account page's or the admin's texts).
  for (const [path, language, namespaces] of [
    ['/login?lang=en', 'en', ['common', 'auth', 'errors']],
    ['/?lang=de', 'de', ['common', 'landing']],
    ['/newsletter/verify?lang=es', 'es', ['common', 'newsletter']],
  ] as const) {
    await page.goto(path)
    const carried = JSON.parse(
      (await page.locator('script#app-texts').textContent()) ?? '{}',
    ) as Record<string, Record<string, unknown>>
    expect(Object.keys(carried), path).toEqual([language])
    expect(Object.keys(carried[language] ?? {}).sort(), path).toEqual([...namespaces].sort())
    for (const namespace of namespaces)
      expect(carried[language]?.[namespace], `${path} ${namespace}`).toEqual(
        texts(language, namespace),
      )
  }
})

test('what she types before the app has taken the page over is kept, and sent', async ({
  page,
}) => {
  thisTestAtWidth('phone', 'she types on her phone before the app has come')
  const auth = texts('en', 'auth')
  // A slow phone: the page is on screen, its code still on the way.
  const app = await holdTheApp(page)
  await page.goto('/login?lang=en', { waitUntil: 'commit' })
  await page.getByLabel(auth.fields.email).fill('early.bird@example.com')
  await page.getByLabel(auth.fields.password, { exact: true }).fill('typed-too-soon')
  await app.release()
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
  await expect(page.getByLabel(auth.fields.email)).toHaveValue('early.bird@example.com')
  await expect(page.getByLabel(auth.fields.password, { exact: true })).toHaveValue('typed-too-soon')
  // The app has her text too: the server answers (no such account), not "fill in this field".
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByText(auth.validation.required)).toHaveCount(0)
  await expect(page.getByLabel(auth.fields.email)).toHaveValue('early.bird@example.com')
})

test('robots.txt, sitemap.xml and the web app manifest are served as what they are', async ({
  request,
  baseURL,
}) => {
  thisTestAtWidth('phone', 'the served files are the same at any width')
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toBe('text/plain; charset=UTF-8')
  const rules = await robots.text()
  expect(rules).toMatch(/^User-agent: \*$/m)
  for (const path of ['/admin', '/api/', '/klikkscreen', '/dev/'])
    expect(rules).toContain(`Disallow: ${path}`)
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=UTF-8')
  const xml = await sitemap.text()
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')
  for (const { code } of LANGUAGES) {
    const suffix = code === 'hu' ? '' : `?lang=${code}`
    expect(xml).toContain(`<loc>${baseURL}/${suffix}</loc>`)
    expect(xml).toContain(`<loc>${baseURL}/privacy-policy${suffix}</loc>`)
  }

  for (const { code } of LANGUAGES) {
    const manifestResponse = await request.get(`/manifest.${code}.webmanifest`)
    expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json')
    const manifest = (await manifestResponse.json()) as {
      name: string
      lang: string
      theme_color: string
      start_url: string
      icons: { src: string; sizes: string; purpose: string }[]
    }
    expect(manifest.lang).toBe(code)
    expect(manifest.name).toContain(texts(code, 'common').brand.tagline)
    expect(manifest.theme_color).toBe('#FBF7F2')
    expect(manifest.start_url).toBe(`/?lang=${code}`)
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src)
      expect(file.headers()['content-type']).toBe('image/png')
      const [width] = icon.sizes.split('x').map(Number)
      expect(pngSize(await file.body())).toEqual({ width, height: width })
    }
  }
})

test('a page links its own manifest and the icons', async ({ page }) => {
  thisTestAtWidth('phone', 'the links in the head are the same at any width')
  await page.goto('/?lang=de')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.de.webmanifest',
  )
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  )
})
