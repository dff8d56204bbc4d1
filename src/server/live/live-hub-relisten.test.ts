import { describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/client.ts'
import { createLogger } from '../logger.ts'
import { ANY, createLiveHub } from './live-hub.ts'

describe('the live hub after a lost LISTEN connection', () => {
  it('tells every listener to read again once LISTEN is renewed and the database answers', async () => {
    let renewed = () => {}
    let reachable = false
    const database = {
      ping: vi.fn(async () =>
        reachable ? { ok: true as const, latencyMs: 1 } : { ok: false as const, error: 'down' },
      ),
      channels: {
        async listen(
          _channel: string,
          _onMessage: (payload: string) => void,
          onListen?: () => void,
        ) {
          renewed = () => onListen?.()
          onListen?.()
          return async () => {}
        },
        notify: async () => {},
      },
    } as unknown as Database
    const hub = await createLiveHub(database, createLogger('silent'))
    const screen = vi.fn()
    const cache = vi.fn()
    hub.subscribe('event-1', screen)
    hub.subscribe(ANY, cache)
    expect(database.ping).not.toHaveBeenCalled()

    // LISTEN is back a moment before queries are: the hub waits for the database to answer.
    renewed()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen).not.toHaveBeenCalled()
    reachable = true
    await vi.waitFor(() => expect(screen).toHaveBeenCalledTimes(1), { timeout: 2_000 })
    expect(cache).toHaveBeenCalledTimes(1)
    await hub.close()
  })
})
