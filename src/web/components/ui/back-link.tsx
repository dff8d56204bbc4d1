import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** The "← back" link at the top of a screen, to the screen it was opened from. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="text-sm font-semibold text-rose-deep underline-offset-4 hover:underline"
    >
      ← {children}
    </Link>
  )
}
