import { useId, type TextareaHTMLAttributes } from 'react'

/** A labelled textarea, its hint and error tied to it, looking as TextField does. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: { label: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
        className={`rounded-xl border border-ink/15 bg-white px-4 py-3 text-base leading-relaxed transition outline-none placeholder:text-ink-soft/60 focus:border-rose focus:ring-4 focus:ring-rose/15 aria-invalid:border-rose-deep disabled:bg-cream/60 ${className}`}
      />
      {hint && (
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
