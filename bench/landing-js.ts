import { gzipSync } from 'node:zlib'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import type { BenchRow } from './live-clients.ts'
import { withPublicServer } from './lighthouse.ts'

/** The goal for the landing page's initial JavaScript, gzipped. */
export const LANDING_JS_KB = 80
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const gzipped = (body: Buffer | string) => gzipSync(body, { level: 9 }).length

export interface ScriptBytes {
  files: number
  gzipBytes: number
  rawBytes: number
}
export const total = (scripts: { raw: number; gzip: number }[]): ScriptBytes => ({
  files: scripts.length,
  gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
  rawBytes: scripts.reduce((sum, s) => sum + s.raw, 0),
})

/** Until the page's islands or the app work (`data-islands-ready`, `data-app-ready`). */
export const takenOver = (page: Page) =>
  page.waitForFunction(
    () =>
      'islandsReady' in document.documentElement.dataset ||
      'appReady' in document.documentElement.dataset,
    null,
    { timeout: 60_000 },
  )

/**
 * The JavaScript a first-time visitor's browser loads for the landing page, as it really fetches
 * it, each file gzipped at level 9, in four parts (decisions 73, 85 and 95):
 * - `initial`: what the page runs before it is usable: its inline scripts and every script
 *   requested before its load event. The page works from then on without more (its newsletter
 *   form posts to the server, its links are links).
 * - `afterLoad`: what comes by itself once the page has loaded and the browser is idle, while she
 *   reaches for nothing: the page's islands (src/web/islands/). The count waits for their first
 *   request (/api/session) and for the network to go quiet after it.
 * - `atFirstTouch`: what more comes when she uses the page: a key, the language menu opened, the
 *   newsletter form's field focused, until the network is quiet. Nothing, when the islands do it
 *   all (decision 95); the app, before.
 * - `appAtFirstRoute`: the app, which comes with the first page that needs it (here /login,
 *   followed from the account menu, a page load, at her first key there: decision 102): its
 *   scripts on that page, the islands' included.
 */
export async function measureLandingJs(baseUrl: string, width: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const bodies = new Map<string, Promise<{ raw: number; gzip: number }>>()
    let onLanding = true
    const appBodies: Promise<{ raw: number; gzip: number }>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = response.body().then((bytes) => ({ raw: bytes.length, gzip: gzipped(bytes) }))
      if (onLanding) bodies.set(response.url(), body)
      else appBodies.push(body)
    })
    const islandsRunning = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/session',
      { timeout: 60_000 },
    )
    await page.goto(baseUrl, { waitUntil: 'load' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    await islandsRunning
    await page.waitForLoadState('networkidle')
    const touchedAt = await page.evaluate(() => performance.now())
    await page.keyboard.press('Shift')
    await takenOver(page)
    await page.locator('[data-menu="language"] > button').click()
    await page.locator('#newsletter input[name="email"]').focus()
    await page.waitForLoadState('networkidle')
    // When each script was asked for, against the page's load event and her first key, by the
    // page's own clock.
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[]
      return {
        loadEvent: navigation?.loadEventStart ?? 0,
        scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (entry) => ({ url: entry.name, startTime: entry.startTime }),
        ),
        inline: [...document.querySelectorAll('script:not([src])')]
          .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
          .map((script) => script.textContent ?? ''),
      }
    })
    const started = new Map(timing.scripts.map((entry) => [entry.url, entry.startTime]))
    const initial: { raw: number; gzip: number }[] = timing.inline.map((code) => ({
      raw: Buffer.byteLength(code),
      gzip: gzipped(code),
    }))
    const afterLoad: { raw: number; gzip: number }[] = []
    const atFirstTouch: { raw: number; gzip: number }[] = []
    for (const [url, body] of bodies) {
      const at = started.get(url)
      if (at === undefined) throw new Error(`${url}: no resource timing`)
      const part = at < timing.loadEvent ? initial : at < touchedAt ? afterLoad : atFirstTouch
      part.push(await body)
    }
    if (bodies.size === 0) throw new Error(`${baseUrl}: the landing page loaded no script`)

    // Her first page that needs the app: sign-in, from the account menu.
    await page.keyboard.press('Escape')
    onLanding = false
    await page.goto(new URL('/login', baseUrl).href, { waitUntil: 'load' })
    // There the app comes when she reaches for the page (decision 102): her first key.
    await page.keyboard.press('Shift')
    await page.waitForFunction(() => 'appReady' in document.documentElement.dataset, null, {
      timeout: 60_000,
    })
    await page.waitForLoadState('networkidle')
    return {
      initial: total(initial),
      afterLoad: total(afterLoad),
      atFirstTouch: total(atFirstTouch),
      appAtFirstRoute: total(await Promise.all(appBodies)),
    }
  } finally {
    await browser.close()
  }
}

/** The landing page's initial JavaScript on a phone and on a desktop, on the production build. */
export async function benchLandingJs(): Promise<BenchRow[]> {
  return withPublicServer(async (origin) => {
    const rows: BenchRow[] = []
    for (const width of [390, 1280]) {
      const { initial, afterLoad, atFirstTouch, appAtFirstRoute } = await measureLandingJs(
        `${origin}/`,
        width,
      )
      const used = total([
        { raw: afterLoad.rawBytes, gzip: afterLoad.gzipBytes },
        { raw: atFirstTouch.rawBytes, gzip: atFirstTouch.gzipBytes },
      ])
      rows.push(
        {
          measure: `landing page initial JS, gzipped (${width} px, ${initial.files} files and inline, ${kb(initial.rawBytes)} raw)`,
          value: kb(initial.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: initial.gzipBytes <= LANDING_JS_KB * 1024,
        },
        {
          // What every visitor's browser downloads and runs by itself, after the load: the
          // islands (decision 85). Lighthouse's blocking time counts its start.
          measure: `landing page after its load event, untouched, gzipped (${width} px, ${afterLoad.files} files, ${kb(afterLoad.rawBytes)} raw)`,
          value: kb(afterLoad.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: afterLoad.gzipBytes <= LANDING_JS_KB * 1024,
        },
        {
          // Everything the landing page loads for her once she uses it (a key, the language
          // menu, the newsletter form): the islands, and whatever her touch brings besides
          // (nothing since decision 95; the whole app before).
          measure: `landing page at her first touch, all its scripts after the load, gzipped (${width} px, ${afterLoad.files + atFirstTouch.files} files, ${atFirstTouch.files} of them at her touch, ${kb(used.rawBytes)} raw)`,
          value: kb(used.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: used.gzipBytes <= LANDING_JS_KB * 1024,
        },
        {
          // The app, with the first page that needs it (sign-in): no budget of its own yet.
          measure: `the app at her first route that needs it (/login, a page load, at her first key), gzipped (${width} px, ${appAtFirstRoute.files} files, ${kb(appAtFirstRoute.rawBytes)} raw)`,
          value: kb(appAtFirstRoute.gzipBytes),
          target: '-',
          ok: null,
        },
      )
    }
    return rows
  })
}

// `node bench/landing-js.ts` runs this part alone, on the existing build.
if (import.meta.main) console.table(await benchLandingJs())
