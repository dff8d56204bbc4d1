import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link, useLocation, useSearch } from 'wouter'
import { REDIRECT_DELAY_MS } from '#shared/constants.ts'
import { withReturnPath } from '#shared/return-path.ts'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { authPost } from '../features/auth/api/auth-api.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { NewPasswordFields } from '../features/auth/components/new-password-fields.tsx'
import { useSession } from '../lib/session-store.ts'
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts'
import { isLongEnough } from '../lib/validation.ts'
import { fieldSetter } from '#web/lib/field-setter.ts'

/**
 * After a recovery link (?token=…): the new password twice. From the account menu: the current
 * password as well. Either way other sessions end, and after 3 s the user goes to /home.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'errors'])
  const token = new URLSearchParams(useSearch()).get('token')
  const session = useSession()
  const [, navigate] = useLocation()
  const [form, setForm] = useState({ current: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({})
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const formRef = useFocusFirstInvalid(errors)

  useEffect(() => {
    if (outcome?.tone !== 'success') return
    const timer = window.setTimeout(() => navigate('/home'), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [outcome, navigate])

  if (!token && session.status === 'loading') return <PageSpinner />
  if (!token && session.status !== 'signed-in') {
    return (
      <CardPage title={t('changePassword.title')}>
        <Alert tone="info">{t('changePassword.missingLink')}</Alert>
        <p className="mt-6 text-center">
          <Link
            href={withReturnPath('/login', '/change-password')}
            className="font-semibold text-rose-deep underline underline-offset-4"
          >
            {t('callback.backToLogin')}
          </Link>
        </p>
      </CardPage>
    )
  }

  const set = fieldSetter(setForm)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const next: typeof errors = {}
    if (!token && !form.current) next.current = t('validation.required')
    if (!isLongEnough(form.password)) next.password = t('changePassword.passwordTooShort')
    else if (form.password !== form.confirm) next.confirm = t('changePassword.passwordsDoNotMatch')
    setErrors(next)
    if (Object.keys(next).length > 0) return
    setPending(true)
    const result = token
      ? await authPost('/reset-password', { token, newPassword: form.password })
      : await authPost('/change-password', {
          currentPassword: form.current,
          newPassword: form.password,
          revokeOtherSessions: true,
        })
    setPending(false)
    setOutcome(
      result.ok
        ? { tone: 'success', text: t('changePassword.success') }
        : { tone: 'error', text: result.message || t('changePassword.error') },
    )
  }

  const done = outcome?.tone === 'success'
  return (
    <CardPage
      title={t('changePassword.title')}
      intro={token ? t('changePassword.introRecovery') : t('changePassword.introSignedIn')}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        {!token && (
          <TextField
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={form.current}
            onChange={set('current')}
            error={errors.current}
            required
          />
        )}
        <NewPasswordFields
          label={t('fields.newPassword')}
          password={form.password}
          confirm={form.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          errors={errors}
        />
        {outcome && (
          <Alert tone={outcome.tone} focus>
            {outcome.text}
            {done && (
              <span className="mt-1 block font-normal">{t('changePassword.redirecting')}</span>
            )}
          </Alert>
        )}
        <Button
          type="submit"
          pending={pending}
          pendingLabel={t('changePassword.submitting')}
          disabled={done}
        >
          {t('changePassword.submit')}
        </Button>
      </form>
    </CardPage>
  )
}
