import { lazy, type ComponentType } from 'react'

/**
 * A lazy screen that can be loaded ahead of rendering. A prerendered page hydrates only once its
 * screen is loaded, so it renders at once instead of suspending: a boundary that suspends while
 * hydrating and then gets an update (the ?lang= clean-up) would be thrown away and drawn again.
 */
export function preloadableLazy<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  let loaded: ComponentType<P> | undefined
  const Lazy = lazy(load)
  function Screen(props: P) {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  Screen.preload = () =>
    load().then((module) => {
      loaded = module.default
    })
  return Screen
}
