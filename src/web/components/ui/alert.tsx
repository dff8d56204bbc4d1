import type { ReactNode } from 'react'

/** A form's outcome: errors are announced at once (role=alert), successes politely (role=status). */
export function Alert({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
}) {
  const styles = {
    error: 'bg-blush/70 text-rose-deep ring-rose/30',
    success: 'bg-sage/15 text-sage-deep ring-sage/40',
    info: 'bg-sand text-ink ring-ink/10',
  }[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-2xl px-4 py-3 text-sm font-medium ring-1 ${styles}`}
    >
      {children}
    </div>
  )
}
