import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import type { BenchRow } from './live-clients.ts'
import { withPublicServer } from './lighthouse.ts'

/** The goal for the landing page's initial JavaScript, gzipped. */
const LANDING_JS_KB = 80
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * The JavaScript a first-time visitor downloads for the landing page, as the browser really
 * fetches it (entry, preloads and the Hungarian texts), each file gzipped at level 9. The page's
 * inline boot script starts the app only once the page is painted (decision 0047), so the count
 * waits for the app's first request (/api/session) and for the network to go quiet after it, and
 * for every script's body to be read.
 */
export async function measureLandingJs(baseUrl: string, width: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      )
    })
    const appRunning = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session', {
      timeout: 60_000,
    })
    await page.goto(baseUrl, { waitUntil: 'load' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    await appRunning
    await page.waitForLoadState('networkidle')
    const read = await Promise.all(scripts)
    if (read.length === 0) throw new Error(`${baseUrl}: the landing page loaded no script`)
    return {
      files: read.length,
      gzipBytes: read.reduce((sum, s) => sum + s.gzip, 0),
      rawBytes: read.reduce((sum, s) => sum + s.raw, 0),
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
      const js = await measureLandingJs(`${origin}/`, width)
      rows.push({
        measure: `landing page initial JS, gzipped (${width} px, ${js.files} files, ${kb(js.rawBytes)} raw)`,
        value: kb(js.gzipBytes),
        target: `≤ ${LANDING_JS_KB} KB`,
        ok: js.gzipBytes <= LANDING_JS_KB * 1024,
      })
    }
    return rows
  })
}

// `node bench/landing-js.ts` runs this part alone, on the existing build.
if (import.meta.main) console.table(await benchLandingJs())
