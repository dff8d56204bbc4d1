import { useId, type InputHTMLAttributes } from 'react'

/**
 * A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby).
 * `className` adds to the input's look (a code field's letter spacing, say).
 */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        className={`h-12 rounded-xl border border-ink/15 bg-white px-4 text-base transition outline-none placeholder:text-ink-soft/60 focus:border-rose focus:ring-4 focus:ring-rose/15 aria-invalid:border-rose-deep ${className}`}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-deep">
          {error}
        </p>
      )}
    </div>
  )
}
