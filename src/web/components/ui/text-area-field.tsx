import type { TextareaHTMLAttributes } from 'react'
import { controlLook, FormField } from './form-field.tsx'

/** A labelled textarea, its hint (kept while there is an error) and error tied to it. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: { label: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FormField label={label} hint={hint} error={error} keepHint>
      {(control) => (
        <textarea
          {...control}
          {...textarea}
          className={`px-4 py-3 leading-relaxed placeholder:text-ink-soft/60 disabled:bg-cream/60 ${controlLook} ${className}`}
        />
      )}
    </FormField>
  )
}
