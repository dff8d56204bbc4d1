/**
 * The server's start-up on the embedded database: from spawn until /api/health answers, on a new
 * data folder (the database is created and migrated) and again on it (the median of 3 restarts;
 * one under BENCH_QUICK=1). The goals: a first start ≤ 3 s, a restart ≤ 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchRow } from './live-clients.ts'
import { startServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

const FIRST_START_MS = 3_000
const RESTART_MS = 1_000
const RESTARTS = sized(3, 1)

export async function benchStartUp(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
  try {
    const fresh = await startServerProcess({ DATA_DIR: dataDir })
    await fresh.stop()
    const restarts: number[] = []
    for (let i = 0; i < RESTARTS; i++) {
      const again = await startServerProcess({ DATA_DIR: dataDir })
      restarts.push(again.readyMs)
      await again.stop()
    }
    restarts.sort((a, b) => a - b)
    const restart = restarts[Math.floor(restarts.length / 2)] ?? Number.NaN
    return [
      {
        measure: 'server first start to ready, new data folder (PGlite)',
        value: `${fresh.readyMs.toFixed(0)} ms`,
        target: `≤ ${FIRST_START_MS.toLocaleString('en')} ms`,
        ok: fresh.readyMs <= FIRST_START_MS,
      },
      {
        measure: `server restart to ready, existing data (PGlite; median of ${RESTARTS}: ${restarts.map((t) => t.toFixed(0)).join(', ')} ms)`,
        value: `${restart.toFixed(0)} ms`,
        target: `≤ ${RESTART_MS.toLocaleString('en')} ms`,
        ok: restart <= RESTART_MS,
      },
    ]
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// `node bench/start-up.ts` runs this part alone.
if (import.meta.main) console.table(await benchStartUp())
