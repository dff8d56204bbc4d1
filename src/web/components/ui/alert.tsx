import { useEffect, useRef, type ReactNode } from 'react'
import { ErrorIcon } from './error-icon.tsx'

/**
 * A form's outcome: errors are announced at once (role=alert), successes politely (role=status).
 * An error is marked by its icon and red, not by colour alone. With `focus`, the message takes
 * focus when it appears (or its text changes): the answer to what she just did, where she is.
 */
export function Alert({
  tone,
  focus = false,
  children,
}: {
  tone: 'error' | 'success' | 'info'
  focus?: boolean
  children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const text = typeof children === 'string' ? children : null
  useEffect(() => {
    const element = box.current
    if (!focus || !element) return
    // At once, not with the page's smooth scroll: on a slow phone that scroll can still be under
    // way when the layout around the message settles (a button's pending label, a line that
    // goes), and end with the answer out of sight. Once the frame is drawn, look again.
    element.focus({ preventScroll: true })
    const keepInSight = () => {
      // Only while the answer has focus: once focus has gone on, what has it is what counts.
      if (document.activeElement !== element) return
      const rect = element.getBoundingClientRect()
      if (rect.top < 0 || rect.bottom > window.innerHeight)
        element.scrollIntoView({ block: 'nearest', behavior: 'instant' })
    }
    keepInSight()
    const frame = requestAnimationFrame(keepInSight)
    // What else the change shows may still grow the page above the answer a moment later, and a
    // smooth scroll begun before (the page's, to the button she pressed) goes on after the jump and
    // ends elsewhere: for two seconds, until she scrolls or types herself, the answer is kept in
    // sight whenever the page grows or a scroll ends.
    const growth = new ResizeObserver(keepInSight)
    growth.observe(document.body)
    window.addEventListener('scrollend', keepInSight)
    const stop = () => {
      growth.disconnect()
      window.removeEventListener('scrollend', keepInSight)
      clearTimeout(timer)
      for (const event of ['wheel', 'touchstart', 'keydown'])
        window.removeEventListener(event, stop, true)
    }
    const timer = setTimeout(stop, 2_000)
    for (const event of ['wheel', 'touchstart', 'keydown'])
      window.addEventListener(event, stop, { capture: true, passive: true })
    return () => {
      cancelAnimationFrame(frame)
      stop()
    }
  }, [focus, text])
  const styles = {
    error: 'bg-danger/5 text-danger ring-danger/50',
    success: 'bg-sage/15 text-sage-deep ring-sage/40',
    info: 'bg-sand text-ink ring-ink/10',
  }[tone]
  return (
    <div
      ref={box}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focus ? -1 : undefined}
      className={`flex items-start gap-2 rounded-2xl px-4 py-3 text-sm font-medium ring-1 ${styles}`}
    >
      {tone === 'error' && <ErrorIcon className="mt-0.5 size-4" />}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
