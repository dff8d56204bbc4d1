import { KLIKKSCREEN_POLL_MS } from '#shared/constants.ts'
import {
  closingShown,
  eventStateSchema,
  liveStateSchema,
  type LiveState,
} from '#shared/live-state.ts'
import { api, apiPath } from '#web/lib/api-client.ts'

/** A stamp this much behind the best estimate is taken as this device's clock having moved. */
const CLOCK_MOVED_MS = 2_000

export type LiveView =
  | { status: 'loading' }
  | { status: 'no-active-event' }
  | { status: 'not-found' }
  | { status: 'error' }
  /** A screen link that stopped working: the host revoked it, or the evening ended. */
  | { status: 'gone'; reason: GoneReason }
  | { status: 'ready'; state: LiveState; /** server clock − this clock, in ms */ offset: number }

export type GoneReason = 'revoked' | 'ended'

export type Read =
  | { kind: 'state'; state: LiveState }
  | { kind: 'no-active' | 'not-found' | 'error' }
  | { kind: 'gone'; reason: GoneReason }

/** The browser's side of the connection, replaceable in tests. */
export interface LiveTransport {
  /** One polling read (GET /api/klikkscreen): the active event's state without an id. */
  read(eventId: string | null): Promise<Read>
  /** An event's SSE stream. */
  open(eventId: string): Pick<EventSource, 'addEventListener' | 'close'>
  every(ms: number, tick: () => void): () => void
  now(): number
}

export interface LiveListener {
  view(update: (current: LiveView) => LiveView): void
  live(live: boolean): void
}

/**
 * An event's live state: pushed by the server (SSE) the moment it changes. While the stream is
 * down the screen polls every 5 s (SPEC) and returns to the stream as soon as it reconnects.
 * Without an id it follows the single active event, and waits (polling) while there is none.
 * Returns the function that ends it all.
 */
export function connectLive(
  requestedId: string | null,
  listener: LiveListener,
  transport: LiveTransport = browserTransport,
): () => void {
  let stopped = false
  let source: ReturnType<LiveTransport['open']> | null = null
  let stopPoll: (() => void) | null = null
  let followingId: string | null = requestedId
  // Following the active event: the one it showed when that ended, kept for its closing.
  let closing: LiveState | null = null

  // A stamp is the server's clock when it wrote the state, so at its arrival the server's clock is
  // at least that far along: each stamp gives a lower bound of the offset, short by the delivery
  // time. The largest bound seen is the closest; one far below it means this clock was moved.
  let offset: number | null = null
  const show = (state: LiveState) => {
    const bound = state.serverTime - transport.now()
    offset = offset === null || bound > offset || bound < offset - CLOCK_MOVED_MS ? bound : offset
    const current = offset
    listener.view(() => ({ status: 'ready', state, offset: current }))
    // Following the active event: when it ends, its closing stays while the screen looks for the
    // next one (decision 63).
    closing = null
    if (!requestedId && state.event.status !== 'active') {
      source?.close()
      source = null
      followingId = null
      listener.live(false)
      if (closingShown(state, transport.now() + current)) closing = state
      startPolling()
    }
  }

  const apply = (read: Read) => {
    if (stopped) return
    if (read.kind === 'state') {
      show(read.state)
      if (!source && (requestedId || read.state.event.status === 'active'))
        connect(read.state.event.id)
    } else if (read.kind === 'no-active') {
      if (closing && closingShown(closing, transport.now() + (offset ?? 0))) return
      closing = null
      listener.view(() => ({ status: 'no-active-event' }))
    } else if (read.kind === 'gone') {
      // A screen link stopped: a screen showing the evening's closing keeps it (decision 0066).
      source?.close()
      source = null
      stopPolling()
      listener.live(false)
      listener.view((current) =>
        current.status === 'ready' && closingShown(current.state, transport.now() + current.offset)
          ? current
          : { status: 'gone', reason: read.reason },
      )
    } else if (read.kind === 'not-found') {
      listener.view(() => ({ status: 'not-found' }))
      stopPolling()
    } else listener.view((current) => (current.status === 'ready' ? current : { status: 'error' }))
  }

  function startPolling() {
    stopPoll ??= transport.every(KLIKKSCREEN_POLL_MS, () => {
      void transport.read(followingId).then(apply)
    })
  }
  function stopPolling() {
    stopPoll?.()
    stopPoll = null
  }

  function connect(eventId: string) {
    followingId = eventId
    source = transport.open(eventId)
    source.addEventListener('hello', () => {
      listener.live(true)
      stopPolling()
    })
    source.addEventListener('state', (message) => {
      const state = liveStateSchema.safeParse(JSON.parse((message as MessageEvent<string>).data))
      if (state.success) show(state.data)
    })
    // A screen link's stream says when the link stops, and why.
    source.addEventListener('gone', (message) => {
      const { code } = JSON.parse((message as MessageEvent<string>).data) as { code?: string }
      apply({ kind: 'gone', reason: code === 'screen_link_ended' ? 'ended' : 'revoked' })
    })
    // The browser reconnects by itself; until it has, polling keeps the screen current.
    source.addEventListener('error', () => {
      listener.live(false)
      startPolling()
    })
  }

  void transport.read(requestedId).then((read) => {
    apply(read)
    if (!stopped && read.kind !== 'not-found' && read.kind !== 'gone' && !source) startPolling()
  })
  return () => {
    stopped = true
    stopPolling()
    source?.close()
  }
}

async function readState(eventId: string | null): Promise<Read> {
  try {
    return await readAnswer(await api.klikkscreen.$get({ query: eventId ? { eventId } : {} }))
  } catch {
    return { kind: 'error' }
  }
}

/** A state answer (GET /api/klikkscreen, or a screen link's GET /api/screen/:key) as a Read. */
async function readAnswer(response: Response): Promise<Read> {
  if (response.ok) {
    const state = eventStateSchema.safeParse(await response.json())
    if (!state.success) return { kind: 'error' }
    const serverTime = Number(response.headers.get('x-server-time')) || Date.now()
    return { kind: 'state', state: { ...state.data, serverTime } }
  }
  // Errors are thrown on the server, so the typed client knows only the 200 answer.
  const status: number = response.status
  const body = (await response.json().catch(() => null)) as { code?: string } | null
  if (body?.code === 'no_active_event') return { kind: 'no-active' }
  if (body?.code === 'screen_link_revoked') return { kind: 'gone', reason: 'revoked' }
  if (body?.code === 'screen_link_ended') return { kind: 'gone', reason: 'ended' }
  if (status === 404) return { kind: 'not-found' }
  return { kind: 'error' }
}

const browserTransport: LiveTransport = {
  read: readState,
  open: (eventId) =>
    new EventSource(apiPath(api.events[':id'].live.$path({ param: { id: eventId } }))),
  every(ms, tick) {
    const timer = window.setInterval(tick, ms)
    return () => window.clearInterval(timer)
  },
  now: () => Date.now(),
}

/** The big screen by a screen link's key (decision 0066): its own reads and stream, no account. */
export function screenLinkTransport(key: string): LiveTransport {
  const screen = api.screen[':key']
  return {
    ...browserTransport,
    async read() {
      try {
        return await readAnswer(await screen.$get({ param: { key } }))
      } catch {
        return { kind: 'error' }
      }
    },
    open: () => new EventSource(apiPath(screen.live.$path({ param: { key } }))),
  }
}
