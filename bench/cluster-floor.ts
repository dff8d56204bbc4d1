/**
 * The cluster bench's floor (decision 0107): the same fan-out as its live update row, 10,000
 * screens over 4 processes through the same nginx to the same screens' processes, with bare
 * node:http servers in place of the site (bench/cluster-floor-server.ts): each holds its streams
 * and, when told, writes one prepared message of a round's size to all of them. No database, no
 * NOTIFY, no state read, no access check: what this machine needs to carry that many messages
 * that far, whatever the server does. Like Lighthouse's floor, a row without a target, printed
 * so that the cluster's p95 can be read against what the machine itself costs.
 *
 * The servers are told over HTTP, all at once, at the moment the clock starts; the site's own
 * processes hear a round's start from the one that took it, by NOTIFY.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { startNginx } from '#server/test/nginx.ts'
import {
  arrivalsAfter,
  CLIENTS,
  cpuNow,
  cpuSince,
  letter,
  loadNow,
  NGINX_WORKERS,
  openScreens,
  PROCESSES,
  startScreenProcesses,
  type ScreenProcess,
} from './cluster.ts'
import { ms, percentile, type BenchRow } from './live-clients.ts'

/** The demo evening's state message with a running round, as the screens receive it. */
const MESSAGE_BYTES = 3_900

function startFloorServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(new URL('./cluster-floor-server.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, FLOOR_MESSAGE_BYTES: String(MESSAGE_BYTES) },
  })
  return new Promise((resolve, reject) => {
    child.once('message', (message: { type: string; port: number }) =>
      resolve({ child, port: message.port }),
    )
    child.once('exit', (code) => reject(new Error(`a floor server exited (${code})`)))
  })
}

export async function benchClusterFloor(): Promise<BenchRow[]> {
  const servers: { child: ChildProcess; port: number }[] = []
  const screens: ScreenProcess[] = []
  let proxy: { url: string; stop(): Promise<void> } | undefined
  try {
    servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, startFloorServer))))
    proxy = await startNginx({
      upstreams: servers.map((server) => `127.0.0.1:${server.port}`),
      workers: NGINX_WORKERS,
    })
    const proxyPort = Number(new URL(proxy.url).port)
    screens.push(...startScreenProcesses())
    const opened = await openScreens(screens, proxyPort, '/api/floor/live', '-')
    const connected = opened.reduce((sum, one) => sum + one.connected, 0)
    await new Promise((resolve) => setTimeout(resolve, 2_000))

    const before = cpuNow(servers, screens)
    const { latencies } = await arrivalsAfter(screens, () =>
      Promise.all(
        servers.map((server) => fetch(`http://127.0.0.1:${server.port}/fire`, { method: 'POST' })),
      ),
    )
    const cpu = cpuSince(before, cpuNow(servers, screens))
    const load = loadNow()
    return [
      {
        measure: `live update to ${CLIENTS} SSE clients, this machine's floor: ${PROCESSES} bare node:http processes writing one prepared ${(MESSAGE_BYTES / 1000).toFixed(1)} KB message, the same nginx and screens (p50 / p95 / max; the first screen had it at ${ms(latencies[0] ?? Number.NaN)} ms; ${latencies.length} of ${connected} connected had it; load ${load})`,
        value: `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(latencies.at(-1) ?? Number.NaN)} ms`,
        target: '-',
        ok: null,
      },
      {
        measure: `… CPU time it took: processes ${cpu.servers.map((value, i) => `${letter(i)} ${ms(value)}`).join(', ')} ms, nginx ${ms(cpu.nginx)} ms, the screens' side ${ms(cpu.clients)} ms`,
        value: `${ms(cpu.servers.reduce((sum, value) => sum + value, cpu.nginx))} ms`,
        target: '-',
        ok: null,
      },
    ]
  } finally {
    for (const screen of screens) screen.child.kill()
    await proxy?.stop()
    for (const server of servers) server.child.kill()
  }
}

// `node bench/cluster-floor.ts` runs it alone.
if (import.meta.main)
  for (const row of await benchClusterFloor()) console.log(`${row.measure}: ${row.value}`)
