import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { REDIRECT_DELAY_MS } from '#shared/constants.ts'
import type { DeleteAccountRequest } from '#shared/schemas/delete-account.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { deleteAccount, fetchSignInMethods } from '../api/account-api.ts'
import { startGoogleSignIn } from '../api/auth-api.ts'
import { signedOut } from '#web/lib/session-store.ts'
import { CardPage } from '#web/components/ui/card-page.tsx'
import { EmailField } from './email-field.tsx'

type Step = 'warning' | 'confirm' | 'deleting' | 'done'
const ITEMS = ['profile', 'sessions', 'newsletter', 'events'] as const

/**
 * SPEC's two-step deletion: a warning, "I understand, proceed", then e-mail and password (or, for
 * Google members, a fresh Google sign-in), then deleting, then success and home after 3 s.
 */
export function DeleteAccountFlow() {
  const { t } = useTranslation(['account', 'auth'])
  const [, navigate] = useLocation()
  const confirmedWithGoogle = new URLSearchParams(useSearch()).get('confirm') === 'google'
  const [methods, setMethods] = useState<{ password: boolean; google: boolean } | 'error' | null>(
    null,
  )
  const [step, setStep] = useState<Step>(confirmedWithGoogle ? 'confirm' : 'warning')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    void fetchSignInMethods().then((result) => {
      if (!result.ok) console.warn(`sign-in methods: ${result.status} ${result.code}`)
      if (!cancelled) setMethods(result.ok ? result.data : 'error')
    })
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    if (step !== 'done') return
    const timer = window.setTimeout(() => {
      signedOut()
      navigate('/')
    }, REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [step, navigate])

  if (methods === null) return <PageSpinner />
  if (methods === 'error') {
    return (
      <CardPage title={t('deleteAccount.title')}>
        <Alert tone="error">{t('deleteAccount.profileFetchError')}</Alert>
      </CardPage>
    )
  }
  const googleOnly = methods.google && !methods.password

  async function remove(request: DeleteAccountRequest) {
    setStep('deleting')
    setError(null)
    const result = await deleteAccount(request)
    if (result.ok) {
      // The session ends on the server now; the page forgets it when it leaves, so the guard
      // does not whisk the member away before she has read the confirmation.
      setStep('done')
      return
    }
    setError(result.message || t('deleteAccount.genericError'))
    setStep('confirm')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim() || !password) {
      setError(t('deleteAccount.provideBothFields'))
      return
    }
    void remove({ method: 'password', email: email.trim(), password })
  }

  if (step === 'done') {
    return (
      <CardPage title={t('deleteAccount.title')}>
        <Alert tone="success">
          {t('deleteAccount.success')}
          <span className="mt-1 block font-normal">{t('deleteAccount.redirecting')}</span>
        </Alert>
      </CardPage>
    )
  }

  return (
    <CardPage title={t('deleteAccount.title')}>
      <div className="flex flex-col gap-5">
        <div className="rounded-2xl bg-blush/60 p-5 ring-1 ring-rose/20">
          <h2 className="font-semibold text-rose-deep">{t('deleteAccount.warningTitle')}</h2>
          <p className="mt-2 text-sm">{t('deleteAccount.warning')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {ITEMS.map((item) => (
              <li key={item}>{t(`deleteAccount.items.${item}`)}</li>
            ))}
          </ul>
        </div>

        {googleOnly && (
          <section aria-labelledby="google-steps" className="rounded-2xl bg-sand/70 p-5 text-sm">
            <h2 id="google-steps" className="font-semibold">
              {t('deleteAccount.googleTitle')}
            </h2>
            <p className="mt-2">{t('deleteAccount.googleSteps')}</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {(['googleStep1', 'googleStep2', 'googleStep3', 'googleStep4'] as const).map(
                (key) => (
                  <li key={key}>{t(`deleteAccount.${key}`)}</li>
                ),
              )}
            </ol>
            <p className="mt-3 text-ink-soft">{t('deleteAccount.linkedNote')}</p>
          </section>
        )}

        {step === 'warning' ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="solid" onClick={() => setStep('confirm')}>
              {t('deleteAccount.understand')}
            </Button>
            <CancelLink label={t('deleteAccount.cancel')} />
          </div>
        ) : googleOnly ? (
          <div className="flex flex-col gap-4">
            {confirmedWithGoogle ? (
              <Alert tone="info">{t('deleteAccount.googleConfirmed')}</Alert>
            ) : (
              <>
                <p className="text-sm text-ink-soft">{t('deleteAccount.googleConfirm')}</p>
                <Button
                  variant="secondary"
                  onClick={async () => {
                    if (!(await startGoogleSignIn('/delete-account?confirm=google'))) {
                      setError(t('deleteAccount.genericError'))
                    }
                  }}
                >
                  {t('deleteAccount.googleButton')}
                </Button>
              </>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex flex-wrap gap-3">
              <Button
                variant="solid"
                pending={step === 'deleting'}
                pendingLabel={t('deleteAccount.deleting')}
                disabled={!confirmedWithGoogle}
                onClick={() => void remove({ method: 'google' })}
              >
                {t('deleteAccount.confirm')}
              </Button>
              <CancelLink label={t('deleteAccount.cancel')} />
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-5">
            <p className="text-sm text-ink-soft">{t('deleteAccount.confirmIntro')}</p>
            <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField
              label={t('auth:fields.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                variant="solid"
                pending={step === 'deleting'}
                pendingLabel={t('deleteAccount.deleting')}
              >
                {t('deleteAccount.confirm')}
              </Button>
              <CancelLink label={t('deleteAccount.cancel')} />
            </div>
          </form>
        )}
      </div>
    </CardPage>
  )
}

function CancelLink({ label }: { label: string }) {
  return (
    <Link
      href="/account"
      className="inline-flex h-12 items-center px-4 font-semibold text-ink-soft hover:text-ink"
    >
      {label}
    </Link>
  )
}
