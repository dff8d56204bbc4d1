import { useState } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { authCallbackUrl, authPost } from '../api/auth-api.ts'

/** Sends the confirmation e-mail again (the server allows one a minute per address). */
export function ResendVerification({
  email,
  label,
  doneLabel,
  next,
}: {
  email: string
  label: string
  doneLabel: string
  /** The page to go on to once the address is confirmed. */
  next?: string | null
}) {
  const { t } = useTranslation(['auth', 'errors'])
  const [state, setState] = useState<'idle' | 'pending' | 'done' | 'error'>('idle')
  const [error, setError] = useState('')
  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        variant="secondary"
        pending={state === 'pending'}
        onClick={async () => {
          setState('pending')
          const result = await authPost('/send-verification-email', {
            email,
            callbackURL: authCallbackUrl('signup', next),
          })
          if (result.ok) setState('done')
          else {
            setError(result.message || t('errors:auth.genericError'))
            setState('error')
          }
        }}
      >
        {label}
      </Button>
      {state === 'done' && <Alert tone="success">{doneLabel}</Alert>}
      {state === 'error' && <Alert tone="error">{error}</Alert>}
    </div>
  )
}
