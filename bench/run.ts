/**
 * `npm run bench`: what users feel, measured on this machine in one run. Prints a table; the
 * targets come from the issues. Build first (the script does), so the numbers are of today's code.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureLandingJs } from './landing-js.ts'
import { benchCampaigns } from './campaigns.ts'
import { benchCluster } from './cluster.ts'
import { benchDashboard } from './dashboard.ts'
import { benchDoor } from './door.ts'
import { benchLighthouse, freePort } from './lighthouse.ts'
import { benchLive } from './live.ts'
import { benchMemory } from './memory.ts'
import { benchMixer } from './mixer.ts'
import { benchSoak } from './soak.ts'
import { startServerProcess } from './server-process.ts'

interface Row {
  measure: string
  value: string
  target: string
  ok: boolean | null
}
const rows: Row[] = []
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

rows.push(...benchMixer())
rows.push(...(await benchLive()))
rows.push(...(await benchDoor()))
rows.push(...(await benchCluster()))
rows.push(...(await benchCampaigns()))
rows.push(...(await benchDashboard()))

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
rows.push(...(await benchMemory()))
rows.push(...(await benchSoak()))

// Cold start: a new data folder (the embedded database is created and migrated) and a restart on it.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
try {
  const fresh = await startServerProcess({ DATA_DIR: dataDir })
  await fresh.stop()
  const restarts: number[] = []
  for (let i = 0; i < 3; i++) {
    const again = await startServerProcess({ DATA_DIR: dataDir })
    restarts.push(again.readyMs)
    await again.stop()
  }
  rows.push({
    measure: 'server cold start to ready, new data folder',
    value: `${fresh.readyMs.toFixed(0)} ms`,
    target: '-',
    ok: null,
  })
  rows.push({
    measure: 'server start to ready, existing data (median of 3)',
    value: `${restarts.sort((a, b) => a - b)[1]?.toFixed(0)} ms`,
    target: '-',
    ok: null,
  })

  // Reached at its own PUBLIC_URL, so the page's canonical address is the one Lighthouse loads.
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: origin,
  })
  try {
    for (const width of [390, 1280]) {
      const js = await measureLandingJs(`${origin}/`, width)
      rows.push({
        measure: `landing page initial JS, gzipped (${width} px, ${js.files} files, ${kb(js.rawBytes)} raw)`,
        value: kb(js.gzipBytes),
        target: '≤ 100 KB (goal 80 KB)',
        ok: js.gzipBytes <= 100 * 1024,
      })
    }
    rows.push(...(await benchLighthouse(origin)))
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

const widths = [
  Math.max(...rows.map((r) => r.measure.length), 7),
  Math.max(...rows.map((r) => r.value.length), 5),
  Math.max(...rows.map((r) => r.target.length), 6),
]
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
console.log(line(['measure', 'value', 'target']) + ' ok')
console.log(line(widths.map((w) => '-'.repeat(w))) + ' --')
for (const row of rows)
  console.log(
    line([row.measure, row.value, row.target]) + (row.ok === null ? '' : row.ok ? ' ✓' : ' ✗'),
  )
