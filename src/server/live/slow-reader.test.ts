import { createServer, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import pino from 'pino'
import { Hono } from 'hono'
import { getRequestListener } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppEnv } from '../http/app-env.ts'
import { sseReader } from '../test/sse.ts'
import { createLiveHub, type LiveHub } from './live-hub.ts'
import { eventStream, type LiveDeps } from './live.routes.ts'
import type { StateCache } from './event-state.ts'
import { createSseStream, encodeSse } from './sse-stream.ts'

/** A state of about 64 KB whose `n` says which change it is. */
const bigState = (n: number) => JSON.stringify({ n, filler: 'x'.repeat(64 * 1024) })

/**
 * An event stream served by a real node:http server, its state read from a counter (no
 * database): every `hub.changed('event-1')` makes a new 64 KB state. The server's responses are
 * kept, to read how many bytes Node holds for each socket.
 */
async function streamServer({ heartbeatMs }: { heartbeatMs?: number } = {}) {
  const hub = await createLiveHub(
    { driver: 'pglite' } as Parameters<typeof createLiveHub>[0],
    pino({ level: 'silent' }),
  )
  let version = 0
  hub.subscribe('event-1', () => version++)
  const cache = { state: async () => bigState(version) } as unknown as StateCache
  const live = { hub, cache, heartbeatMs } as unknown as LiveDeps
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('log', pino({ level: 'silent' }))
      await next()
    })
    .get('/live', (c) => eventStream(c, live, 'event-1'))
  const responses: ServerResponse[] = []
  const listener = getRequestListener(app.fetch)
  const server = createServer((req, res) => {
    responses.push(res)
    void listener(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    hub,
    port,
    responses,
    version: () => version,
    async close() {
      hub.endStreams()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await hub.close()
    },
  }
}

/** A raw socket asking for the stream, reading until `until` is in what came, then not at all. */
function stalledReader(port: number, until: string) {
  let text = ''
  const socket: Socket = connect(port, '127.0.0.1')
  let stopped = false
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('error', reject)
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      if (!stopped && text.includes(until)) {
        stopped = true
        socket.pause()
        resolve()
      }
    })
  })
  socket.write('GET /live HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n')
  return {
    socket,
    ready,
    /** Reads on from where it stopped, until `predicate` holds for all that came. */
    async readUntil(predicate: (text: string) => boolean, timeoutMs = 10_000) {
      socket.resume()
      const deadline = Date.now() + timeoutMs
      while (!predicate(text)) {
        if (Date.now() > deadline)
          throw new Error(`the newest state did not arrive: ${statesIn(text).join(', ')}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return text
    },
  }
}

const statesIn = (text: string) => [...text.matchAll(/"n":(\d+)/g)].map((match) => Number(match[1]))

let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

describe('a live stream whose reader does not read', () => {
  it('holds at most about one state for it, and gives it the newest state when it reads again', async () => {
    const server = await streamServer()
    stop = server.close
    const reader = stalledReader(server.port, '"n":0')
    await reader.ready
    // 400 changes of 64 KB: 25 MB, more than the kernel's buffers take for one socket.
    for (let i = 0; i < 400; i++) {
      server.hub.changed('event-1')
      await new Promise((resolve) => setImmediate(resolve))
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const [response] = server.responses
    // What Node holds for the socket, beyond what the kernel took: one state's bytes at most.
    expect(response?.writableLength ?? 0).toBeLessThanOrEqual(2 * bigState(0).length)
    const text = await reader.readUntil((all) => statesIn(all).includes(400))
    const states = statesIn(text)
    expect(states.at(-1)).toBe(400)
    // Only what the kernel had taken came before it, not every state in between.
    expect(states.length).toBeLessThan(400)
    reader.socket.destroy()
  })

  it('is cut after two heartbeats without reading while states wait, and counts as closed', async () => {
    const server = await streamServer({ heartbeatMs: 100 })
    stop = server.close
    const reader = stalledReader(server.port, '"n":0')
    await reader.ready
    for (let i = 0; i < 400; i++) {
      server.hub.changed('event-1')
      await new Promise((resolve) => setImmediate(resolve))
    }
    // The server drops its side of the connection (the socket's close reaches a reader only when
    // it reads again): nothing of it is left open there.
    const [response] = server.responses
    const deadline = Date.now() + 10_000
    while (!response?.socket?.destroyed || server.hub.openStreams().event > 0) {
      if (Date.now() > deadline) throw new Error('the stalled stream is still open')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(server.hub.openStreams().event).toBe(0)
    reader.socket.destroy()
  })
})

describe('a live stream whose reader leaves before its first message', () => {
  it('is no longer counted as open, and hears no more changes', async () => {
    const hub: LiveHub = await createLiveHub(
      { driver: 'pglite' } as Parameters<typeof createLiveHub>[0],
      pino({ level: 'silent' }),
    )
    let reads = 0
    const cache = {
      state: async () => {
        reads++
        return JSON.stringify({ reads })
      },
    } as unknown as StateCache
    const live = { hub, cache } as unknown as LiveDeps
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('log', pino({ level: 'silent' }))
        await next()
      })
      .get('/live', (c) => eventStream(c, live, 'event-1'))
    try {
      for (let i = 0; i < 10; i++) await (await app.request('/live')).body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(hub.openStreams().event).toBe(0)
      const readsBefore = reads
      hub.changed('event-1')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(reads).toBe(readsBefore)
      // A stream read normally still works beside them.
      const stream = sseReader(await app.request('/live'))
      expect(await stream.next('hello')).toEqual({})
      expect(await stream.next('state')).toHaveProperty('reads')
      await stream.close()
    } finally {
      hub.endStreams()
      await hub.close()
    }
  })
})

describe('the stream of messages', () => {
  it('keeps, for a reader not pulling, hello and the newest state only, in that order', async () => {
    const stream = createSseStream()
    stream.send(encodeSse('hello', '{}', 2000))
    for (let i = 0; i < 1000; i++) stream.sendLatest(encodeSse('state', bigState(i)))
    expect(stream.pendingBytes()).toBeLessThan(bigState(999).length + 200)
    stream.close()
    const text = await new Response(stream.body).text()
    expect(text.startsWith('event: hello\ndata: {}\nretry: 2000\n\n')).toBe(true)
    expect(statesIn(text)).toEqual([999])
  })
})
