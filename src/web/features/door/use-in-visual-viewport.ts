import { useEffect, type RefObject } from 'react'

/** Room kept between the element and the keyboard (or the screen's edge), in CSS px. */
const MARGIN = 12

/**
 * Keeps `ref`'s element inside the visual viewport, the part of the page the phone shows above
 * its on-screen keyboard, whenever `key` changes (a new answer) and while the keyboard opens or
 * closes. The layout viewport does not shrink for the keyboard on every phone, so the element can
 * sit under it while the page thinks it is in view; scrolling by what the visual viewport reports
 * brings it up. Its top is never scrolled out of sight to show its bottom.
 */
export function useInVisualViewport(ref: RefObject<HTMLElement | null>, key: unknown) {
  useEffect(() => {
    const viewport = window.visualViewport
    const element = ref.current
    if (!viewport || !element || key === null) return
    const fit = () => {
      const box = element.getBoundingClientRect()
      if (box.height === 0) return
      const top = viewport.offsetTop
      const bottom = viewport.offsetTop + viewport.height
      if (box.bottom > bottom - MARGIN) {
        const by = Math.min(box.bottom - bottom + MARGIN, Math.max(0, box.top - top - MARGIN))
        if (by > 0) window.scrollBy({ top: by, behavior: 'instant' })
      } else if (box.top < top + MARGIN) {
        window.scrollBy({ top: box.top - top - MARGIN, behavior: 'instant' })
      }
    }
    fit()
    // Once the answer's frame is drawn (its height is known), and when the keyboard moves.
    const frame = requestAnimationFrame(fit)
    viewport.addEventListener('resize', fit)
    return () => {
      cancelAnimationFrame(frame)
      viewport.removeEventListener('resize', fit)
    }
  }, [ref, key])
}
