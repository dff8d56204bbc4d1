/**
 * Several server processes on one PostgreSQL behind nginx (issue 16, part 5), as a full room
 * feels it:
 * - 10,000 SSE screens spread by nginx over 4 processes, an admin starts a round through the
 *   proxy, and the delay until each screen has it (the other processes hear it by NOTIFY); the
 *   goal: p95 ≤ 250 ms;
 * - the klikkscreen state read through nginx with 1 process behind it and with all of them.
 * Every process runs on this one machine: the servers, nginx, PostgreSQL and the clients share
 * its cores, so the numbers are what one machine does with all of it, not what more cores
 * would add to a real deployment.
 *
 * Without nginx or PostgreSQL this part does not run (it throws, and says why): the bench
 * installs nothing.
 *
 * The screens are raw sockets in processes of their own (bench/cluster-screens.ts, decision 0097):
 * in this one process, with Node's HTTP client, they took more CPU than the servers they measured.
 *
 * BENCH_CLUSTER_PROCESSES (4), BENCH_CLUSTER_CLIENTS (10000), BENCH_CLUSTER_NGINX_WORKERS (2: each
 * nginx worker holds two files per stream it carries, and a hard limit of 20,000 open files
 * refused the round's start at 10,000 streams in one), BENCH_CLUSTER_SCREEN_PROCESSES (2:
 * the processes playing the screens), BENCH_CLUSTER_IDLE_MS (30000: all the screens open and
 * nothing changing, one heartbeat's round of access checks, to measure what open streams cost),
 * BENCH_CLUSTER_REQUESTS (20000 reads per measure), BENCH_CLUSTER_CONCURRENCY (64 requesters);
 * BENCH_QUICK=1: 2 processes, 400 screens, 2000 reads. BENCH_CLUSTER_DATABASE_URL (a PostgreSQL server where a scratch database is
 * made and dropped; TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { eq } from 'drizzle-orm'
import { openDatabase, type Database } from '#server/db/client.ts'
import { eventRounds } from '#server/db/schema/events.ts'
import { seedDemo } from '#server/dev/demo-seed.ts'
import { deployConfigPath, nginxPath, renderTestConfig, startNginx } from '#server/test/nginx.ts'
import { scratchDatabases } from '#server/test/scratch-postgres.ts'
import { startTestMailServer, type TestMailServer } from '#server/test/test-mail-server.ts'
import {
  BENCH_ADMIN,
  loadGet,
  ms,
  percentile,
  signUpBenchAdmin,
  type BenchRow,
  type LoadResult,
} from './live-clients.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 ? value : fallback
}
export const PROCESSES = numberFrom('BENCH_CLUSTER_PROCESSES', sized(4, 2))
export const CLIENTS = numberFrom('BENCH_CLUSTER_CLIENTS', sized(10_000, 400))
const SCREEN_PROCESSES = numberFrom('BENCH_CLUSTER_SCREEN_PROCESSES', 2)
const IDLE_MS = numberFrom('BENCH_CLUSTER_IDLE_MS', 30_000)
/** nginx's worker processes in front of the cluster: each holds its share of the streams. */
export const NGINX_WORKERS = numberFrom('BENCH_CLUSTER_NGINX_WORKERS', 2)
const REQUESTS = numberFrom('BENCH_CLUSTER_REQUESTS', sized(20_000, 2_000))
const WARM_UP = sized(1_000, 200)
const CONCURRENCY = numberFrom('BENCH_CLUSTER_CONCURRENCY', 64)
const SERVER_URL =
  process.env.BENCH_CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
/** Screens connect in waves of this many, each wave waiting for its first states. */
const WAVE = 250
/** A screen without its first state by then, or without the round by then, has failed. */
const CONNECT_TIMEOUT_MS = 20_000
const ARRIVAL_TIMEOUT_MS = 15_000
/** The goal: the round on 95 % of the screens within 250 ms. */
const GOAL_MS = 250

/**
 * Counts a process's log lines (one per request) that name `text`: the requests it answered for
 * that path, which nginx decided. `done()` stops counting and returns the count.
 */
function countLogLines(server: ServerProcess, text: string) {
  let count = 0
  let partial = ''
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) if (line.includes(text)) count++
  }
  server.child.stdout?.on('data', onData)
  return {
    done() {
      server.child.stdout?.off('data', onData)
      return count
    },
  }
}

/** A process playing some of the screens (bench/cluster-screens.ts), asked by IPC. */
export interface ScreenProcess {
  child: ChildProcess
  ask<T>(command: Record<string, unknown>, answer: string): Promise<T>
}

function startScreenProcess(): ScreenProcess {
  const child = fork(new URL('./cluster-screens.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return {
    child,
    ask<T>(command: Record<string, unknown>, answer: string) {
      return new Promise<T>((resolve, reject) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== answer) return
          child.off('message', onMessage)
          child.off('exit', onExit)
          resolve(message as T)
        }
        const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
          reject(new Error(`a screens process stopped (${signal ?? `exit code ${code}`})`))
        child.on('message', onMessage)
        child.once('exit', onExit)
        child.send(command)
      })
    },
  }
}

/** The screens' processes (SCREEN_PROCESSES of them). */
export const startScreenProcesses = () =>
  Array.from({ length: SCREEN_PROCESSES }, () => startScreenProcess())

/**
 * Opens the CLIENTS screens on `path` through `port`, shared out between the screens' processes,
 * in waves; each answers how many of its share connected and why the others did not.
 */
export function openScreens(screens: ScreenProcess[], port: number, path: string, cookie: string) {
  const share = (i: number) =>
    Math.floor(CLIENTS / screens.length) + (i < CLIENTS % screens.length ? 1 : 0)
  return Promise.all(
    screens.map((screen, i) =>
      screen.ask<{ connected: number; failures: Record<string, number> }>(
        {
          type: 'open',
          port,
          path,
          cookie,
          count: share(i),
          wave: Math.ceil(WAVE / screens.length),
          timeoutMs: CONNECT_TIMEOUT_MS,
        },
        'opened',
      ),
    ),
  )
}

/**
 * Every open screen waits for the change `trigger` makes; each one's delay from just before the
 * trigger (ms, in order), and how long the trigger itself took to answer.
 */
export async function arrivalsAfter(screens: ScreenProcess[], trigger: () => Promise<unknown>) {
  const t0 = performance.timeOrigin + performance.now()
  const collected = Promise.all(
    screens.map((screen) =>
      screen.ask<{ at: number[] }>({ type: 'collect', timeoutMs: ARRIVAL_TIMEOUT_MS }, 'arrivals'),
    ),
  )
  // Should the trigger fail, its error is the one to see, not the screens stopped after it.
  collected.catch(() => {})
  await trigger()
  const answeredMs = performance.timeOrigin + performance.now() - t0
  const latencies = (await collected)
    .flatMap((one) => one.at.map((at) => at - t0))
    .sort((a, b) => a - b)
  return { latencies, answeredMs }
}

/** Several runs of one measure as one: their requests, time and latencies added up. */
function combined(runs: LoadResult[]): LoadResult {
  const ok = runs.reduce((sum, run) => sum + run.ok, 0)
  const elapsedMs = runs.reduce((sum, run) => sum + run.elapsedMs, 0)
  return {
    ok,
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    elapsedMs,
    latencies: runs.flatMap((run) => run.latencies).sort((a, b) => a - b),
    perSecond: ok / (elapsedMs / 1000),
  }
}

/**
 * The worker_connections of the nginx the tests run (src/server/test/nginx.ts): every live
 * stream through it holds two, the browser's and its own to a process.
 */
function nginxWorkerConnections(): number | undefined {
  const config = renderTestConfig(readFileSync(deployConfigPath, 'utf8'), {
    upstreams: ['127.0.0.1:1'],
    listenPort: 1,
    dir: tmpdir(),
  })
  const match = /worker_connections\s+(\d+);/.exec(config)
  return match?.[1] ? Number(match[1]) : undefined
}

/**
 * This process's open-file limit (`ulimit -n`), which the servers it starts inherit; `hard`:
 * the most any of them (nginx's workers too, even as root in a container) may raise it to.
 */
function openFileLimit(which: 'soft' | 'hard' = 'soft'): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    const limit = Number(line?.split(/\s{2,}/)[which === 'soft' ? 1 : 2])
    return Number.isFinite(limit) ? limit : undefined
  } catch {
    return undefined
  }
}

/** Linux's USER_HZ, the unit of /proc/PID/stat's CPU times, is 100 on every common build. */
const TICK_MS = 10

/** Fields of /proc/PID/stat after the command's name: [0] is the state, [1] the parent. */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

/** CPU time (user and system) a process has used so far, in ms; 0 once it is gone. */
function cpuMsOf(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statOf(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0
}

/** A process's command name, or undefined once it is gone. */
function commOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return undefined
  }
}

/** The nginx processes this one started (a master is its child, the workers the master's). */
function nginxPids(): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const parent = Number(statOf(pid)?.[1])
    if (commOf(pid) === 'nginx' && Number.isInteger(parent)) parents.set(pid, parent)
  }
  const masters = [...parents].filter(([, parent]) => parent === process.pid).map(([pid]) => pid)
  return [...parents]
    .filter(([pid, parent]) => masters.includes(pid) || masters.includes(parent))
    .map(([pid]) => pid)
}

export interface CpuSnapshot {
  servers: number[]
  nginx: number
  /** This process and the screens' processes: the screens' or the requesters' side. */
  clients: number
}

export function cpuNow(
  servers: Pick<ServerProcess, 'child'>[],
  screens: ScreenProcess[] = [],
): CpuSnapshot {
  const own = process.cpuUsage()
  return {
    servers: servers.map((server) => cpuMsOf(server.child.pid)),
    nginx: nginxPids().reduce((sum, pid) => sum + cpuMsOf(pid), 0),
    clients:
      (own.user + own.system) / 1000 +
      screens.reduce((sum, screen) => sum + cpuMsOf(screen.child.pid), 0),
  }
}

export const cpuSince = (before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot => ({
  servers: after.servers.map((value, i) => value - (before.servers[i] ?? 0)),
  nginx: after.nginx - before.nginx,
  clients: after.clients - before.clients,
})

const cpuSum = (a: CpuSnapshot, b: CpuSnapshot): CpuSnapshot => ({
  servers: a.servers.map((value, i) => value + (b.servers[i] ?? 0)),
  nginx: a.nginx + b.nginx,
  clients: a.clients + b.clients,
})

/** The processes' names in the rows: A, B, C, … */
export const letter = (index: number) => String.fromCharCode(65 + index)

export const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

function readRow(label: string, result: LoadResult): BenchRow {
  return {
    measure: `klikkscreen state read, ${label} (${REQUESTS} requests, ${CONCURRENCY} requesters; p95 ${ms(percentile(result.latencies, 95))} ms${result.failed ? `, ${result.failed} failed` : ''})`,
    value: `${result.perSecond.toFixed(0)} req/s`,
    target: '-',
    ok: null,
  }
}

export async function benchCluster(): Promise<BenchRow[]> {
  const loadAtStart = loadNow()
  // Measured through nginx or not at all: straight to the processes is not what is deployed.
  if (nginxPath() === undefined)
    throw new Error(
      'nginx is missing (looked for /usr/sbin/nginx, /usr/local/sbin/nginx, /usr/bin/nginx; the bench installs nothing: apt-get install -y nginx)',
    )
  const scratch = scratchDatabases('bench_cluster', SERVER_URL)
  let url: string
  try {
    url = await scratch.create()
  } catch (error) {
    await scratch.dropAll().catch(() => {})
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`no PostgreSQL at ${SERVER_URL} (${reason})`, { cause: error })
  }
  // The clients hold one socket each here, and each server its share of them.
  const fileLimit = openFileLimit()
  if (fileLimit !== undefined && fileLimit < CLIENTS + 1_000)
    console.warn(
      `bench/cluster: ulimit -n is ${fileLimit}; ${CLIENTS} live streams need ${CLIENTS} sockets here and more: raise it (ulimit -n ${CLIENTS * 2})`,
    )
  // Every live stream holds two of nginx's files (the screen's socket and its own to a process),
  // in the worker that took it; where the hard limit is below what they need, more workers.
  const hardLimit = openFileLimit('hard')
  if (hardLimit !== undefined && hardLimit < (2 * CLIENTS) / NGINX_WORKERS + 1_000)
    console.warn(
      `bench/cluster: ulimit -Hn is ${hardLimit}; ${NGINX_WORKERS} nginx worker(s) holding two files per screen need ${(2 * CLIENTS) / NGINX_WORKERS + 1_000} each: raise BENCH_CLUSTER_NGINX_WORKERS, or expect refusals (HTTP 500) once they are full`,
    )
  const workerConnections = nginxWorkerConnections()
  // Two connections a stream (the screen's and nginx's own to a process), and then some: measured
  // here, worker_connections 8192 let 3,839 streams through and reset the rest; 16384 took 4,000.
  const tooFewConnections = workerConnections !== undefined && workerConnections < 2 * CLIENTS + 600
  if (tooFewConnections)
    console.warn(
      `bench/cluster: the test nginx has worker_connections ${workerConnections}; ${CLIENTS} live streams need two each (${2 * CLIENTS}) and some more: expect some to be reset`,
    )

  let database: Database | undefined
  let mail: TestMailServer | undefined
  const servers: ServerProcess[] = []
  const proxies: { stop(): Promise<void> }[] = []
  const screens: ScreenProcess[] = []
  const stopAll = async () => {
    for (const screen of screens.splice(0)) screen.child.kill()
    await Promise.allSettled(proxies.splice(0).map((proxy) => proxy.stop()))
    await Promise.allSettled(servers.splice(0).map((server) => server.stop()))
    await database?.close().catch(() => {})
    database = undefined
    await mail?.close()
    mail = undefined
    await scratch.dropAll().catch(() => {})
  }
  // Ctrl+C in the middle still stops every process this started.
  const interrupted = (signal: NodeJS.Signals) => {
    console.warn(`bench/cluster: ${signal}, stopping the servers and nginx`)
    void stopAll().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)

  try {
    // The demo evening: 40 members, 5 tables of 8, 36 present, round 1 seated, not started.
    database = await openDatabase({ databaseUrl: url })
    await database.migrate()
    const demo = await seedDemo(database.db)
    const eventId = demo.event.id
    const [round] = await database.db
      .select({ id: eventRounds.id })
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
    if (!round) throw new Error('the demo has no round')
    await database.close()
    database = undefined

    mail = await startTestMailServer()
    const env = {
      DATABASE_URL: url,
      TRUST_PROXY: '1',
      SMTP_URL: mail.url,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAILS: BENCH_ADMIN.email,
      MIXER_TIME_MS: '100',
      LOG_LEVEL: 'info',
    }
    const started = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => startServerProcess(env)),
    )
    for (const server of started) if (server.status === 'fulfilled') servers.push(server.value)
    for (const server of started) if (server.status === 'rejected') throw server.reason
    const upstreams = servers.map((server) => `127.0.0.1:${server.port}`)

    const proxy = await startNginx({ upstreams, workers: NGINX_WORKERS })
    proxies.push(proxy)
    const proxyPort = Number(new URL(proxy.url).port)
    const entry = `http://127.0.0.1:${proxyPort}`

    // The admin, confirmed by the e-mailed link; the event started, its round not yet.
    const { admin } = await signUpBenchAdmin(entry, mail)
    await admin.call(`/api/admin/events/${eventId}/start`, {})

    // The screens, in waves, from their own processes; each counts once its first state has
    // arrived.
    const livePath = `/api/events/${eventId}/live`
    const streamsOn = servers.map((server) => countLogLines(server, livePath))
    screens.push(...startScreenProcesses())
    const opened = await openScreens(screens, proxyPort, livePath, admin.cookie)
    const connectedScreens = opened.reduce((sum, one) => sum + one.connected, 0)
    const failedToConnect = CLIENTS - connectedScreens
    const failures = new Map<string, number>()
    for (const one of opened)
      for (const [why, count] of Object.entries(one.failures))
        failures.set(why, (failures.get(why) ?? 0) + count)
    if (failedToConnect > 0)
      console.warn(`bench/cluster: screens that failed to connect, by reason:`, failures)

    // Every screen open and nothing changing, for one heartbeat's round of access checks: what
    // the open streams cost the servers while nothing happens.
    const idleBefore = cpuNow(servers, screens)
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
    const idleCpu = cpuSince(idleBefore, cpuNow(servers, screens))

    // The round starts through the proxy; every screen waits for it.
    const cpuBefore = cpuNow(servers, screens)
    const { latencies, answeredMs } = await arrivalsAfter(screens, () =>
      admin.call(`/api/admin/events/${eventId}/rounds/${round.id}/start`, {}),
    )
    const missed = connectedScreens - latencies.length
    const fanOutCpu = cpuSince(cpuBefore, cpuNow(servers, screens))
    const p95 = percentile(latencies, 95)
    const loadAfterFanOut = loadNow()
    // Read now: a process's log lines may reach this one a moment after its answers do.
    const landed = streamsOn.map((counter) => counter.done())
    // The screens' processes end: the reads below are measured without them.
    await Promise.all(
      screens.splice(0).map(
        (screen) =>
          new Promise<void>((resolve) => {
            screen.child.once('exit', () => resolve())
            screen.child.send({ type: 'close' })
          }),
      ),
    )

    // The hot read through a second nginx with the first process alone, and through the first
    // one with all of them: in turns (1, all, 1, all), half the requests each time, so that the
    // machine's other load, which comes and goes, weighs on both alike. Both are warmed up first.
    const statePath = `/api/klikkscreen?eventId=${eventId}`
    const single = await startNginx({ upstreams: upstreams.slice(0, 1) })
    proxies.push(single)
    const onePort = Number(new URL(single.url).port)
    const allPort = proxyPort
    const read = (port: number, requests: number) =>
      loadGet(port, statePath, admin.cookie, { concurrency: CONCURRENCY, requests })
    await read(allPort, WARM_UP)
    await read(onePort, WARM_UP)
    const oneRuns: LoadResult[] = []
    const twoRuns: LoadResult[] = []
    const zero: CpuSnapshot = { servers: servers.map(() => 0), nginx: 0, clients: 0 }
    let oneCpu = zero
    let twoCpu = zero
    for (let turn = 0; turn < 2; turn++) {
      const before = cpuNow(servers)
      oneRuns.push(await read(onePort, Math.ceil(REQUESTS / 2)))
      const between = cpuNow(servers)
      twoRuns.push(await read(allPort, Math.ceil(REQUESTS / 2)))
      oneCpu = cpuSum(oneCpu, cpuSince(before, between))
      twoCpu = cpuSum(twoCpu, cpuSince(between, cpuNow(servers)))
    }
    const one = combined(oneRuns)
    const two = combined(twoRuns)
    const perThousand = (cpu: CpuSnapshot, result: LoadResult) => {
      const per = (value: number) => ms((value * 1000) / Math.max(1, result.ok))
      const servers = cpu.servers.reduce((sum, value) => sum + value, 0)
      return `servers ${per(servers)} ms (${cpu.servers.map((value, i) => `${letter(i)} ${per(value)}`).join(', ')}), nginx ${per(cpu.nginx)} ms, the requesters ${per(cpu.clients)} ms`
    }
    const ratio = two.perSecond / one.perSecond
    const via = 'through nginx'
    const each = (values: number[]) => values.map((value, i) => `${letter(i)} ${value}`).join(', ')

    return [
      {
        measure: `live update to ${CLIENTS} SSE clients, ${PROCESSES} processes on PostgreSQL ${via} (p50 / p95 / p99 / max; the start answered in ${ms(answeredMs)} ms, the first screen had it at ${ms(latencies[0] ?? Number.NaN)} ms)`,
        value: `${ms(percentile(latencies, 50))} / ${ms(p95)} / ${ms(percentile(latencies, 99))} / ${ms(latencies.at(-1) ?? Number.NaN)} ms`,
        target: `p95 ≤ ${GOAL_MS} ms`,
        ok: latencies.length > 0 && p95 <= GOAL_MS,
      },
      {
        measure: `… screens that had the round (connected to processes ${each(landed)}; failed to connect ${failedToConnect}${tooFewConnections ? ` (nginx's worker_connections ${workerConnections} < 2 per screen)` : ''}; connected but missed it ${missed})`,
        value: `${latencies.length} / ${CLIENTS}`,
        target: 'all',
        ok: latencies.length === CLIENTS,
      },
      {
        measure: `… CPU time it took: processes ${each(fanOutCpu.servers.map((value) => Number(ms(value))))} ms (per screen it served: ${each(fanOutCpu.servers.map((value, i) => Number(((value * 1000) / Math.max(1, landed[i] ?? 0)).toFixed(0))))} µs), nginx ${ms(fanOutCpu.nginx)} ms, the screens' side (${SCREEN_PROCESSES} processes and this one) ${ms(fanOutCpu.clients)} ms`,
        value: `${ms(fanOutCpu.servers.reduce((sum, value) => sum + value, fanOutCpu.nginx))} ms`,
        target: '-',
        ok: null,
      },
      {
        measure: `… CPU time of ${ms(IDLE_MS / 1000)} s with every screen open and nothing changing (heartbeats and access checks): processes ${each(idleCpu.servers.map((value) => Number(ms(value))))} ms, nginx ${ms(idleCpu.nginx)} ms, the screens' side ${ms(idleCpu.clients)} ms`,
        value: `${ms(idleCpu.servers.reduce((sum, value) => sum + value, 0))} ms`,
        target: '-',
        ok: null,
      },
      readRow(`${via}, 1 process`, one),
      {
        measure: `… CPU per 1,000 reads: ${perThousand(oneCpu, one)}`,
        value: '-',
        target: '-',
        ok: null,
      },
      readRow(`${via}, ${PROCESSES} processes`, two),
      {
        measure: `… CPU per 1,000 reads: ${perThousand(twoCpu, two)}`,
        value: '-',
        target: '-',
        ok: null,
      },
      {
        measure: `… ${PROCESSES} processes / 1 process (one ${cpus().length}-core machine: the servers, nginx, PostgreSQL and the load share it)`,
        value: ratio.toFixed(2),
        target: '-',
        ok: null,
      },
      {
        measure:
          'load average (1 / 5 / 15 min): before the cluster bench / after the fan-out / at its end',
        value: `${loadAtStart} / ${loadAfterFanOut} / ${loadNow()}`,
        target: '-',
        ok: null,
      },
    ]
  } finally {
    await stopAll()
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
  }
}

// `node bench/cluster.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchCluster())
    console.log(
      `${row.measure}: ${row.value}  [${row.target}]${row.ok === null ? '' : row.ok ? ' ✓' : ' ✗'}`,
    )
}
