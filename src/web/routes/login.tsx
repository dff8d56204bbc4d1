import { useState, type FormEvent } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link, useLocation, useSearch } from 'wouter'
import { withReturnPath } from '#shared/return-path.ts'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { NoScriptNote } from '../components/ui/no-script-note.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { authCallbackUrl, authPost } from '../features/auth/api/auth-api.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { EmailField } from '../features/auth/components/email-field.tsx'
import { GoogleButton, googleSignInAvailable } from '../features/auth/components/google-button.tsx'
import { OrDivider } from '../features/auth/components/or-divider.tsx'
import { ResendVerification } from '../features/auth/components/resend-verification.tsx'
import { PasskeySignIn } from '../features/auth/components/passkey-sign-in.tsx'
import { SecondStep } from '../features/auth/components/second-step.tsx'
import { homeFor, refreshSession } from '../lib/session-store.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { useReturnPath } from '../lib/use-return-path.ts'
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts'
import { isEmail } from '../lib/validation.ts'

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  const [, navigate] = useLocation()
  // The page she wanted (the route guard sent her away from it): there again after signing in.
  // A role that does not fit it is the guard's to handle there.
  const returnPath = useReturnPath()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null)
  const formRef = useFocusFirstInvalid(errors)
  // A Google sign-in of an account with two-step sign-in comes back here for its second step
  // (`?step=two-factor`, read after hydration: the prerendered page is the password form).
  const hydrated = useHydrated()
  const search = useSearch()
  const fromGoogle = hydrated && new URLSearchParams(search).get('step') === 'two-factor'
  const [step, setStep] = useState<'password' | 'second' | null>(null)
  const secondStep = step === 'second' || (step === null && fromGoogle)

  async function goOn() {
    const session = await refreshSession()
    const home = session.status === 'signed-in' ? homeFor(session.role) : '/home'
    navigate(returnPath ?? home, { replace: true })
  }

  if (secondStep)
    return (
      <CardPage title={t('secondStep.title')}>
        <SecondStep
          onSignedIn={goOn}
          onStartOver={() => {
            setStep('password')
            setPassword('')
          }}
          alternative={
            <PasskeySignIn onSignedIn={goOn} label={t('passkeys.secondStep')} variant="quiet" />
          }
        />
      </CardPage>
    )

  async function submit(event: FormEvent) {
    event.preventDefault()
    const next: typeof errors = {}
    if (!email.trim()) next.email = t('validation.required')
    else if (!isEmail(email)) next.email = t('validation.invalidEmail')
    if (!password) next.password = t('validation.required')
    setErrors(next)
    setFailure(null)
    if (next.email || next.password) return
    setPending(true)
    const result = await authPost('/sign-in/email', { email: email.trim().toLowerCase(), password })
    if (!result.ok) {
      setPending(false)
      setFailure({ code: result.code, message: result.message || t('errors:auth.genericError') })
      return
    }
    if ((result.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
      setPending(false)
      setStep('second')
      return
    }
    await goOn()
  }

  return (
    <CardPage
      title={t('login.title')}
      intro={t('login.intro', googleSignInAvailable() ? { context: 'google' } : {})}
    >
      <GoogleButton
        callbackURL={authCallbackUrl(undefined, returnPath)}
        errorCallbackURL={authCallbackUrl(undefined, returnPath)}
      />
      <div className="mt-3">
        <PasskeySignIn onSignedIn={goOn} />
      </div>
      <OrDivider />
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <Link
          href="/forgot-password"
          className="-mt-2 self-end text-sm font-semibold text-rose-deep underline-offset-4 hover:underline"
        >
          {t('login.forgotPassword')}
        </Link>
        {failure?.code === 'EMAIL_NOT_VERIFIED' ? (
          <div className="flex flex-col gap-3">
            <Alert tone="error" focus>
              {t('login.notVerified')}
            </Alert>
            <ResendVerification
              email={email.trim().toLowerCase()}
              label={t('login.resend')}
              doneLabel={t('login.resent')}
              next={returnPath}
            />
          </div>
        ) : (
          failure && (
            <Alert tone="error" focus>
              {failure.message}
            </Alert>
          )
        )}
        <NoScriptNote>{t('common:noScriptForm')}</NoScriptNote>
        <Button type="submit" pending={pending} pendingLabel={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-soft">
        {t('login.noAccount')}{' '}
        <Link
          href={withReturnPath('/signup', returnPath)}
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {t('login.signupLink')}
        </Link>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link href="/" className="text-ink-soft underline-offset-4 hover:underline">
          ← {t('login.backToHome')}
        </Link>
      </p>
    </CardPage>
  )
}
