import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { refresh, type ApiFailure } from './query-client.tsx'

const SEARCH_DELAY_MS = 250

/**
 * An admin list searched and paged on the server, read by query key: the search box's text is
 * sent once typing pauses (back to page 1), and `read` gives the query of one page (its key holds
 * the search, the page and the screen's other choices, so a change of any reads that page; the
 * page shown stays while the next one comes). `error` is the server's message, or '' when there
 * was none (the screen then shows its own text). `reload()` reads the list again: every page of
 * it, as `listKey` (the prefix of the pages' keys) says. It also keeps what the screen says after
 * an action (`notice`).
 */
export function usePagedList<
  List extends { matching: number; pageSize: number },
  Key extends QueryKey,
>(
  read: (query: { q: string; page: number }) => UseQueryOptions<List, ApiFailure, List, Key>,
  listKey: QueryKey,
) {
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim())
      setPage(1)
    }, SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  const pageQuery = useQuery({ ...read({ q: query, page }), placeholderData: keepPreviousData })
  const list = pageQuery.data ?? null

  return {
    search,
    setSearch,
    /** The search as last sent (trimmed). */
    query,
    page,
    setPage,
    list,
    error: pageQuery.error ? pageQuery.error.message : null,
    pages: list ? Math.max(1, Math.ceil(list.matching / list.pageSize)) : 1,
    reload: () => refresh(listKey),
    notice,
    setNotice,
  }
}
