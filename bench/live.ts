/**
 * Live updates as a room full of screens feels them:
 * - latency from "admin starts a round" to each of 2,000 SSE clients on one process receiving it
 *   (200 under BENCH_QUICK=1);
 * - requests per second of the klikkscreen state read, against a bare node:http server answering
 *   a fixed JSON of the same size, on the same machine in the same run.
 */
import { createServer, Agent } from 'node:http'
import type { AddressInfo } from 'node:net'
import { seedEvening } from '#server/test/seed-evening.ts'
import {
  loadGet,
  percentile,
  signUpBenchAdmin,
  startBenchSite,
  sseClient,
  type AdminSession,
  type BenchRow,
  type SseClient,
} from './live-clients.ts'
import { sized } from './sizes.ts'

export type LiveBenchRow = BenchRow

const CLIENTS = sized(2_000, 200)
const LOAD_SECONDS = sized(3, 1)
/** The state read's goal, against a bare node:http server answering the same bytes. */
const READ_RATIO = 0.8
const LOAD_CONCURRENCY = 64

/**
 * The klikkscreen state read of `eventId` by `admin`, in requests per second over
 * LOAD_SECONDS from LOAD_CONCURRENCY requesters, then a bare node:http server in this process
 * answering the same bytes under the same load, and the ratio of the two. (bench/state-read.ts
 * runs only this, several times.)
 */
export async function stateReadVsBare(port: number, eventId: string, admin: AdminSession) {
  const statePath = `/api/klikkscreen?eventId=${eventId}`
  const body = await (await admin.call(statePath)).text()
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  try {
    const load = { concurrency: LOAD_CONCURRENCY, seconds: LOAD_SECONDS }
    const served = await loadGet(port, statePath, admin.cookie, load)
    const baseline = (await loadGet((bare.address() as AddressInfo).port, '/', '', load)).perSecond
    return { ours: served.perSecond, baseline, ratio: served.perSecond / baseline, served }
  } finally {
    bare.close()
  }
}

export async function benchLive(): Promise<LiveBenchRow[]> {
  const { mail, server, origin, stop } = await startBenchSite('live')
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const clients: SseClient[] = []
  try {
    // An admin (confirmed through the e-mailed link) and a running event with a seated round.
    const { admin, userCode } = await signUpBenchAdmin(origin, mail)
    const evening = await seedEvening(
      async (path, body = {}) => (await admin.call(path, body)).json(),
      { eventName: 'Bench evening', tables: [{ name: 'T', seats: 8 }], present: [userCode] },
    )
    const base = `/api/admin/events/${evening.eventId}`

    // The screens connected, each with its first state.
    for (let i = 0; i < CLIENTS; i++)
      clients.push(
        sseClient(agent, server.port, `/api/events/${evening.eventId}/live`, admin.cookie),
      )
    const connected = await Promise.all(clients.map((client) => client.connected))
    if (connected.includes(false)) throw new Error('a live client could not connect')

    const t0 = performance.now()
    await admin.call(`${base}/rounds/${evening.roundId}/start`, {})
    const arrivals = await Promise.all(clients.map((client) => client.started))
    const latencies = arrivals.map((at) => at - t0).sort((a, b) => a - b)
    const p95 = percentile(latencies, 95)

    // State reads per second, against a bare node:http server answering the same bytes.
    for (const client of clients) client.close()
    const { ours, baseline, ratio } = await stateReadVsBare(server.port, evening.eventId, admin)

    return [
      {
        measure: `live update to ${CLIENTS} SSE clients, one process (p50 / p95 / max)`,
        value: `${percentile(latencies, 50).toFixed(0)} / ${p95.toFixed(0)} / ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
        target: 'p95 ≤ 250 ms',
        ok: p95 <= 250,
      },
      {
        measure: `klikkscreen state read vs bare node:http (${ours.toFixed(0)} / ${baseline.toFixed(0)} req/s)`,
        value: ratio.toFixed(2),
        target: `≥ ${READ_RATIO}`,
        ok: ratio >= READ_RATIO,
      },
    ]
  } finally {
    for (const client of clients) client.close()
    agent.destroy()
    await stop()
  }
}
