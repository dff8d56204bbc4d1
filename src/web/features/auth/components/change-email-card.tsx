import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { isEmail } from '#web/lib/validation.ts'
import { signInMethodsQuery } from '../api/account-queries.ts'
import { authPost } from '../api/auth-api.ts'

/** Where the link in the e-mail to the new address brings her back to. */
export const EMAIL_CHANGED_CALLBACK = '/account?emailChanged=1'

type Outcome = { tone: 'success' | 'error'; text: string }

/**
 * Her sign-in address, and a form to change it: a link goes to the new address, and the change
 * happens when she opens it (decision 0042). Accounts without a password are told how to get one.
 * Her newsletter subscription moves with the address unless she unticks the box, which shows
 * while she is subscribed: `subscribed` is the account menu's own flag, so a subscription made
 * there a moment ago shows here too (decision 0048).
 */
export function ChangeEmailCard({ me, subscribed }: { me: Me; subscribed: boolean }) {
  const { t } = useTranslation(['account', 'errors'])
  const methods = useQuery(signInMethodsQuery())
  const [newEmail, setNewEmail] = useState('')
  const [moveNewsletter, setMoveNewsletter] = useState<boolean | null>(null)
  const [errors, setErrors] = useState<{ newEmail?: string }>({})
  const [pending, setPending] = useState(false)
  // Back from the link: the address changed, or why not (read once, on arrival).
  const [outcome, setOutcome] = useState<Outcome | null>(() => {
    const params = new URLSearchParams(window.location.search)
    if (!params.has('emailChanged')) return null
    const error = params.get('error')
    if (!error) return { tone: 'success', text: t('account.emailChanged', { email: me.email }) }
    if (error === 'EMAIL_TAKEN') return { tone: 'error', text: t('errors:auth.EMAIL_TAKEN') }
    if (error === 'TOKEN_EXPIRED') return { tone: 'error', text: t('errors:auth.TOKEN_EXPIRED') }
    return { tone: 'error', text: t('errors:auth.INVALID_TOKEN') }
  })
  const formRef = useFocusFirstInvalid(errors)

  // The address bar is tidied up, so a reload does not say it again. After a change, her other
  // tabs read the session again: they show the new address, and the newsletter flag follows it.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    if (!params.has('emailChanged')) return
    window.history.replaceState(window.history.state, '', window.location.pathname)
    if (!params.has('error')) void refreshSession()
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const address = newEmail.trim().toLowerCase()
    const next: typeof errors = {}
    if (!isEmail(address)) next.newEmail = t('errors:auth.INVALID_EMAIL')
    else if (address === me.email.toLowerCase()) next.newEmail = t('errors:auth.EMAIL_IS_THE_SAME')
    setErrors(next)
    if (next.newEmail) return
    setPending(true)
    const result = await authPost('/change-email', {
      newEmail: address,
      // Unless she unticked it, a subscription moves, even one this page has not heard of.
      moveNewsletter: moveNewsletter ?? true,
      callbackURL: EMAIL_CHANGED_CALLBACK,
    })
    setPending(false)
    if (result.ok) {
      setOutcome({ tone: 'success', text: t('account.emailLinkSent', { email: address }) })
      setNewEmail('')
    } else if (result.code === 'INVALID_EMAIL' || result.code === 'EMAIL_IS_THE_SAME') {
      setErrors({ newEmail: result.message })
    } else {
      setOutcome({ tone: 'error', text: result.message || t('account.changeEmailFailed') })
    }
  }

  // Until her sign-in methods are known, neither the form nor the Google note shows.
  const passwordless = methods.data !== undefined && !methods.data.password
  const canChange = methods.data?.password === true || methods.error !== null
  return (
    <SettingsCard
      title={t('account.emailTitle')}
      description={passwordless ? t('account.emailGoogleOnly') : t('account.emailText')}
    >
      {passwordless ? (
        <Link
          href="/forgot-password"
          className="self-start rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-ink/10 hover:text-rose-deep"
        >
          {t('account.setPassword')}
        </Link>
      ) : (
        canChange && (
          <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
            <TextField
              label={t('account.newEmail')}
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              error={errors.newEmail}
              required
            />
            {subscribed && (
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 rounded border-ink/30 accent-rose-deep"
                  checked={moveNewsletter ?? true}
                  onChange={(e) => setMoveNewsletter(e.target.checked)}
                />
                {t('account.moveNewsletter')}
              </label>
            )}
            <Button
              type="submit"
              pending={pending}
              pendingLabel={t('account.changingEmail')}
              className="self-start"
            >
              {t('account.changeEmail')}
            </Button>
          </form>
        )
      )}
      {outcome && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
    </SettingsCard>
  )
}
