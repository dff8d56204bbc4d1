import { useId, type ReactNode } from 'react'
import { ErrorIcon } from './error-icon.tsx'

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A control's frame: its label, then the control, then its hint and error, both announced with
 * it (aria-describedby) and the error marking it invalid. The hint gives way to the error unless
 * `keepHint` (a hint on how to write, still needed while fixing).
 */
export function FormField({
  label,
  hint,
  error,
  keepHint = false,
  children,
}: {
  label: string
  hint?: string
  error?: string
  keepHint?: boolean
  children: (control: FieldControlProps) => ReactNode
}) {
  const id = useId()
  const showHint = hint && (keepHint || !error)
  const describedBy =
    [showHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {showHint && (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  )
}

/** The look shared by text inputs, textareas and selects. */
export const controlLook =
  'rounded-xl border border-ink/15 bg-white text-base transition focus:border-rose-deep aria-invalid:border-2 aria-invalid:border-danger'

/** An error under a control: red, with its icon, so that it reads as an error without colour. */
export function FieldError({
  id,
  role,
  children,
}: {
  id?: string
  role?: 'alert'
  children: ReactNode
}) {
  return (
    <p id={id} role={role} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <ErrorIcon className="mt-0.5 size-4" />
      <span>{children}</span>
    </p>
  )
}
