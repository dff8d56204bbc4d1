/**
 * Lighthouse as a new visitor meets the site: the `lighthouse` package's CLI driving Debian's
 * Chromium, mobile form factor, default (simulated) throttling, on the production build. Each page
 * runs 3 times (once under BENCH_QUICK=1); the median of every figure is reported, with the machine's load beside it,
 * because a busy machine slows the real page load that Lighthouse's simulation starts from.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { PUBLIC_PAGES, renderPath } from '../src/server/web/public-pages.ts'
import type { BenchRow } from './live-clients.ts'
import { startServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

const run = promisify(execFile)
const RUNS = sized(3, 1)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const LIGHTHOUSE_CLI = new URL('../node_modules/lighthouse/cli/index.js', import.meta.url).pathname

export type LighthouseBenchRow = BenchRow

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>
  audits: Record<string, { numericValue?: number }>
  runtimeError?: { code: string; message: string }
}

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
}

/**
 * One Lighthouse run of `url`, tried up to three times: Lighthouse now and then fails to record
 * the trace of a load (NO_NAVSTART, NO_FCP) and says to run it again.
 */
export async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url)
    } catch (error) {
      const again = /Please run Lighthouse again|NO_NAVSTART|NO_FCP/.test(String(error))
      if (!again || attempt === 3) throw error
    }
  }
}

/** One Lighthouse run of `url`: the four category scores (0–100) and the four metrics. */
async function lighthouseAttempt(url: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'))
  try {
    const output = join(dir, 'report.json')
    await run(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--form-factor=mobile',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
    )
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report
    if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`)
    const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((report.categories[id].score ?? 0) * 100)
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Every public route (the prerendered pages with an address of their own), in Hungarian and
 * English. Left out: "page not found" and /welcome, which are kept from search engines (a 404, a
 * noindex), and which Lighthouse's SEO category therefore fails by design.
 */
export const PUBLIC_ROUTES = PUBLIC_PAGES.filter((page) => page.canonicalPath !== null).flatMap(
  (page) => ['hu', 'en'].map((language) => `${renderPath(page)}?lang=${language}`),
)

/** The landing page paints its largest element sooner than the other pages must. */
const LANDING_LCP_MS = 1200
const LCP_MS = 2000
const isLanding = (path: string) => path.startsWith('/?')

/**
 * RUNS Lighthouse runs of one address, one after the other (never two Chromiums measuring at
 * once), with the machine's load while they ran: the median of the load at each run's start, on
 * this many cores.
 */
async function lighthouseRuns(url: string): Promise<{ runs: LighthouseRun[]; load: string }> {
  const runs: LighthouseRun[] = []
  const load: number[] = []
  for (let i = 0; i < RUNS; i++) {
    load.push(loadavg()[0] ?? 0)
    runs.push(await lighthouseOnce(url))
  }
  return { runs, load: `${median(load).toFixed(1)} (${cpus().length} cores)` }
}

/** Every route of `paths`, RUNS runs each. */
export async function benchLighthouse(
  baseUrl: string,
  paths: readonly string[] = PUBLIC_ROUTES,
): Promise<LighthouseBenchRow[]> {
  const rows: LighthouseBenchRow[] = []
  for (const path of paths) {
    const { runs, load } = await lighthouseRuns(`${baseUrl}${path}`)
    const name = `Lighthouse ${path} (mobile, median of ${RUNS})`
    const routeRows: LighthouseBenchRow[] = []
    for (const category of CATEGORIES) {
      const all = runs.map((r) => r.scores[category])
      const value = median(all)
      routeRows.push({
        measure: `${name}: ${category} (runs ${all.join(', ')})`,
        value: String(value),
        target: '≥ 98 (goal 100)',
        ok: value >= 98,
      })
    }
    const ms = (key: 'fcpMs' | 'lcpMs' | 'tbtMs') => median(runs.map((r) => r[key]))
    const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`
    routeRows.push(
      {
        measure: `${name}: first contentful paint`,
        value: seconds(ms('fcpMs')),
        target: '≤ 1.5 s',
        ok: ms('fcpMs') <= 1500,
      },
      {
        measure: `${name}: largest contentful paint`,
        value: seconds(ms('lcpMs')),
        target: `≤ ${seconds(isLanding(path) ? LANDING_LCP_MS : LCP_MS)}`,
        ok: ms('lcpMs') <= (isLanding(path) ? LANDING_LCP_MS : LCP_MS),
      },
      {
        measure: `${name}: total blocking time`,
        value: `${ms('tbtMs').toFixed(0)} ms`,
        target: '-',
        ok: null,
      },
      {
        measure: `${name}: cumulative layout shift`,
        value: median(runs.map((r) => r.cls)).toFixed(3),
        target: '≤ 0.02',
        ok: median(runs.map((r) => r.cls)) <= 0.02,
      },
    )
    rows.push(...routeRows.map((row) => ({ ...row, load })))
  }
  return rows
}

/**
 * A page with nothing of ours in it: a heading and a line, no stylesheet, no script, no font,
 * served from this process. What Lighthouse counts on it is the machine's and Chromium's own
 * work (a new renderer, its first layout, the system's fonts), multiplied by the simulated phone's
 * 4× slowdown: the floor under every route's figures on this machine (decision 104).
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="hu"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Lendület</title><meta name="description" content="Személyi edzés nőknek">' +
  '</head><body><main><h1>Lendület</h1><p>Személyi edzés nőknek.</p></main></body></html>'

/** The floor row: the performance score and blocking time of FLOOR_PAGE, RUNS runs, medians. */
export async function benchLighthouseFloor(): Promise<LighthouseBenchRow[]> {
  const { createServer } = await import('node:http')
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(FLOOR_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  try {
    const { runs, load } = await lighthouseRuns(`http://127.0.0.1:${port}/`)
    const scores = runs.map((r) => r.scores.performance)
    const blocking = runs.map((r) => Math.round(r.tbtMs))
    return [
      {
        measure: `Lighthouse, this machine's floor: a page of a heading and a line, nothing of ours (mobile, median of ${RUNS}): performance (runs ${scores.join(', ')}); total blocking time (runs ${blocking.join(', ')} ms)`,
        value: `${median(scores)}; ${median(blocking)} ms`,
        target: '-',
        ok: null,
        load,
      },
    ]
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * The routes `npm run bench` measures: every public route, or under BENCH_QUICK=1 the landing
 * page in Hungarian alone.
 */
export const BENCH_ROUTES: readonly string[] = sized(PUBLIC_ROUTES, ['/?lang=hu'])

/**
 * A production server on a new data folder, reached at its own PUBLIC_URL (so a page's canonical
 * address is the one loaded), for `use`; stopped and its folder removed afterwards.
 */
export async function withPublicServer<T>(use: (origin: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-public-'))
  try {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: origin,
    })
    try {
      return await use(origin)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A free loopback port, so the server's PUBLIC_URL can name the address it is really reached at. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

// `node bench/lighthouse.ts [path…]`: only this bench, on the existing build.
if (import.meta.main) {
  const paths = process.argv.slice(2)
  const rows = [
    ...(await benchLighthouseFloor()),
    ...(await withPublicServer((origin) =>
      benchLighthouse(origin, paths.length ? paths : undefined),
    )),
  ]
  for (const row of rows)
    console.log(
      `${row.measure}: ${row.value} (${row.target}; load ${row.load})${row.ok === false ? ' ✗' : ''}`,
    )
}
