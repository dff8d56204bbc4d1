import { useEffect, useState } from 'react'
import { connectLive, type LiveTransport, type LiveView } from './live-connection.ts'

export type { LiveView } from './live-connection.ts'

/**
 * An event's live state for a screen: see connectLive. `transport`: another way to the state (a
 * screen link's); give a stable one, as a new one reconnects.
 */
export function useLiveEvent(
  requestedId: string | null,
  transport?: LiveTransport,
): { view: LiveView; live: boolean } {
  const [view, setView] = useState<LiveView>({ status: 'loading' })
  const [live, setLive] = useState(false)
  useEffect(
    () => connectLive(requestedId, { view: setView, live: setLive }, transport),
    [requestedId, transport],
  )
  return { view, live }
}
