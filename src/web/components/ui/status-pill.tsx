import type { ReactNode } from 'react'

/**
 * A small rounded status label; `tone` gives its colours. `pulse`, for something going on right
 * now (a running event, a campaign going out), adds a softly pulsing dot in `dotTone`.
 */
export function StatusPill({
  tone,
  pulse = false,
  dotTone = 'bg-white',
  children,
}: {
  tone: string
  pulse?: boolean
  dotTone?: string
  children: ReactNode
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {pulse && (
        <span
          aria-hidden="true"
          className={`size-1.5 rounded-full motion-safe:animate-pulse ${dotTone}`}
        />
      )}
      {children}
    </span>
  )
}
