import { lazy, type ComponentType } from 'react'

/**
 * A lazy screen that can be loaded ahead of rendering. A prerendered page hydrates only once its
 * screen is loaded, so it renders at once instead of suspending: a boundary that suspends while
 * hydrating and then gets an update (the ?lang= clean-up) would be thrown away and drawn again.
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined
  const Lazy = lazy(load)
  function Screen() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  Screen.preload = () =>
    load().then((module) => {
      loaded = module.default
    })
  return Screen
}
