import { useEffect, useState } from 'react'
import { EVENT_CARD_REFRESH_MS } from '#shared/constants.ts'

/** The current time, refreshed every second (SPEC: event cards refresh every 1 s). */
export function useNow(intervalMs = EVENT_CARD_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
