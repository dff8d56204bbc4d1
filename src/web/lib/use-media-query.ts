import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { useIsHydrating } from './use-hydrated.ts'

function subscribe(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/**
 * As useMediaQuery, but `null` on a prerendered page and while it hydrates, when the screen is not
 * known yet: the component then renders every variant and lets CSS show the right one, so nothing
 * moves when JavaScript takes over. The answer then comes as a transition (see useHydrated).
 */
export function useMediaQueryOnceKnown(query: string): boolean | null {
  const hydrating = useIsHydrating()
  const [matches, setMatches] = useState(() =>
    hydrating ? null : window.matchMedia(query).matches,
  )
  useEffect(() => {
    const list = window.matchMedia(query)
    const update = () => startTransition(() => setMatches(list.matches))
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [query])
  return matches
}

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)')
