import { useCallback, useState } from 'react'
import { useFocusAfterSteps } from '#web/lib/use-focus-soon.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { refresh } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'

/**
 * How the event page's panels change things. `run` makes one change (admin-events-api.ts puts
 * its answer into the cache, or reads again what it changed) and keeps its error, if any, for the
 * place named `where` (a row, a form, a round), which shows it beside the control that caused
 * it; a refused change reads the event again, as the page may be behind the server (a row
 * removed meanwhile in another tab). `focusSoon` moves focus, once the new page is on screen, to
 * the first of these elements (by id) that is there: a button that had focus and went away
 * would otherwise leave it on <body>. Called as a change's answer comes, it leaves focus alone
 * if she went on to something else while she waited (useFocusAfterSteps).
 */
export interface EventActions {
  run: <T>(where: string, call: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>
  /** The failure of the last change made at `where`: the server's message, '' when it gave none. */
  errorAt: (where: string) => string | null
  /**
   * The failure of a change made at a place starting with `prefix` that is not among `places` any
   * more (her row went, removed meanwhile in another tab): for the panel to show instead.
   */
  errorGone: (prefix: string, places: readonly string[]) => string | null
  focusSoon: (...ids: string[]) => void
}

export function useEventActions(eventId: string): EventActions {
  const [failure, setFailure] = useState<{ where: string; message: string } | null>(null)

  // A focusSoon as a change's answer comes leaves focus where she put it while she waited.
  const { during, focusSoon } = useFocusAfterSteps()
  const run = useCallback(
    <T>(where: string, call: () => Promise<ApiResult<T>>) =>
      during(async () => {
        setFailure(null)
        const result = await call()
        if (!result.ok) {
          // With the fresh page, so it shows in its place at once (a row that went, at its panel).
          await refresh(eventKeys.detail(eventId))
          setFailure({ where, message: result.message })
        }
        return result
      }),
    [eventId, during],
  )

  const errorAt = (where: string) => (failure?.where === where ? failure.message : null)
  const errorGone = (prefix: string, places: readonly string[]) =>
    failure?.where.startsWith(prefix) && !places.includes(failure.where) ? failure.message : null
  return { run, errorAt, errorGone, focusSoon }
}
