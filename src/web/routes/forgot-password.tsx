import { useState, type FormEvent } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { NoScriptNote } from '../components/ui/no-script-note.tsx'
import { authCallbackUrl, authPost } from '../features/auth/api/auth-api.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { EmailField } from '../features/auth/components/email-field.tsx'
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts'
import { isEmail } from '../lib/validation.ts'

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<{ email?: string }>({})
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const formRef = useFocusFirstInvalid(errors)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (!isEmail(email)) {
      setErrors({ email: t('validation.invalidEmail') })
      return
    }
    setErrors({})
    setPending(true)
    const address = email.trim().toLowerCase()
    const result = await authPost('/request-password-reset', {
      email: address,
      redirectTo: authCallbackUrl('recovery'),
    })
    setPending(false)
    // The answer is the same whether or not the address has an account.
    setOutcome(
      result.ok
        ? { tone: 'success', text: t('forgot.sent', { email: address }) }
        : { tone: 'error', text: result.message || t('errors:auth.genericError') },
    )
  }

  return (
    <CardPage title={t('forgot.title')} intro={t('forgot.intro')}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        {outcome && (
          <Alert tone={outcome.tone} focus>
            {outcome.text}
          </Alert>
        )}
        <NoScriptNote>{t('common:noScriptForm')}</NoScriptNote>
        <Button type="submit" pending={pending} pendingLabel={t('forgot.submitting')}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link href="/login" className="font-semibold text-rose-deep underline underline-offset-4">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </CardPage>
  )
}
