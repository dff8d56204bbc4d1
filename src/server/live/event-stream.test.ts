import pino from 'pino'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../http/app-env.ts'
import { sseReader } from '../test/sse.ts'
import { createLiveHub } from './live-hub.ts'
import { eventStream, type LiveDeps } from './live.routes.ts'
import type { StateCache } from './event-state.ts'

describe('an event stream', () => {
  it('survives a state read that fails (database away) and sends the next one', async () => {
    // The embedded database's hub: in-process signals only, no channel.
    const hub = await createLiveHub(
      { driver: 'pglite' } as Parameters<typeof createLiveHub>[0],
      pino({ level: 'silent' }),
    )
    let reads = 0
    const cache = {
      state: async () => {
        reads++
        if (reads === 2) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
        return JSON.stringify({ read: reads })
      },
    } as unknown as StateCache
    const live = { hub, cache } as unknown as LiveDeps
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('log', pino({ level: 'silent' }))
        await next()
      })
      .get('/live', (c) => eventStream(c, live, 'event-1'))
    const stream = sseReader(await app.request('/live'))
    try {
      expect(await stream.next('state')).toMatchObject({ read: 1 })
      hub.changed('event-1') // this read fails
      hub.changed('event-1')
      expect(await stream.next('state')).toMatchObject({ read: 3 })
    } finally {
      await stream.close()
      hub.endStreams()
      await hub.close()
    }
  })
})
