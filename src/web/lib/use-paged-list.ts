import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ApiResult } from './call-api.ts'

const SEARCH_DELAY_MS = 250

/**
 * An admin list searched and paged on the server: the search box's text is sent once typing
 * pauses (back to page 1), a page is read when the search, the page, `filters` (the screen's
 * other choices, as one string) or `reload()` change. `error` is the server's message, or ''
 * when there was none, as in useApiData. It also keeps what the screen says after an action
 * (`notice`) and the row whose action waits for a confirmation (`confirming`).
 */
export function usePagedList<List extends { matching: number; pageSize: number }, Row>(
  read: (query: { q: string; page: number }) => Promise<ApiResult<List>>,
  filters = '',
) {
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const [list, setList] = useState<List | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [confirming, setConfirming] = useState<Row | null>(null)
  const latest = useRef(read)
  // Layout effects run before effects: the read below always uses this render's function.
  useLayoutEffect(() => {
    latest.current = read
  })

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim())
      setPage(1)
    }, SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  useEffect(() => {
    let current = true
    void latest.current({ q: query, page }).then((result) => {
      if (!current) return
      setError(result.ok ? null : result.message)
      if (result.ok) setList(result.data)
    })
    return () => {
      current = false
    }
  }, [query, page, filters, version])

  return {
    search,
    setSearch,
    /** The search as last sent (trimmed). */
    query,
    page,
    setPage,
    list,
    error,
    pages: list ? Math.max(1, Math.ceil(list.matching / list.pageSize)) : 1,
    reload: () => setVersion((n) => n + 1),
    notice,
    setNotice,
    confirming,
    setConfirming,
  }
}
