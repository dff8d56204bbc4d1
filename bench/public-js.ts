import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { gzipped, kb, LANDING_JS_KB, takenOver, total } from './landing-js.ts'
import type { BenchRow } from './live-clients.ts'
import { PUBLIC_ROUTES, withPublicServer } from './lighthouse.ts'

/** The public pages other than the landing page (bench/landing-js.ts has it), in Hungarian. */
export const OTHER_PUBLIC_PATHS = PUBLIC_ROUTES.filter(
  (path) => !path.startsWith('/?') && path.endsWith('?lang=hu'),
).map((path) => path.replace(/\?lang=hu$/, ''))

/** Until the page's own start is over: its load, the islands' idle start (≤ 2 s), a quiet network. */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  await page.waitForTimeout(2_500)
  await page.waitForLoadState('networkidle')
}

/**
 * The JavaScript a first-time visitor's browser runs on one public page, gzipped at level 9 as
 * it fetches it (decision 102), at a phone's width: `untouched`, the page's inline scripts and
 * every script it loads by itself until it has settled (what Lighthouse's blocking time counts);
 * `atReach`, what more comes when she reaches for it (a key, then the page's first field or
 * button focused), until the app or the islands work and the network is quiet.
 */
export async function measurePublicPageJs(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const untouched: Promise<{ raw: number; gzip: number }>[] = []
    const atReach: Promise<{ raw: number; gzip: number }>[] = []
    let reached = false
    page.on('response', (response) => {
      // The site's own scripts: not those of the browser's PDF viewer (the privacy policy's).
      if (response.request().resourceType() !== 'script') return
      if (new URL(response.url()).origin !== new URL(url).origin) return
      const body = response.body().then((bytes) => ({ raw: bytes.length, gzip: gzipped(bytes) }))
      ;(reached ? atReach : untouched).push(body)
    })
    await page.goto(url, { waitUntil: 'load' })
    await settle(page)
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? ''),
    )
    reached = true
    await page.keyboard.press('Shift')
    const control = page.locator('#main').locator('input, button').first()
    if ((await control.count()) > 0) await control.focus()
    await takenOver(page)
    await page.waitForLoadState('networkidle')
    const inlineBytes = inline.map((code) => ({
      raw: Buffer.byteLength(code),
      gzip: gzipped(code),
    }))
    return {
      untouched: total([...inlineBytes, ...(await Promise.all(untouched))]),
      untouchedFiles: untouched.length,
      atReach: total(await Promise.all(atReach)),
    }
  } finally {
    await browser.close()
  }
}

/** Every public page but the landing page: its JavaScript untouched and at her first reach. */
export async function benchPublicJs(
  paths: readonly string[] = OTHER_PUBLIC_PATHS,
): Promise<BenchRow[]> {
  return withPublicServer(async (origin) => {
    const rows: BenchRow[] = []
    for (const path of paths) {
      const { untouched, untouchedFiles, atReach } = await measurePublicPageJs(`${origin}${path}`)
      rows.push(
        {
          measure: `${path} JS untouched, gzipped (390 px, ${untouchedFiles} files and inline, ${kb(untouched.rawBytes)} raw)`,
          value: kb(untouched.gzipBytes),
          target: `≤ ${LANDING_JS_KB} KB`,
          ok: untouched.gzipBytes <= LANDING_JS_KB * 1024,
        },
        {
          // The app, where the page's forms are its (the account forms): no budget of its own.
          measure: `${path} JS more at her first reach, gzipped (390 px, ${atReach.files} files, ${kb(atReach.rawBytes)} raw)`,
          value: kb(atReach.gzipBytes),
          target: '-',
          ok: null,
        },
      )
    }
    return rows
  })
}

// `node bench/public-js.ts [path…]` runs this part alone, on the existing build.
if (import.meta.main) {
  const paths = process.argv.slice(2)
  console.table(await benchPublicJs(paths.length ? paths : undefined))
}
