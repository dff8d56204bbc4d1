import { useEffect, useImperativeHandle, useRef, type InputHTMLAttributes, type Ref } from 'react'
import { handOverTypedText } from '#web/lib/keep-typed-input.ts'
import { controlLook, FormField } from './form-field.tsx'

/**
 * A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby).
 * `className` adds to the input's look (a code field's letter spacing, say); `ref` is the input
 * (to move focus to it).
 */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ref: outerRef,
  ...input
}: {
  label: string
  error?: string
  hint?: string
  ref?: Ref<HTMLInputElement | null>
} & InputHTMLAttributes<HTMLInputElement>) {
  const ref = useRef<HTMLInputElement>(null)
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(
    outerRef,
    () => ref.current,
    [],
  )
  // On a prerendered page: what she typed before the app took over (lib/keep-typed-input.ts).
  useEffect(() => {
    if (ref.current) handOverTypedText(ref.current)
  }, [])
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          {...input}
          ref={ref}
          className={`h-12 px-4 placeholder:text-ink-soft/60 ${controlLook} ${className}`}
        />
      )}
    </FormField>
  )
}
