import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { KLIKKSCREEN_POLL_MS } from '#shared/constants.ts'
import { forgetDoor } from '#web/lib/doors-on-device.ts'
import { queryClient } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { doorLiveUrl, doorQuery, type DoorState } from './api/door-api.ts'
import { installDoorWorker, keepDoorList, keptDoorList } from './kept-door-list.ts'

/** Answers that mean she may not work this door (any more): signed out, not a helper, no event. */
const LOST_ACCESS = new Set([401, 403, 404])

/**
 * The door list, live: read once, then pushed by the server on every change (another phone's
 * check-in, a seat made) into the same cache entry; while the stream is down, read every 5 s.
 * Each list the server sends is kept on the phone for this event (kept-door-list.ts), and shown
 * at once when the page opens again, so the door goes on searching it without the network,
 * across a reload or sleep. What the phone keeps goes when the evening ends or the server
 * refuses her the door; `onAccessLost` then tells the route.
 */
export function useDoorState(eventId: string, onAccessLost?: () => void) {
  const [kept] = useState(() => keptDoorList(eventId))
  // Read whatever the browser thinks of the network: a failed read leaves the kept list on screen.
  const door = useQuery({ ...doorQuery(eventId), networkMode: 'always' })
  const [live, setLive] = useState(false)

  /**
   * A refusal from the server (no access, door closed, no such event), not a network failure;
   * it stays until the server sends a list again (a poll's read in between does not hide it).
   */
  const [refusal, setRefusal] = useState<{ message: string; lost: boolean } | null>(null)
  const { error: failure, errorUpdatedAt, dataUpdatedAt } = door
  // What the cache already holds counts too (zeros: nothing seen yet).
  const [seen, setSeen] = useState({ error: 0, data: 0 })
  if (seen.error !== errorUpdatedAt || seen.data !== dataUpdatedAt) {
    setSeen({ error: errorUpdatedAt, data: dataUpdatedAt })
    if (seen.data !== dataUpdatedAt && dataUpdatedAt >= errorUpdatedAt) setRefusal(null)
    else if (failure && failure.status !== 0 && failure.status < 500)
      setRefusal({ message: failure.message, lost: LOST_ACCESS.has(failure.status) })
  }
  const lost = refusal?.lost ?? false
  const fromServer = lost ? null : (door.data ?? null)

  // Each list from the server stays on the phone, or goes with the evening.
  useEffect(() => {
    if (!fromServer) return
    if (fromServer.event.endedAt) void forgetDoor(eventId)
    else keepDoorList(eventId, fromServer)
  }, [eventId, fromServer])

  const latestLost = useRef(onAccessLost)
  useEffect(() => {
    latestLost.current = onAccessLost
  })
  useEffect(() => {
    if (lost) void forgetDoor(eventId).then(() => latestLost.current?.())
  }, [eventId, lost])

  // The first list from the server: from now on the door opens without the network.
  const installed = useRef(false)
  useEffect(() => {
    if (!fromServer || fromServer.event.endedAt || installed.current) return
    installed.current = true
    void installDoorWorker(eventId)
  }, [eventId, fromServer])

  useEffect(() => {
    const key = eventKeys.door(eventId)
    const read = () => void queryClient.refetchQueries({ queryKey: key })
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
        queryClient.setQueryData(key, JSON.parse(message.data) as DoorState)
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
  }, [eventId])

  return {
    /** The server's list, or else the one kept on this phone (null once she lost the door). */
    state: lost ? null : (fromServer ?? kept?.state ?? null),
    /** When the list on screen was saved on this phone; null once the server has sent one. */
    savedAt: fromServer || lost ? null : (kept?.savedAt ?? null),
    refusal: refusal?.message ?? null,
    live,
    /** Reads the list again now (after an action this phone took). */
    reload: () => queryClient.refetchQueries({ queryKey: eventKeys.door(eventId) }),
  }
}
