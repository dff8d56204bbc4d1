import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/** How long a new screen may take to show its heading (its code and data loading). */
const WAIT_FOR_HEADING_MS = 5000

/**
 * After she follows a link to another screen, focus goes to that screen's heading, as a page
 * load would start her at the top: the link she used is gone, or sits in the header, and focus
 * would stay behind on it or fall to <body>. Not on the first screen, not when the new screen put
 * focus somewhere itself (a form's first field), and not when the screen stayed and only its
 * address changed (what she pressed is still there, focused).
 */
export function FocusOnNavigation() {
  const [path] = useLocation()
  const shown = useRef(path)
  useEffect(() => {
    if (shown.current === path) return
    shown.current = path
    const main = document.getElementById('main')
    if (!main) return
    const deadline = Date.now() + WAIT_FOR_HEADING_MS
    // The screen's heading, once it shows (the old screen's may linger, hidden, while the new one
    // loads).
    const visibleHeading = () =>
      [...main.querySelectorAll<HTMLElement>('h1')].find((h1) => h1.checkVisibility())
    // The link she followed, and the heading of the screen she left.
    const followed = document.activeElement
    const before = visibleHeading()
    let frame = 0
    const settle = () => {
      const active = document.activeElement
      // The new screen (or she) already chose where focus is.
      if (
        active &&
        active !== followed &&
        active !== document.body &&
        active !== main &&
        main.contains(active)
      )
        return
      const heading = visibleHeading()
      // What she pressed is gone and the new screen is still loading (its code, her data): the
      // content's region holds her place meanwhile, so focus never falls to <body>.
      if (!heading && (active === null || active === document.body)) main.focus()
      const stayed =
        active === followed &&
        followed instanceof HTMLElement &&
        main.contains(followed) &&
        followed.checkVisibility()
      // Still the same screen with what she pressed in hand (its address changed, say, when a
      // draft was saved the first time, or the next screen is loading): wait, then leave her be.
      if (heading && !(heading === before && stayed)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        heading.focus()
        if (document.activeElement === heading) return
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(settle)
    }
    frame = requestAnimationFrame(settle)
    return () => cancelAnimationFrame(frame)
  }, [path])
  return null
}
