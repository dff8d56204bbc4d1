import { useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { passkeysSupported, signInWithPasskey } from '../api/passkey-api.ts'

/**
 * "Sign in with a passkey": the browser's prompt offers her passkeys for this site, and the
 * one she picks signs her in, with no password and no second step (decision 0043).
 */
export function PasskeySignIn({
  onSignedIn,
  label,
  variant = 'outline',
}: {
  onSignedIn: () => Promise<void>
  label?: string
  variant?: 'outline' | 'quiet'
}) {
  const { t } = useTranslation(['auth', 'errors'])
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function signIn() {
    setFailure(null)
    if (!passkeysSupported()) {
      setFailure(t('passkeys.unsupported'))
      return
    }
    setPending(true)
    const result = await signInWithPasskey()
    if (result.ok) {
      await onSignedIn()
      return
    }
    setPending(false)
    setFailure(
      'status' in result
        ? result.message || t('passkeys.failed')
        : t(result.code === 'cancelled' ? 'passkeys.cancelled' : 'passkeys.unsupported'),
    )
  }

  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        variant={variant}
        size={variant === 'quiet' ? 'sm' : undefined}
        className={variant === 'quiet' ? '-ml-3.5 self-start' : undefined}
        pending={pending}
        pendingLabel={t('passkeys.signingIn')}
        onClick={() => void signIn()}
      >
        {label ?? t('passkeys.signIn')}
      </Button>
      {failure && (
        <Alert tone="error" focus>
          {failure}
        </Alert>
      )}
    </div>
  )
}
