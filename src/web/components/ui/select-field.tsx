import { useId, type SelectHTMLAttributes } from 'react'

/** A labelled native select, looking and announcing its error as TextField does. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  className = '',
  ...select
}: {
  label: string
  error?: string
  options: { value: string; label: string }[]
  /** The empty first choice ("Choose…"). */
  placeholder?: string
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
        className={`h-12 min-w-0 rounded-xl border border-ink/15 bg-white px-3 text-base transition outline-none focus:border-rose focus:ring-4 focus:ring-rose/15 aria-invalid:border-rose-deep ${className}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-deep">
          {error}
        </p>
      )}
    </div>
  )
}
