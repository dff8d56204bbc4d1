import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}
const noSnapshot = () => 0
let askedForServerSnapshot = false
const serverSnapshot = () => {
  askedForServerSnapshot = true
  return 0
}

/**
 * Whether this render is the server's (at the build) or the browser's hydration of it. React asks
 * useSyncExternalStore's getServerSnapshot exactly then; both snapshots are equal here, so unlike
 * a store whose two snapshots differ, nothing forces a render of its own afterwards.
 */
export function useIsHydrating(): boolean {
  // Reset and read within this one call, during render: no other render can run in between.
  // eslint-disable-next-line react-hooks/globals
  askedForServerSnapshot = false
  useSyncExternalStore(subscribeToNothing, noSnapshot, serverSnapshot)
  return askedForServerSnapshot
}

/**
 * False while a prerendered page is rendered at the build and while the browser hydrates it, true
 * from the render after (and at once on a screen the browser renders itself). What the build
 * cannot know (the address's query, whether scripts run) waits for it, so hydration matches.
 *
 * The render after hydration is a transition: a slow phone draws it in slices between taps, not
 * in one long task, as a store whose server snapshot differs would force (decision 45).
 */
export function useHydrated(): boolean {
  const hydrating = useIsHydrating()
  const [hydrated, setHydrated] = useState(!hydrating)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}
