import { describe, expect, it } from 'vitest'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import type { LiveState } from '#shared/live-state.ts'
import { connectLive, type LiveTransport, type LiveView, type Read } from './live-connection.ts'

const state = (round: number, status: 'active' | 'inactive' = 'active'): LiveState => ({
  serverTime: 1_000_000 + round,
  event: {
    id: 'e1',
    eventName: 'Klikk',
    status,
    startTime: '2026-11-23T18:00:00.000Z',
    endedAt: null,
    placeName: 'Studio',
    translations: {},
    imageUrl: null,
  },
  round: {
    id: `r${round}`,
    roundNumber: round,
    started: true,
    finished: false,
    startedAt: '2026-11-23T18:05:00.000Z',
    durationMinutes: 20,
    question: null,
  },
  tables: [],
  closing: null,
})

/** A stand-in for the browser: the test plays the server's stream and the poll timer. */
function fakeBrowser(reads: Read[]) {
  const listeners = new Map<string, (message: MessageEvent<string>) => void>()
  const log: string[] = []
  let tick: (() => void) | null = null
  let pending: Promise<unknown> = Promise.resolve()
  const transport: LiveTransport = {
    read(eventId) {
      log.push(`read ${eventId ?? 'active'}`)
      const next = reads.shift() ?? { kind: 'error' }
      pending = Promise.resolve(next)
      return pending as Promise<Read>
    },
    open(eventId) {
      log.push(`open ${eventId}`)
      return {
        addEventListener: ((type: string, listener: (message: MessageEvent<string>) => void) =>
          listeners.set(type, listener)) as EventSource['addEventListener'],
        close: () => log.push('close'),
      }
    },
    every(_ms, callback) {
      log.push('poll on')
      tick = callback
      return () => {
        log.push('poll off')
        tick = null
      }
    },
    now: () => 1_000_000,
  }
  const send = (type: string, data: unknown = {}) =>
    listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>)
  return {
    transport,
    log,
    send,
    polling: () => tick !== null,
    async tick() {
      tick?.()
      await pending
      await Promise.resolve()
    },
    settle: async () => {
      await pending
      await Promise.resolve()
    },
  }
}

function screen() {
  let view: LiveView = { status: 'loading' }
  let live = false
  return {
    listener: {
      view: (update: (current: LiveView) => LiveView) => (view = update(view)),
      live: (value: boolean) => (live = value),
    },
    get view() {
      return view
    },
    get live() {
      return live
    },
    get round() {
      return view.status === 'ready' ? view.state.round?.roundNumber : undefined
    },
  }
}

describe('a live screen', () => {
  it('following the active event, keeps the closing of the one that ended until its time is up', async () => {
    const browser = fakeBrowser([
      { kind: 'state', state: state(2) },
      { kind: 'no-active' },
      { kind: 'no-active' },
    ])
    let clock = 1_000_000
    browser.transport.now = () => clock
    const seen = screen()
    connectLive(null, seen.listener, browser.transport)
    await browser.settle()
    browser.send('hello')
    // The host ends the evening: the closing arrives, and the screen looks for the next event.
    const over = state(2, 'inactive')
    browser.send('state', {
      ...over,
      event: { ...over.event, endedAt: new Date(clock).toISOString() },
      closing: { people: 8, rounds: 2, newAcquaintances: 12 },
    })
    expect(browser.log).toContain('close')
    expect(browser.polling()).toBe(true)
    expect(seen.view).toMatchObject({ status: 'ready', state: { closing: { people: 8 } } })
    // No event runs now: the closing stays (before, "No event is running" replaced it in 5 s).
    await browser.tick()
    expect(browser.log.at(-1)).toBe('read active')
    expect(seen.view).toMatchObject({ status: 'ready', state: { closing: { people: 8 } } })
    // Once its time is up, the screen says no event runs.
    clock += EVENING_CLOSING_MS
    await browser.tick()
    expect(seen.view).toEqual({ status: 'no-active-event' })
  })

  it('goes live, falls back to polling when the stream drops, and returns to live', async () => {
    const browser = fakeBrowser([
      { kind: 'state', state: state(1) },
      { kind: 'state', state: state(2) },
    ])
    const seen = screen()
    const stop = connectLive(null, seen.listener, browser.transport)
    await browser.settle()
    // The first read shows the active event and opens its stream.
    expect(seen.round).toBe(1)
    expect(browser.log).toEqual(['read active', 'open e1'])
    expect(browser.polling()).toBe(false)

    browser.send('hello')
    expect(seen.live).toBe(true)
    expect(browser.polling()).toBe(false)
    browser.send('state', state(1))

    // The stream drops: the badge says so and the screen polls every 5 s meanwhile.
    browser.send('error')
    expect(seen.live).toBe(false)
    expect(browser.polling()).toBe(true)
    await browser.tick()
    expect(seen.round).toBe(2)
    expect(browser.log.at(-1)).toBe('read e1')

    // The browser reconnects by itself: live again, polling stops, pushes arrive.
    browser.send('hello')
    expect(seen.live).toBe(true)
    expect(browser.polling()).toBe(false)
    browser.send('state', state(3))
    expect(seen.round).toBe(3)
    expect(seen.view).toMatchObject({ status: 'ready', offset: 3 })

    stop()
    expect(browser.log.at(-1)).toBe('close')
  })

  it('reads the server clock from the quickest delivery, so a slow one does not add a second to the countdown', async () => {
    const browser = fakeBrowser([{ kind: 'state', state: { ...state(1), serverTime: 1_000 } }])
    let clock = 1_100 // the first read took 100 ms on its way
    browser.transport.now = () => clock
    const seen = screen()
    connectLive('e1', seen.listener, browser.transport)
    await browser.settle()
    expect(seen.view).toMatchObject({ offset: -100 })

    // A push that came quicker: the server's clock is closer to ours than the first read said.
    clock = 5_010
    browser.send('state', { ...state(2), serverTime: 5_000 })
    expect(seen.view).toMatchObject({ offset: -10 })
    // One held up 400 ms on a slow network changes nothing: the server was already past its stamp.
    clock = 9_400
    browser.send('state', { ...state(3), serverTime: 9_000 })
    expect(seen.round).toBe(3)
    expect(seen.view).toMatchObject({ offset: -10 })

    // This device's clock was put forward an hour: the next stamp is believed again.
    clock = 3_610_020
    browser.send('state', { ...state(4), serverTime: 10_000 })
    expect(seen.view).toMatchObject({ offset: 10_000 - 3_610_020 })
  })

  it('keeps the last state when a poll fails, and ignores a message that is not a state', async () => {
    const browser = fakeBrowser([{ kind: 'state', state: state(1) }, { kind: 'error' }])
    const seen = screen()
    connectLive('e1', seen.listener, browser.transport)
    await browser.settle()
    browser.send('error')
    await browser.tick()
    expect(seen.view.status).toBe('ready')
    expect(seen.round).toBe(1)
    browser.send('state', { not: 'a state' })
    expect(seen.round).toBe(1)
  })

  it('following the active event, lets an ended one go and waits for the next', async () => {
    const browser = fakeBrowser([{ kind: 'state', state: state(1) }, { kind: 'no-active' }])
    const seen = screen()
    connectLive(null, seen.listener, browser.transport)
    await browser.settle()
    browser.send('hello')
    browser.send('state', state(1, 'inactive'))
    expect(browser.log).toContain('close')
    expect(seen.live).toBe(false)
    expect(browser.polling()).toBe(true)
    await browser.tick()
    expect(browser.log.at(-1)).toBe('read active')
    expect(seen.view).toEqual({ status: 'no-active-event' })
  })

  it('by a screen link: says so when the host revokes it, and stops asking', async () => {
    const browser = fakeBrowser([{ kind: 'state', state: state(1) }])
    const seen = screen()
    connectLive('key', seen.listener, browser.transport)
    await browser.settle()
    browser.send('hello')
    expect(seen.round).toBe(1)
    browser.send('gone', { code: 'screen_link_revoked' })
    expect(seen.view).toEqual({ status: 'gone', reason: 'revoked' })
    expect(browser.log.at(-1)).toBe('close')
    expect(browser.polling()).toBe(false)
  })

  it('by a screen link: keeps the closing it received when the evening ends', async () => {
    const browser = fakeBrowser([{ kind: 'state', state: state(2) }])
    const seen = screen()
    connectLive('key', seen.listener, browser.transport)
    await browser.settle()
    browser.send('hello')
    const over = state(2, 'inactive')
    browser.send('state', {
      ...over,
      event: { ...over.event, endedAt: new Date(1_000_000).toISOString() },
      closing: { people: 8, rounds: 2, newAcquaintances: 12 },
    })
    browser.send('gone', { code: 'screen_link_ended' })
    expect(seen.view).toMatchObject({ status: 'ready', state: { closing: { people: 8 } } })
    expect(browser.polling()).toBe(false)
  })

  it('by a screen link opened after the end: says the evening has ended', async () => {
    const browser = fakeBrowser([{ kind: 'gone', reason: 'ended' }])
    const seen = screen()
    connectLive('key', seen.listener, browser.transport)
    await browser.settle()
    expect(seen.view).toEqual({ status: 'gone', reason: 'ended' })
    expect(browser.polling()).toBe(false)
  })

  it('stops asking about an event that does not exist', async () => {
    const browser = fakeBrowser([{ kind: 'not-found' }])
    const seen = screen()
    connectLive('missing', seen.listener, browser.transport)
    await browser.settle()
    expect(seen.view).toEqual({ status: 'not-found' })
    expect(browser.polling()).toBe(false)
  })
})
