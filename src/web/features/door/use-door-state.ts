import { useCallback, useEffect, useState } from 'react'
import { KLIKKSCREEN_POLL_MS } from '#shared/constants.ts'
import { doorLiveUrl, fetchDoor, type DoorState } from './api/door-api.ts'

/**
 * The door list, live: read once, then pushed by the server on every change (another phone's
 * check-in, a seat made); while the stream is down, read every 5 s. The last list stays on screen
 * when the network goes, so the door can go on searching it.
 */
export function useDoorState(eventId: string) {
  const [state, setState] = useState<DoorState | null>(null)
  /** A refusal from the server (no access, door closed, no such event); not a network failure. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const [live, setLive] = useState(false)

  const apply = useCallback((result: Awaited<ReturnType<typeof fetchDoor>>) => {
    if (result.ok) {
      setState(result.data)
      setRefusal(null)
    } else if (result.status !== 0 && result.status < 500) setRefusal(result.message)
  }, [])
  /** Reads the list again now (after an action this phone took). */
  const reload = useCallback(() => fetchDoor(eventId).then(apply), [eventId, apply])

  useEffect(() => {
    const read = () => void fetchDoor(eventId).then(apply)
    read()
    let poll: number | undefined
    const source = new EventSource(doorLiveUrl(eventId))
    source.addEventListener('hello', () => {
      window.clearInterval(poll)
      poll = undefined
      setLive(true)
    })
    source.addEventListener('state', (message: MessageEvent<string>) => {
      setState(JSON.parse(message.data) as DoorState)
      setRefusal(null)
    })
    source.addEventListener('error', () => {
      setLive(false)
      poll ??= window.setInterval(read, KLIKKSCREEN_POLL_MS)
    })
    return () => {
      window.clearInterval(poll)
      source.close()
    }
  }, [eventId, apply])

  return { state, refusal, live, reload }
}
