import { isEmail } from '#web/lib/validation.ts'

/**
 * The newsletter form's rules, in plain code: the app's form (components/newsletter-form.tsx)
 * and the landing page's island (islands/newsletter-form.ts) both check and read answers
 * through these, so a rule is changed once (decision 95 drew the island without React).
 */
export type NewsletterField = 'name' | 'email'
export type NewsletterMode = 'subscribe' | 'unsubscribe'

/** Each field's error before sending, as a key of the `newsletter` texts; empty when none. */
export function newsletterFieldErrors(input: {
  nameRequired: boolean
  name: string
  email: string
}): Partial<Record<NewsletterField, 'nameRequired' | 'invalidEmail'>> {
  return {
    ...(input.nameRequired && !input.name.trim() ? { name: 'nameRequired' as const } : {}),
    ...(isEmail(input.email) ? {} : { email: 'invalidEmail' as const }),
  }
}

/** The field a refusal from the server is about, by its code; none: it is the form's message. */
export function refusedField(code: string | undefined): NewsletterField | undefined {
  if (code === 'invalid_email') return 'email'
  if (code === 'name_required') return 'name'
  return undefined
}

/** What a failed send says when the server's answer has no message (the network, say). */
export const sendFailedKey = (mode: NewsletterMode) =>
  mode === 'subscribe' ? ('subscriptionFailed' as const) : ('unsubscribeFailed' as const)
