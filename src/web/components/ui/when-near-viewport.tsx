import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Renders its children (typically a lazy component) only once this spot comes near the screen,
 * so code below the fold is not part of the first load. The placeholder keeps the height, so the
 * page does not jump when the content arrives.
 */
export function WhenNearViewport({
  children,
  minHeight,
  margin = '600px',
}: {
  children: ReactNode
  minHeight: string
  margin?: string
}) {
  const spot = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = spot.current
    if (!element || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])
  // data-js-only: without JavaScript nothing would ever fill it (prerendered pages hide it then).
  const placeholder = <div ref={spot} style={{ minHeight }} aria-hidden="true" data-js-only="" />
  return near ? (
    <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>
  ) : (
    placeholder
  )
}
