import { useState } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { publicConfig } from '#web/lib/public-config.ts'
import { startGoogleSignIn } from '../api/auth-api.ts'

const GOOGLE_ICON = (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
    <path
      fill="#4285F4"
      d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z"
    />
    <path
      fill="#34A853"
      d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6.1-4.5H2.3v2.8A11 11 0 0 0 12 23Z"
    />
    <path fill="#FBBC05" d="M5.9 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.3a11 11 0 0 0 0 9.8l3.6-2.8Z" />
    <path
      fill="#EA4335"
      d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.3 7.1l3.6 2.8C6.8 7.3 9.2 5.4 12 5.4Z"
    />
  </svg>
)

/** Whether "Continue with Google" works on this site (the server has a Google client). */
export const googleSignInAvailable = () => publicConfig().googleSignIn

/**
 * "Continue with Google", only where it works: a site without a Google client shows nothing (a
 * greyed button that said so only told visitors about the site's set-up). A first sign-in
 * creates the account; `newUserCallbackURL` is where such a new member lands.
 */
export function GoogleButton({
  callbackURL,
  errorCallbackURL,
  newUserCallbackURL,
}: {
  callbackURL: string
  errorCallbackURL?: string
  newUserCallbackURL?: string
}) {
  const { t } = useTranslation(['auth', 'errors'])
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!googleSignInAvailable()) return null

  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        pending={pending}
        onClick={async () => {
          setPending(true)
          setError(null)
          if (await startGoogleSignIn(callbackURL, errorCallbackURL, newUserCallbackURL)) return
          setPending(false)
          setError(t('errors:auth.genericError'))
        }}
      >
        {GOOGLE_ICON}
        {t('login.google')}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  )
}
