import { useEffect, useState } from 'react'
import { EVENT_CARD_REFRESH_MS } from '#shared/constants.ts'
import { nextTickIn } from '#shared/countdown.ts'

/** The current time, refreshed every second (SPEC: event cards refresh every 1 s). */
export function useNow(intervalMs = EVENT_CARD_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}

/**
 * The server's time (this clock + `offset`), refreshed at the moments a countdown to `end` turns
 * a second (nextTickIn), so the big screen and every phone show the same second; every second
 * without an end. A hair after the moment, as a timer may fire on it to the millisecond.
 */
export function useCountdownNow(offset: number, end: number | null): number {
  const [now, setNow] = useState(() => Date.now() + offset)
  useEffect(() => {
    let timer: number | undefined
    const tick = () => {
      const current = Date.now() + offset
      setNow(current)
      timer = window.setTimeout(tick, nextTickIn(end === null ? 0 : end - current) + 2)
    }
    tick()
    return () => window.clearTimeout(timer)
  }, [offset, end])
  return now
}
