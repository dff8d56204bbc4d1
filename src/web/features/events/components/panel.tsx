import type { ReactNode } from 'react'

/** A titled section of the event page. */
export function Panel({
  id,
  title,
  intro,
  aside,
  children,
}: {
  id: string
  title: string
  intro?: string
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-ink/5 sm:p-7"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {/* Focus lands here when the control that had it goes (a removed row, say). */}
          <h2 id={id} tabIndex={-1} className="font-display text-2xl font-semibold">
            {title}
          </h2>
          {intro && <p className="mt-1 max-w-2xl text-sm text-ink-soft">{intro}</p>}
        </div>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  )
}
