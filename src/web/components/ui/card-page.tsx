import { useEffect, useRef, type ReactNode } from 'react'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'

/**
 * The calm, centred card every account screen sits in. When the card turns into another step
 * (its title changes: "check your inbox" after signing up), focus goes to the new title: the
 * button she pressed is gone with the old step.
 */
export function CardPage({
  title,
  intro,
  children,
}: {
  title: string
  intro?: string
  children: ReactNode
}) {
  useDocumentTitle(`${title} – Lendület`)
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = useRef(title)
  useEffect(() => {
    if (shown.current === title) return
    shown.current = title
    heading.current?.focus()
  }, [title])
  return (
    <div className="px-5 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-[2rem] bg-white p-7 shadow-sm ring-1 ring-ink/5 sm:p-10">
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-3xl font-semibold tracking-tight"
        >
          {title}
        </h1>
        {intro && <p className="mt-3 text-ink-soft">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  )
}
