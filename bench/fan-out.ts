/**
 * The live streams' fan-out alone: one node:http server with the app's event stream (the real
 * `eventStream`, its SSE stream and hub; a state of ~3 KB made in memory, no database), C
 * readers on raw sockets in a child process of their own, and N changes, each sent only when every
 * reader has the one before. It prints the server's CPU per reader per change (user and system):
 * what the servers of the cluster bench pay per screen, without nginx, PostgreSQL or the other
 * processes sharing the cores. Decision 105 measured direct writes to the Node response with it.
 *
 *   node bench/fan-out.ts                 C=2000 readers, N=20 changes (BENCH_FAN_OUT_READERS,
 *                                         BENCH_FAN_OUT_CHANGES)
 */
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import type { AppEnv } from '#server/http/app-env.ts'

const READERS = Number(process.env.BENCH_FAN_OUT_READERS) || 2000
const CHANGES = Number(process.env.BENCH_FAN_OUT_CHANGES) || 20

/** The readers' process: answers `{ all: n }` once every reader has had the state of change n. */
function readers(port: number) {
  let want = 0
  let got = 0
  const seen = new Int32Array(READERS).fill(-1)
  for (let i = 0; i < READERS; i++) {
    const socket = connect(port, '127.0.0.1')
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1')
      const at = text.lastIndexOf('"n":')
      if (at < 0) return
      const n = Number.parseInt(text.slice(at + 4), 10)
      if (n !== want || seen[i] === n) return
      seen[i] = n
      if (++got === READERS) process.send?.({ all: n })
    })
    socket.write('GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n')
  }
  process.on('message', (message: { want: number }) => {
    want = message.want
    got = 0
    process.send?.({ ready: want })
  })
}

async function server() {
  const { default: pino } = await import('pino')
  const { Hono } = await import('hono')
  const { getRequestListener } = await import('@hono/node-server')
  const { createLiveHub } = await import('#server/live/live-hub.ts')
  const { eventStream } = await import('#server/live/live.routes.ts')
  type Deps = Parameters<typeof eventStream>[1]

  const logger = pino({ level: 'silent' })
  // The hub with no database: changes are delivered in this process alone.
  const hub = await createLiveHub(
    { driver: 'pglite' } as Parameters<typeof createLiveHub>[0],
    logger,
  )
  let version = 0
  hub.subscribe('event-1', () => version++)
  const filler = 'x'.repeat(3000)
  let state = { version: -1, json: '' }
  const cache = {
    state: async () => {
      if (state.version !== version)
        state = { version, json: JSON.stringify({ n: version, filler }) }
      return state.json
    },
  }
  const live = { hub, cache, heartbeatMs: 30_000 } as unknown as Deps
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('log', logger)
      await next()
    })
    .get('/live', (c) => eventStream(c, live, 'event-1'))
  const http = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 1024, resolve))
  const { port } = http.address() as AddressInfo
  const child = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, BENCH_FAN_OUT_PORT: String(port) },
  })
  const answers: ((message: { all?: number; ready?: number }) => void)[] = []
  child.on('message', (message: { all?: number; ready?: number }) => {
    for (const answer of answers) answer(message)
  })
  const answer = (key: 'all' | 'ready', n: number) =>
    new Promise<void>((resolve) => {
      const heard = (message: { all?: number; ready?: number }) => {
        if (message[key] !== n) return
        answers.splice(answers.indexOf(heard), 1)
        resolve()
      }
      answers.push(heard)
    })
  await answer('all', 0)
  const before = process.cpuUsage()
  const started = performance.now()
  for (let n = 1; n <= CHANGES; n++) {
    const ready = answer('ready', n)
    child.send({ want: n })
    await ready
    const done = answer('all', n)
    hub.changed('event-1')
    await done
  }
  const ms = (performance.now() - started) / CHANGES
  const cpu = process.cpuUsage(before)
  const per = (micros: number) => (micros / CHANGES / READERS).toFixed(1)
  console.log(
    `${READERS} readers, ${CHANGES} changes: ${ms.toFixed(0)} ms per change until every reader had it; the server's CPU ${per(cpu.user + cpu.system)} µs per reader per change (user ${per(cpu.user)}, system ${per(cpu.system)})`,
  )
  child.kill()
  hub.endStreams()
  http.closeAllConnections()
  http.close()
  await hub.close()
}

const readersOf = Number(process.env.BENCH_FAN_OUT_PORT)
if (readersOf) readers(readersOf)
else await server()
