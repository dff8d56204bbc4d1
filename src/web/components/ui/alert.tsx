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
    if (focus) box.current?.focus()
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
