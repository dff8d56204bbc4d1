import { useEffect, useRef } from 'react'
import { KLIKKSCREEN_POLL_MS } from '#shared/constants.ts'

/**
 * Calls `onChange` whenever the server says something changed on `url` (an SSE stream of
 * "changed" messages); while the stream is down, every 5 s instead, so nothing is missed.
 */
export function useChanges(url: string, onChange: () => void) {
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  useEffect(() => {
    let poll: number | undefined
    const source = new EventSource(url)
    source.addEventListener('hello', () => {
      window.clearInterval(poll)
      poll = undefined
    })
    source.addEventListener('changed', () => latest.current())
    source.addEventListener('error', () => {
      poll ??= window.setInterval(() => latest.current(), KLIKKSCREEN_POLL_MS)
    })
    return () => {
      window.clearInterval(poll)
      source.close()
    }
  }, [url])
}
