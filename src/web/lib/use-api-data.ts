import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ApiResult } from './call-api.ts'

/**
 * Data from one API read, read again when `key` changes or `reload()` is called. `error` is the
 * server's message, or '' when there was none (the screen then shows its own text).
 */
export function useApiData<T>(read: () => Promise<ApiResult<T>>, key: string) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const latest = useRef(read)
  // Layout effects run before effects: the read below always uses this render's function.
  useLayoutEffect(() => {
    latest.current = read
  })
  const waiting = useRef<(() => void)[]>([])

  useEffect(() => {
    let current = true
    void latest.current().then((result) => {
      if (!current) return
      if (result.ok) {
        setData(result.data)
        setError(null)
      } else setError(result.message)
      waiting.current.splice(0).forEach((done) => done())
    })
    return () => {
      current = false
    }
  }, [key, version])

  /** Reads again; resolves once the new data is in. */
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve)
        setVersion((n) => n + 1)
      }),
    [],
  )
  return { data, error, reload }
}
