/**
 * The server's memory as a small server feels it (issue 23, decision 0035): resident memory at
 * idle on the embedded database and on PostgreSQL, and the peak of a first start on a new data
 * folder. The server runs with production's flags (bench/server-process.ts); idle is 10 s after
 * /api/health first answered (3 s under BENCH_QUICK=1), with no traffic, so that start-up's
 * garbage has been collected. The targets are decision 0052's goals.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import postgres from 'postgres'
import { readResidentMemory } from '#server/test/memory-sampler.ts'
import { serverNodeFlags, serverProcessEnv } from '#server/test/server-node-flags.ts'
import type { BenchRow } from './live-clients.ts'
import { startServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

const SETTLE_MS = sized(10_000, 3_000)
/** Resident memory at idle, the goals: PGlite ≤ 150 MB, PostgreSQL ≤ 100 MB. */
const IDLE_PGLITE_MB = 150
const IDLE_POSTGRES_MB = 100
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

async function idleMemory(env: Record<string, string>) {
  const server = await startServerProcess(env)
  try {
    await settle()
    const memory = readResidentMemory(server.child.pid ?? 0)
    if (!memory) throw new Error('the server is gone')
    return memory
  } finally {
    await server.stop()
  }
}

/**
 * bench/memory-floor.ts as JavaScript, as the server runs: started as TypeScript, Node would load
 * its type stripper too (15 MB more).
 */
let floorScript: Promise<string> | undefined
const floorBundle = () =>
  (floorScript ??= (async () => {
    const outfile = fileURLToPath(new URL('../.tmp/bench-floor/memory-floor.mjs', import.meta.url))
    await build({
      entryPoints: [fileURLToPath(new URL('./memory-floor.ts', import.meta.url))],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
    })
    return outfile
  })())

/**
 * The floor (bench/memory-floor.ts): Node with production's flags and environment, a bare
 * node:http server and the database driver, none of the site's code; read after the same wait.
 */
async function floorMemory(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [...serverNodeFlags(), await floorBundle(), ...args], {
    env: { PATH: process.env.PATH, ...serverProcessEnv(), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve()
      })
      void exited.then(() => reject(new Error(`the floor process stopped (${args.join(' ')})`)))
    })
    await settle()
    const memory = readResidentMemory(child.pid ?? 0)
    if (!memory) throw new Error('the floor process is gone')
    return memory.rssMb
  } finally {
    child.kill()
    await exited
  }
}

const floorRow = (what: string, mb: number, site: number): BenchRow => ({
  measure: `… the floor: Node with the same flags and environment, a bare node:http server and ${what}, none of the site's code (the site above it: ${(site - mb).toFixed(0)} MB)`,
  value: `${mb.toFixed(0)} MB`,
  target: '-',
  ok: null,
})

/** On the embedded database: the first start's peak on a new data folder, then idle. */
export async function benchMemoryPglite(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'))
  try {
    const first = await idleMemory({ DATA_DIR: dataDir })
    rows.push({
      measure: 'server peak resident memory, first start on a new data folder (PGlite)',
      value: `${first.hwmMb.toFixed(0)} MB`,
      target: '≤ 600 MB (goal 400)',
      ok: first.hwmMb <= 600,
    })
    const again = await idleMemory({ DATA_DIR: dataDir })
    rows.push({
      measure: 'server resident memory at idle, PGlite (peak of its start)',
      value: `${again.rssMb.toFixed(0)} MB (${again.hwmMb.toFixed(0)} MB)`,
      target: `≤ ${IDLE_PGLITE_MB} MB`,
      ok: again.rssMb <= IDLE_PGLITE_MB,
    })
    rows.push(
      floorRow('PGlite opened on that folder', await floorMemory(['pglite', dataDir]), again.rssMb),
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}

/**
 * On PostgreSQL: a database of its own on the server the other PostgreSQL benches use. Without a
 * PostgreSQL server this part does not run (it throws, and says why).
 */
export async function benchMemoryPostgres(): Promise<BenchRow[]> {
  const serverUrl =
    process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `bench_memory_${process.pid}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database ${name}`)
  } catch (error) {
    await admin.end()
    throw new Error(`no PostgreSQL at ${serverUrl}: ${String(error)}`, { cause: error })
  }
  try {
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    // The first start migrates the new database; the second is the one measured.
    await idleMemory({ DATABASE_URL: url.toString() })
    const idle = await idleMemory({ DATABASE_URL: url.toString() })
    const floor = await floorMemory(['postgres', url.toString()])
    return [
      {
        measure: `server resident memory at idle, PostgreSQL (peak of its start; its own, without the Node program's shared file pages: ${idle.anonMb.toFixed(0)} MB)`,
        value: `${idle.rssMb.toFixed(0)} MB (${idle.hwmMb.toFixed(0)} MB)`,
        target: `≤ ${IDLE_POSTGRES_MB} MB`,
        ok: idle.rssMb <= IDLE_POSTGRES_MB,
      },
      floorRow('postgres.js with a query', floor, idle.rssMb),
    ]
  } finally {
    await admin.unsafe(`drop database if exists ${name}`)
    await admin.end()
  }
}

if (import.meta.main) {
  for (const row of [...(await benchMemoryPglite()), ...(await benchMemoryPostgres())])
    console.log(`${row.measure}: ${row.value} (${row.target})`)
}
