/**
 * Live updates as a room full of screens feels them:
 * - latency from "admin starts a round" to each of 2,000 SSE clients on one process receiving it;
 * - requests per second of the klikkscreen state read, against a bare node:http server answering
 *   a fixed JSON of the same size, on the same machine in the same run.
 */
import { request as httpRequest, createServer, Agent, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { browserClient } from '#server/test/http-client.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { startTestMailServer } from '#server/test/test-mail-server.ts'
import { startServerProcess } from './server-process.ts'

export interface LiveBenchRow {
  measure: string
  value: string
  target: string
  ok: boolean | null
}

const CLIENTS = 2_000
const LOAD_SECONDS = 3
const LOAD_CONCURRENCY = 64
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-secret-1', name: 'Bench Admin' }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** The test suite's browser-like client, failing loudly on any refusal. */
function adminSession(origin: string) {
  const client = browserClient(origin)
  return {
    get cookie() {
      return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    async call(path: string, body?: unknown) {
      const response = await (body === undefined ? client.get(path) : client.post(path, body))
      if (response.status >= 400)
        throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return response
    },
  }
}

/** One SSE client on a raw socket; resolves `started` when a state with a running round arrives. */
function sseClient(agent: Agent, port: number, path: string, cookie: string) {
  let onFirst: () => void = () => {}
  let onStarted: (at: number) => void = () => {}
  const first = new Promise<void>((resolve) => (onFirst = resolve))
  const started = new Promise<number>((resolve) => (onStarted = resolve))
  let seenFirst = false
  let buffer = ''
  const req = httpRequest(
    { host: '127.0.0.1', port, path, agent, headers: { cookie, accept: 'text/event-stream' } },
    (res: IncomingMessage) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!block.startsWith('event: state')) continue
          if (!seenFirst) {
            seenFirst = true
            onFirst()
          } else if (block.includes('"started":true')) onStarted(performance.now())
        }
      })
    },
  )
  req.end()
  return { first, started, close: () => req.destroy() }
}

/** Completed requests per second with keep-alive connections, for `seconds`. */
async function requestsPerSecond(port: number, path: string, cookie: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: LOAD_CONCURRENCY })
  const until = performance.now() + seconds * 1000
  let done = 0
  const worker = async () => {
    while (performance.now() < until) {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, agent, headers: { cookie } },
          (res) => {
            res.resume()
            res.on('end', () => {
              if (res.statusCode === 200) done++
              resolve()
            })
          },
        )
        req.on('error', reject)
        req.end()
      })
    }
  }
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker))
  agent.destroy()
  return done / seconds
}

export async function benchLive(): Promise<LiveBenchRow[]> {
  const mail = await startTestMailServer()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-'))
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAILS: ADMIN.email,
    MIXER_TIME_MS: '100',
    LOG_LEVEL: 'info',
  })
  const origin = `http://127.0.0.1:${server.port}`
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const clients: ReturnType<typeof sseClient>[] = []
  try {
    // An admin (confirmed through the e-mailed link) and a running event with a seated round.
    const admin = adminSession(origin)
    await admin.call('/api/auth/sign-up/email', ADMIN)
    const link = (await mail.waitFor(ADMIN.email)).links.find((l) => l.includes('verify-email'))
    if (!link) throw new Error('no verification link')
    await admin.call(link)
    const me = (await (await admin.call('/api/me')).json()) as { userCode: string }
    const evening = await seedEvening(
      async (path, body = {}) => (await admin.call(path, body)).json(),
      { eventName: 'Bench evening', tables: [{ name: 'T', seats: 8 }], present: [me.userCode] },
    )
    const base = `/api/admin/events/${evening.eventId}`

    // 2,000 screens connected, each with its first state.
    for (let i = 0; i < CLIENTS; i++)
      clients.push(
        sseClient(agent, server.port, `/api/events/${evening.eventId}/live`, admin.cookie),
      )
    await Promise.all(clients.map((client) => client.first))

    const t0 = performance.now()
    await admin.call(`${base}/rounds/${evening.roundId}/start`, {})
    const arrivals = await Promise.all(clients.map((client) => client.started))
    const latencies = arrivals.map((at) => at - t0).sort((a, b) => a - b)
    const p95 = percentile(latencies, 95)

    // State reads per second, against a bare node:http server answering the same bytes.
    const statePath = `/api/klikkscreen?eventId=${evening.eventId}`
    const body = await (await admin.call(statePath)).text()
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    for (const client of clients) client.close()
    const ours = await requestsPerSecond(server.port, statePath, admin.cookie, LOAD_SECONDS)
    const baseline = await requestsPerSecond(
      (bare.address() as AddressInfo).port,
      '/',
      '',
      LOAD_SECONDS,
    )
    bare.close()
    const ratio = ours / baseline

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
        target: '≥ 0.5',
        ok: ratio >= 0.5,
      },
    ]
  } finally {
    for (const client of clients) client.close()
    agent.destroy()
    await server.stop()
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
