import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import type { BenchRow } from './live-clients.ts'
import { withPublicServer } from './lighthouse.ts'

/** The goal for the landing page's initial JavaScript, gzipped. */
export const LANDING_JS_KB = 80
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzipped = (body: Buffer | string) => gzipSync(body, { level: 9 }).length

interface ScriptBytes {
  files: number
  gzipBytes: number
  rawBytes: number
}
const total = (scripts: { raw: number; gzip: number }[]): ScriptBytes => ({
  files: scripts.length,
  gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
  rawBytes: scripts.reduce((sum, s) => sum + s.raw, 0),
})

/**
 * The JavaScript a first-time visitor's browser loads for the landing page, as it really fetches
 * it, each file gzipped at level 9, in two parts (decision 73):
 * - `initial`: what the page runs before it is usable: its inline scripts and every script
 *   requested before its load event. The page works from then on without more (its newsletter
 *   form posts to the server, its links are links).
 * - `afterLoad`: the app, which the page's boot script loads once the page has loaded and the
 *   browser is idle (or at her first touch): the count waits for the app's first request
 *   (/api/session) and for the network to go quiet after it.
 */
export async function measureLandingJs(baseUrl: string, width: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const bodies = new Map<string, Promise<{ raw: number; gzip: number }>>()
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      bodies.set(
        response.url(),
        response.body().then((body) => ({ raw: body.length, gzip: gzipped(body) })),
      )
    })
    const appRunning = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session', {
      timeout: 60_000,
    })
    await page.goto(baseUrl, { waitUntil: 'load' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    await appRunning
    await page.waitForLoadState('networkidle')
    // When each script was asked for, against the page's load event, by the page's own clock.
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
    for (const [url, body] of bodies) {
      const at = started.get(url)
      if (at === undefined) throw new Error(`${url}: no resource timing`)
      ;(at < timing.loadEvent ? initial : afterLoad).push(await body)
    }
    if (bodies.size === 0) throw new Error(`${baseUrl}: the landing page loaded no script`)
    return { initial: total(initial), afterLoad: total(afterLoad) }
  } finally {
    await browser.close()
  }
}

/** The landing page's initial JavaScript on a phone and on a desktop, on the production build. */
export async function benchLandingJs(): Promise<BenchRow[]> {
  return withPublicServer(async (origin) => {
    const rows: BenchRow[] = []
    for (const width of [390, 1280]) {
      const { initial, afterLoad } = await measureLandingJs(`${origin}/`, width)
      rows.push(
        {
          measure: `landing page initial JS, gzipped (${width} px, ${initial.files} files and inline, ${kb(initial.rawBytes)} raw)`,
          value: kb(initial.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: initial.gzipBytes <= LANDING_JS_KB * 1024,
        },
        {
          // Every visitor still downloads and runs it, and Lighthouse's blocking time counts its
          // start: the 80 KB holds for it too until the landing hydrates only what is used.
          measure: `landing page's app after its load event, gzipped (${width} px, ${afterLoad.files} files, ${kb(afterLoad.rawBytes)} raw)`,
          value: kb(afterLoad.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: afterLoad.gzipBytes <= LANDING_JS_KB * 1024,
        },
      )
    }
    return rows
  })
}

// `node bench/landing-js.ts` runs this part alone, on the existing build.
if (import.meta.main) console.table(await benchLandingJs())
