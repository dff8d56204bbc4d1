import { useCallback, useEffect, useState } from 'react'
import { KLIKKSCREEN_POLL_MS } from '#shared/constants.ts'
import { forgetDoor } from '#web/lib/doors-on-device.ts'
import { doorLiveUrl, fetchDoor, type DoorState } from './api/door-api.ts'
import { installDoorWorker, keepDoorList, keptDoorList } from './kept-door-list.ts'

/** Answers that mean she may not work this door (any more): signed out, not a helper, no event. */
const LOST_ACCESS = new Set([401, 403, 404])

/**
 * The door list, live: read once, then pushed by the server on every change (another phone's
 * check-in, a seat made); while the stream is down, read every 5 s. Each list the server sends is
 * kept on the phone for this event (kept-door-list.ts), and shown at once when the page opens
 * again, so the door goes on searching it without the network, across a reload or sleep. What the
 * phone keeps goes when the evening ends or the server refuses her the door; `onAccessLost` then
 * tells the route.
 */
export function useDoorState(eventId: string, onAccessLost?: () => void) {
  const [kept] = useState(() => keptDoorList(eventId))
  const [state, setState] = useState<DoorState | null>(kept?.state ?? null)
  /** When the list on screen was saved on this phone; null once the server has sent one. */
  const [savedAt, setSavedAt] = useState<number | null>(kept?.savedAt ?? null)
  /** A refusal from the server (no access, door closed, no such event); not a network failure. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const [live, setLive] = useState(false)

  const receive = useCallback(
    (next: DoorState) => {
      setState(next)
      setSavedAt(null)
      setRefusal(null)
      // The evening is over: its list does not stay on the phone.
      if (next.event.endedAt) void forgetDoor(eventId)
      else keepDoorList(eventId, next)
    },
    [eventId],
  )
  const apply = useCallback(
    (result: Awaited<ReturnType<typeof fetchDoor>>) => {
      if (result.ok) receive(result.data)
      else if (result.status !== 0 && result.status < 500) {
        setRefusal(result.message)
        if (LOST_ACCESS.has(result.status)) {
          setState(null)
          void forgetDoor(eventId).then(onAccessLost)
        }
      }
    },
    [eventId, receive, onAccessLost],
  )
  /** Reads the list again now (after an action this phone took). */
  const reload = useCallback(() => fetchDoor(eventId).then(apply), [eventId, apply])

  useEffect(() => {
    let installed = false
    const read = () =>
      void fetchDoor(eventId).then((result) => {
        apply(result)
        // The first list from the server: from now on the door opens without the network.
        if (result.ok && !result.data.event.endedAt && !installed) {
          installed = true
          void installDoorWorker(eventId)
        }
      })
    read()
    let poll: number | undefined
    let source: EventSource | null = null
    const connect = () => {
      source?.close()
      source = new EventSource(doorLiveUrl(eventId))
      source.addEventListener('hello', () => {
        window.clearInterval(poll)
        poll = undefined
        setLive(true)
      })
      source.addEventListener('state', (message: MessageEvent<string>) => {
        receive(JSON.parse(message.data) as DoorState)
      })
      source.addEventListener('error', () => {
        setLive(false)
        poll ??= window.setInterval(read, KLIKKSCREEN_POLL_MS)
      })
    }
    connect()
    // The network is back, or the phone woke up: the list at once, and the stream again if the
    // browser gave it up while there was no network.
    const resume = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return
      read()
      if (source?.readyState === EventSource.CLOSED) connect()
    }
    window.addEventListener('online', resume)
    document.addEventListener('visibilitychange', resume)
    return () => {
      window.removeEventListener('online', resume)
      document.removeEventListener('visibilitychange', resume)
      window.clearInterval(poll)
      source?.close()
    }
  }, [eventId, apply, receive])

  return { state, savedAt, refusal, live, reload }
}
