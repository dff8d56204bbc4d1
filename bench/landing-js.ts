import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'

/**
 * The JavaScript a first-time visitor downloads for the landing page, as the browser really
 * fetches it (entry, preloads and the Hungarian texts), each file gzipped at level 9.
 */
export async function measureLandingJs(baseUrl: string, width: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const scripts: { url: string; raw: number; gzip: number }[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body()
      scripts.push({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      })
    })
    await page.goto(baseUrl, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0)
    return {
      files: scripts.length,
      gzipBytes: total,
      rawBytes: scripts.reduce((sum, s) => sum + s.raw, 0),
    }
  } finally {
    await browser.close()
  }
}
