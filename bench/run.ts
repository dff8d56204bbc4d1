/**
 * `npm run bench`: what users feel, measured on this machine in one run. Prints a table, each row
 * with the machine's load average while it was measured; the targets are the goals (decision
 * 0052). Builds the web app first, so the numbers are of today's code.
 *
 * Each part runs in a guard (bench/parts.ts): a part that cannot run says so in its row, the
 * others still run, and the process exits with 1. A figure that falls short of its target shows ✗
 * and leaves the exit status 0: it is the product's debt, not the bench's failure.
 *
 * BENCH_QUICK=1: every part at a small size (CI, after the tests), to show that the whole runs.
 */
import { execFileSync } from 'node:child_process'
import { benchCampaigns } from './campaigns.ts'
import { benchCluster } from './cluster.ts'
import { benchClusterFloor } from './cluster-floor.ts'
import { benchDashboard } from './dashboard.ts'
import { benchDoor } from './door.ts'
import { benchLandingJs } from './landing-js.ts'
import { benchPublicJs, OTHER_PUBLIC_PATHS } from './public-js.ts'
import {
  BENCH_ROUTES,
  benchLighthouse,
  benchLighthouseFloor,
  withPublicServer,
} from './lighthouse.ts'
import { benchLive } from './live.ts'
import { benchMemoryPglite, benchMemoryPostgres } from './memory.ts'
import { benchMixer, mixerInstances } from './mixer.ts'
import { formatTable, runParts, type Part } from './parts.ts'
import { benchSeatingMemory } from './seating-memory.ts'
import { QUICK, sized } from './sizes.ts'
import { benchSoak } from './soak.ts'
import { benchStartUp } from './start-up.ts'

const started = performance.now()
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const parts: Part[] = [
  {
    name: 'web build',
    run: () => {
      const t0 = performance.now()
      execFileSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
        { stdio: 'inherit' },
      )
      return [
        {
          measure: 'web build (vite)',
          value: seconds(performance.now() - t0),
          target: '-',
          ok: null,
        },
      ]
    },
  },
  { name: 'mixer', run: () => benchMixer(1, sized(mixerInstances, mixerInstances.slice(0, 2))) },
  { name: 'seating memory', run: benchSeatingMemory },
  { name: 'live updates, one process', run: benchLive },
  { name: 'door', run: benchDoor },
  { name: 'cluster behind nginx', run: benchCluster },
  { name: "cluster's floor: bare servers behind nginx", run: benchClusterFloor },
  { name: 'campaign', run: benchCampaigns },
  { name: 'dashboard', run: benchDashboard },
  { name: 'memory, PGlite', run: benchMemoryPglite },
  { name: 'memory, PostgreSQL', run: benchMemoryPostgres },
  { name: 'soak', run: benchSoak },
  { name: 'start-up', run: benchStartUp },
  { name: 'landing page JS', run: benchLandingJs },
  { name: 'public pages JS', run: () => benchPublicJs(sized(OTHER_PUBLIC_PATHS, ['/login'])) },
  {
    name: 'Lighthouse',
    run: async () => [
      ...(await benchLighthouseFloor()),
      ...(await withPublicServer((origin) => benchLighthouse(origin, BENCH_ROUTES))),
    ],
  },
]

const { rows, didNotRun } = await runParts(parts)
const total = performance.now() - started

console.log(QUICK ? '\nBENCH_QUICK=1: small sizes; the figures are not measurements.\n' : '')
console.log(formatTable(rows))
const short = rows.filter((row) => row.ok === false).length - didNotRun.length
console.log(
  `\n${parts.length - didNotRun.length} of ${parts.length} parts ran in ${seconds(total)}; ` +
    `${short} ${short === 1 ? 'row falls' : 'rows fall'} short of ${short === 1 ? 'its target' : 'their targets'} (✗).`,
)
if (didNotRun.length > 0) {
  console.log(`Did not run: ${didNotRun.map((part) => `${part.name} (${part.reason})`).join('; ')}`)
}
// Explicitly: a part that failed may have left a handle (a socket, a timer) that would keep the
// process alive.
process.exit(didNotRun.length > 0 ? 1 : 0)
