import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}

/**
 * False while a prerendered page is rendered at the build and while the browser hydrates it, true
 * from the render after (and at once on a screen the browser renders itself). What the build
 * cannot know (the address's query, whether scripts run) waits for it, so hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
