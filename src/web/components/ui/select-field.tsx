import type { Ref, SelectHTMLAttributes } from 'react'
import { controlLook, FormField } from './form-field.tsx'

/** A labelled native select, looking and announcing its error as TextField does. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  className = '',
  ref,
  ...select
}: {
  label: string
  ref?: Ref<HTMLSelectElement>
  error?: string
  options: { value: string; label: string }[]
  /** The empty first choice ("Choose…"). */
  placeholder?: string
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select
          {...control}
          {...select}
          ref={ref}
          className={`h-12 min-w-0 px-3 ${controlLook} ${className}`}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}
