import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { interpolateElement } from '#web/lib/interpolate-element.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { useSession } from '#web/lib/session-store.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { NEWSLETTER_FORM_PATH, NEWSLETTER_NAME_MAX_LENGTH } from '#shared/constants.ts'
import {
  newsletterFieldErrors,
  refusedField,
  sendFailedKey,
  type NewsletterMode,
} from '../newsletter-checks.ts'
import { subscribeToNewsletter, unsubscribeFromNewsletter } from '../api/newsletter-api.ts'
import { subscriptionChanged } from '../subscription-store.ts'

export type NewsletterFormMode = NewsletterMode
interface FieldErrors {
  name?: string
  email?: string
}

/**
 * The landing page's newsletter form (SPEC sections 4 and 5): subscribe or unsubscribe, switched
 * by a link that clears the fields and the message. The page holds the mode, since its section's
 * heading and text change with it; on a switch, focus goes to the form's first field.
 */
export default function NewsletterForm({
  mode,
  onModeChange,
}: {
  mode: NewsletterFormMode
  onModeChange: (mode: NewsletterFormMode) => void
}) {
  const { t, i18n } = useTranslation('newsletter')
  const session = useSession()
  const me = session.status === 'signed-in' ? session.me : null
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const form = useFocusFirstInvalid(errors)

  // SPEC section 5: no name when unsubscribing or when the member has a full name; required
  // only when signed out.
  const showName = mode === 'subscribe' && !me?.fullName
  const nameRequired = showName && !me

  // The section scrolls its new heading into view; the field is just below it.
  const switched = useRef(false)
  useEffect(() => {
    if (!switched.current) return
    switched.current = false
    form.current?.querySelector('input')?.focus({ preventScroll: true })
  }, [mode, form])

  function switchMode() {
    switched.current = true
    onModeChange(mode === 'subscribe' ? 'unsubscribe' : 'subscribe')
    setName('')
    setEmail('')
    setErrors({})
    setOutcome(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const keys = newsletterFieldErrors({ nameRequired, name, email })
    const found: FieldErrors = {
      name: keys.name && t(keys.name),
      email: keys.email && t(keys.email),
    }
    setErrors(found)
    if (found.name || found.email) return

    setPending(true)
    const address = email.trim().toLowerCase()
    const result =
      mode === 'subscribe'
        ? await subscribeToNewsletter({
            email: address,
            name: (showName ? name.trim() : me?.fullName) || undefined,
            source: 'landing',
          })
        : await unsubscribeFromNewsletter(address)
    setPending(false)

    if (!result.ok) {
      const field = refusedField(result.code)
      if (field) setErrors({ [field]: result.message })
      else setOutcome({ tone: 'error', text: result.message || t(sendFailedKey(mode)) })
      return
    }
    setOutcome({ tone: 'success', text: result.data.message })
    setName('')
    setEmail('')
    if (me && address === me.email.toLowerCase()) {
      const data = result.data
      // An unsubscribe that waits for its link changes nothing yet.
      if ('subscribed' in data) subscriptionChanged(me, data.subscribed)
      else if (data.unsubscribed) subscriptionChanged(me, false)
    }
  }

  return (
    <form
      ref={form}
      // Before its code has arrived (or without JavaScript) it is a plain form: the server
      // subscribes by the same rules and answers with a page (server/newsletter/
      // newsletter-form.routes.ts). Once hydrated, it sends itself.
      method="post"
      action={`${NEWSLETTER_FORM_PATH}?lang=${i18n.language}`}
      noValidate
      onSubmit={submit}
      aria-label={t(mode === 'subscribe' ? 'form.label' : 'form.unsubscribeLabel')}
      className="mx-auto flex max-w-xl flex-col gap-5 rounded-3xl bg-white p-6 text-left shadow-xl shadow-ink/5 ring-1 ring-ink/5 sm:p-8"
    >
      <div className={showName ? 'grid gap-5 sm:grid-cols-2' : 'grid gap-5'}>
        {/* What she wants to be called: the greeting says it as she typed it ("Szia, Réka!"),
            as there is no account to tell her given name from her family name. */}
        {showName && (
          <TextField
            label={t('form.name')}
            name="name"
            autoComplete="given-name"
            required={nameRequired}
            maxLength={NEWSLETTER_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
        )}
        <TextField
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      </div>
      {/* The answer takes focus: the button she pressed is busy, then the form is empty. */}
      {outcome && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
      <Button
        type="submit"
        worksBeforeHydration
        pending={pending}
        pendingLabel={t(mode === 'subscribe' ? 'form.subscribing' : 'form.unsubscribing')}
      >
        {t(mode === 'subscribe' ? 'form.subscribe' : 'form.unsubscribe')}
      </Button>
      <div className="flex flex-col gap-3 text-center text-sm">
        <button
          type="button"
          // Only the app switches the form: without JavaScript there is no such button.
          data-js-only=""
          onClick={switchMode}
          className="mx-auto font-semibold text-rose-deep underline-offset-4 hover:underline"
        >
          {t(mode === 'subscribe' ? 'form.toUnsubscribe' : 'form.toSubscribe')}
        </button>
        {mode === 'subscribe' && (
          <p className="text-ink-soft">
            {interpolateElement(
              (slot) => t('form.privacy', { link: slot }),
              <Link href="/privacy-policy" className="underline underline-offset-4">
                {t('form.privacyLink')}
              </Link>,
            )}
          </p>
        )}
      </div>
    </form>
  )
}
