import { useEffect, useState } from 'react'
import { connectLive, type LiveView } from './live-connection.ts'

export type { LiveView } from './live-connection.ts'

/** An event's live state for a screen: see connectLive. */
export function useLiveEvent(requestedId: string | null): { view: LiveView; live: boolean } {
  const [view, setView] = useState<LiveView>({ status: 'loading' })
  const [live, setLive] = useState(false)
  useEffect(() => connectLive(requestedId, { view: setView, live: setLive }), [requestedId])
  return { view, live }
}
