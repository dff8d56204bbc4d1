import { Alert } from './alert.tsx'
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx'

/**
 * A form's end: its refusal, where she is (the alert takes focus), then the submit button and,
 * when the form can be left, its cancel button. Texts come from the form's own namespace.
 */
export function FormEnd({
  failure,
  pending,
  submitLabel,
  pendingLabel,
  size,
  cancel,
}: {
  failure: string | null
  pending: boolean
  submitLabel: string
  pendingLabel: string
  size?: ButtonSize
  cancel?: { label: string; variant: ButtonVariant; onCancel: () => void }
}) {
  return (
    <>
      {failure && (
        <Alert tone="error" focus>
          {failure}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size={size} pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
        {cancel && (
          <Button type="button" variant={cancel.variant} size={size} onClick={cancel.onCancel}>
            {cancel.label}
          </Button>
        )}
      </div>
    </>
  )
}
