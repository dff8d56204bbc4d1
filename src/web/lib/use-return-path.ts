import { useSearch } from 'wouter'
import { RETURN_PATH_PARAM, safeReturnPath } from '#shared/return-path.ts'
import { useHydrated } from './use-hydrated.ts'

/**
 * The page to go back to after signing in (`?next=`), when it is one of ours. Null on a
 * prerendered page and while it hydrates: the page was rendered without the query, so it
 * hydrates without it and shows what depends on it right after.
 */
export function useReturnPath(): string | null {
  const search = useSearch()
  const hydrated = useHydrated()
  return hydrated ? safeReturnPath(new URLSearchParams(search).get(RETURN_PATH_PARAM)) : null
}
