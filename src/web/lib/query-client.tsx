import {
  QueryClient,
  QueryClientProvider,
  queryOptions,
  type DataTag,
  type InferDataFromTag,
  type QueryKey,
} from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode } from 'react'
import type { ApiErrorBody } from '#shared/api-error.ts'
import type { ApiResult } from './call-api.ts'
import { useChanges } from './use-changes.ts'

/**
 * A read the server refused, or that did not reach it: `message` is the server's, already in
 * the user's language, or '' when there was none (the network failed; `status` 0), so the
 * screen shows its own text.
 */
export class ApiFailure extends Error implements ApiErrorBody {
  readonly status: number
  readonly code: string
  readonly fields: ApiErrorBody['fields']
  constructor(failure: Extract<ApiResult<unknown>, { ok: false }>) {
    super(failure.message)
    this.status = failure.status
    this.code = failure.code
    this.fields = failure.fields
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiFailure
  }
}

/**
 * The web's one cache of server data, by query key (query-keys.ts; decision 80). It is not in
 * the landing page's first load: only the screens that read server data bring it, through
 * `ServerData` below.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal is an answer (not found, no access): shown at once, as before, not retried.
      retry: false,
      // Screens that change while open follow the server's live streams; a tab coming back to the
      // front reads what it shows again when it mounts, not on every focus.
      refetchOnWindowFocus: false,
    },
  },
})

/** The screens that read server data are inside this: admin, account, events, door, screens. */
export function ServerData({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** The data type a key from query-keys.ts was tagged with. */
export type DataOf<Key extends QueryKey> = InferDataFromTag<never, Key>

/**
 * A read by its key: `read` is a typed-client call (callApi), whose answer must be the type the
 * key is tagged with; a refusal becomes an ApiFailure.
 */
export function apiQuery<Key extends DataTag<QueryKey, unknown, ApiFailure>>(
  queryKey: Key,
  read: () => Promise<ApiResult<DataOf<Key>>>,
) {
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<DataOf<Key>> => {
      const result = await read()
      if (!result.ok) throw new ApiFailure(result)
      return result.data
    },
  })
}

/**
 * A change: once the server has answered yes, `settle` puts its answer into the cache, or marks
 * what it changed as stale; the change resolves when that is done (so the button that made it
 * stays busy until the screen shows the new state).
 */
export async function changed<T>(
  change: Promise<ApiResult<T>>,
  settle: (answer: T) => unknown,
): Promise<ApiResult<T>> {
  const result = await change
  if (result.ok) await settle(result.data)
  return result
}

/** Marks these as stale (read again now, if on screen); resolves once they are fresh. */
export const refresh = (...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))

/**
 * Reads `keys` again whenever the server says something changed on `url` (useChanges). A ping
 * never cancels a read under way (a busy evening pings for every event's changes, faster than
 * a slow read comes back): pings during a read make one more read after it.
 */
export function useRefreshOnChanges(url: string, keys: () => QueryKey[]) {
  const state = useRef({ running: false, again: false, keys })
  useEffect(() => {
    state.current.keys = keys
  })
  useChanges(url, () => {
    const current = state.current
    const read = () => {
      if (current.running) {
        current.again = true
        return
      }
      current.running = true
      void Promise.all(
        current
          .keys()
          .map((queryKey) => queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false })),
      ).finally(() => {
        current.running = false
        if (current.again) {
          current.again = false
          read()
        }
      })
    }
    read()
  })
}
