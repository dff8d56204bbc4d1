import { useId, type ReactNode } from 'react'

/** One setting of the account page: a white card named by its heading, with an optional line. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-3xl bg-white p-6 ring-1 ring-ink/5 sm:p-8"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
      </div>
      {children}
    </section>
  )
}
