import { useId } from 'react'

/** A row of pill-shaped choices: native radio buttons (keyboard and screen readers for free). */
export function SegmentedChoice<T extends string>({
  legend,
  options,
  value,
  onChange,
  className = '',
}: {
  legend: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  const name = useId()
  return (
    <fieldset
      className={`inline-flex flex-wrap items-center gap-1 rounded-full bg-white p-1 ring-1 ring-ink/10 ${className}`}
    >
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="cursor-pointer rounded-full px-4 py-2 text-sm font-semibold text-ink-soft transition has-checked:bg-ink has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-rose-deep"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
