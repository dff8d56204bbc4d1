import type { ReactNode } from 'react'

/** The h2 of a landing-page section. */
export function SectionHeading({
  id,
  children,
  className = '',
}: {
  id: string
  children: ReactNode
  className?: string
}) {
  return (
    <h2
      id={id}
      className={`font-display text-3xl font-semibold tracking-tight sm:text-4xl ${className}`}
    >
      {children}
    </h2>
  )
}
