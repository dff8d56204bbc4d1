import { useEffect, useState } from 'react'
import { KLIKKSCREEN_POLL_MS } from '../../../shared/constants.ts'
import { eventStateSchema, liveStateSchema, type LiveState } from '../../../shared/live-state.ts'
import { api, apiPath } from '../../lib/api-client.ts'

export type LiveView =
  | { status: 'loading' }
  | { status: 'no-active-event' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; state: LiveState; /** server clock − this clock, in ms */ offset: number }

type Read = { kind: 'state'; state: LiveState } | { kind: 'no-active' | 'not-found' | 'error' }

async function readState(eventId: string | null): Promise<Read> {
  try {
    const response = await api.klikkscreen.$get({ query: eventId ? { eventId } : {} })
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
    if (status === 404) return { kind: 'not-found' }
    return { kind: 'error' }
  } catch {
    return { kind: 'error' }
  }
}

/**
 * An event's live state: pushed by the server (SSE) the moment it changes. While the stream is
 * down the screen polls every 5 s (SPEC) and returns to the stream as soon as it reconnects.
 * Without an id it follows the single active event, and waits (polling) while there is none.
 */
export function useLiveEvent(requestedId: string | null): { view: LiveView; live: boolean } {
  const [view, setView] = useState<LiveView>({ status: 'loading' })
  const [live, setLive] = useState(false)

  useEffect(() => {
    let stopped = false
    let source: EventSource | null = null
    let poll: number | undefined
    let followingId: string | null = requestedId

    const show = (state: LiveState) => {
      setView({ status: 'ready', state, offset: state.serverTime - Date.now() })
      // Following the active event: when it ends, look for the next one.
      if (!requestedId && state.event.status !== 'active') {
        source?.close()
        source = null
        followingId = null
        setLive(false)
        startPolling()
      }
    }

    const apply = (read: Read) => {
      if (stopped) return
      if (read.kind === 'state') {
        show(read.state)
        if (!source && (requestedId || read.state.event.status === 'active'))
          connect(read.state.event.id)
      } else if (read.kind === 'no-active') setView({ status: 'no-active-event' })
      else if (read.kind === 'not-found') {
        setView({ status: 'not-found' })
        stopPolling()
      } else setView((current) => (current.status === 'ready' ? current : { status: 'error' }))
    }

    function startPolling() {
      if (poll !== undefined) return
      poll = window.setInterval(() => void readState(followingId).then(apply), KLIKKSCREEN_POLL_MS)
    }
    function stopPolling() {
      window.clearInterval(poll)
      poll = undefined
    }

    function connect(eventId: string) {
      followingId = eventId
      source = new EventSource(apiPath(api.events[':id'].live.$path({ param: { id: eventId } })))
      source.addEventListener('hello', () => {
        setLive(true)
        stopPolling()
      })
      source.addEventListener('state', (message) => {
        const state = liveStateSchema.safeParse(JSON.parse((message as MessageEvent<string>).data))
        if (state.success) show(state.data)
      })
      // The browser reconnects by itself; until it has, polling keeps the screen current.
      source.addEventListener('error', () => {
        setLive(false)
        startPolling()
      })
    }

    void readState(requestedId).then((read) => {
      apply(read)
      if (read.kind !== 'not-found' && !source) startPolling()
    })
    return () => {
      stopped = true
      stopPolling()
      source?.close()
    }
  }, [requestedId])

  return { view, live }
}
