import { useState, type FormEvent } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link } from 'wouter'
import { withReturnPath } from '#shared/return-path.ts'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { NoScriptNote } from '../components/ui/no-script-note.tsx'
import { authCallbackUrl, authPost } from '../features/auth/api/auth-api.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { EmailField } from '../features/auth/components/email-field.tsx'
import { GoogleButton, googleSignInAvailable } from '../features/auth/components/google-button.tsx'
import { OrDivider } from '../features/auth/components/or-divider.tsx'
import { NameFields, nameErrors } from '../features/auth/components/name-fields.tsx'
import { NewPasswordFields } from '../features/auth/components/new-password-fields.tsx'
import { ResendVerification } from '../features/auth/components/resend-verification.tsx'
import { launchSentence } from '../lib/launch-text.ts'
import { useReturnPath } from '../lib/use-return-path.ts'
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts'
import { isEmail, isLongEnough } from '../lib/validation.ts'
import { fieldSetter } from '#web/lib/field-setter.ts'

type Errors = Partial<Record<'givenName' | 'familyName' | 'email' | 'password' | 'confirm', string>>

export default function SignupPage() {
  const { t } = useTranslation(['auth', 'errors', 'common'])
  // Carried through the confirmation e-mail: once confirmed, she goes on to the page she wanted.
  const returnPath = useReturnPath()
  const [form, setForm] = useState({
    givenName: '',
    familyName: '',
    email: '',
    password: '',
    confirm: '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const formRef = useFocusFirstInvalid(errors)

  const set = fieldSetter(setForm)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const next: Errors = nameErrors(form, t)
    if (!isEmail(form.email)) next.email = t('validation.invalidEmail')
    if (!isLongEnough(form.password)) next.password = t('changePassword.passwordTooShort')
    if (form.confirm !== form.password) next.confirm = t('changePassword.passwordsDoNotMatch')
    setErrors(next)
    setFailure(null)
    if (Object.keys(next).length > 0) return
    setPending(true)
    const email = form.email.trim().toLowerCase()
    // The server composes her full name from the two, in this language's order.
    const result = await authPost('/sign-up/email', {
      givenName: form.givenName.trim(),
      familyName: form.familyName.trim(),
      email,
      password: form.password,
      callbackURL: authCallbackUrl('signup', returnPath),
    })
    setPending(false)
    if (result.ok) setSentTo(email)
    else setFailure(result.message || t('errors:auth.genericError'))
  }

  if (sentTo) {
    return (
      <CardPage title={t('signup.checkInboxTitle')}>
        <div className="flex flex-col gap-5">
          <Alert tone="success">{t('signup.checkInbox', { email: sentTo })}</Alert>
          <p className="text-sm text-ink-soft">{t('signup.notArrived')}</p>
          <ResendVerification
            email={sentTo}
            label={t('signup.resend')}
            doneLabel={t('signup.resent')}
            next={returnPath}
          />
        </div>
      </CardPage>
    )
  }

  return (
    <CardPage title={t('signup.title')} intro={launchSentence('signupIntro')}>
      {/* Where Google sign-in works, its first sign-in makes the account, and she is welcomed. */}
      {googleSignInAvailable() && (
        <>
          <GoogleButton
            callbackURL={authCallbackUrl(undefined, returnPath)}
            errorCallbackURL={authCallbackUrl(undefined, returnPath)}
            newUserCallbackURL={authCallbackUrl('signup', returnPath)}
          />
          <OrDivider />
        </>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <NameFields names={form} onChange={set} errors={errors} />
        <EmailField value={form.email} onChange={set('email')} error={errors.email} />
        <NewPasswordFields
          label={t('fields.password')}
          password={form.password}
          confirm={form.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          errors={errors}
        />
        {failure && (
          <Alert tone="error" focus>
            {failure}
          </Alert>
        )}
        <NoScriptNote>{t('common:noScriptForm')}</NoScriptNote>
        <Button type="submit" pending={pending} pendingLabel={t('signup.submitting')}>
          {t('signup.submit')}
        </Button>
        <p className="text-xs text-ink-soft">
          <Link href="/privacy-policy" className="underline underline-offset-2">
            {t('signup.privacyNote')}
          </Link>
        </p>
      </form>
      <p className="mt-8 text-center text-sm text-ink-soft">
        {t('signup.haveAccount')}{' '}
        <Link
          href={withReturnPath('/login', returnPath)}
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {t('signup.loginLink')}
        </Link>
      </p>
    </CardPage>
  )
}
