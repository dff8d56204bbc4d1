import type { Language } from '#shared/languages.ts'
import { NEWSLETTER_NAME_MAX_LENGTH } from '#shared/constants.ts'
import { newsletterMessage } from '../i18n.ts'
import { escapeHtml } from './config-placeholders.ts'

/** What the plain newsletter form's post came to (newsletter-form.routes.ts). */
export interface NewsletterAnswer {
  language: Language
  /** The answer as a whole: "check your inbox", or a refusal not about one field. */
  outcome?: { tone: 'success' | 'error'; text: string }
  /** Refused: what she sent, kept in the form she sends again. */
  values?: { name: string; email: string }
  /** Refused for a field: its message, said at the field. */
  fieldErrors?: { name?: string; email?: string }
}

// The looks of the app's form parts (components/ui: text-field, alert, button).
const FIELD_CLASS =
  'h-12 w-full px-4 rounded-xl border border-ink/15 bg-white text-base transition focus:border-rose-deep aria-invalid:border-2 aria-invalid:border-danger'
const OUTCOME_CLASS = {
  success: 'bg-sage/15 text-sage-deep ring-sage/40',
  error: 'bg-danger/5 text-danger ring-danger/50',
}

/**
 * The page that answers the landing page's newsletter form when it was sent without the app (its
 * script not yet there, or off): the site's index.html with its stylesheet, without the app's
 * script, its body this answer. Success says it in a status; a refusal shows the form again with
 * her input and the message at its field (as the form does after hydration), and a way home.
 */
export function newsletterAnswerPage(template: string, answer: NewsletterAnswer): string {
  const { language, outcome, values, fieldErrors = {} } = answer
  const t = (key: Parameters<typeof newsletterMessage>[1]) =>
    escapeHtml(newsletterMessage(language, key))
  const brand = template.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''
  const home = `/?lang=${language}`
  const status = outcome
    ? `<p role="${outcome.tone === 'success' ? 'status' : 'alert'}" class="rounded-2xl px-4 py-3 text-left font-medium ring-1 ${OUTCOME_CLASS[outcome.tone]}">${escapeHtml(outcome.text)}</p>`
    : ''
  const field = (
    name: 'name' | 'email',
    label: string,
    attributes: string,
    value: string | undefined,
  ) => {
    const error = fieldErrors[name]
    const id = `newsletter-${name}`
    return `<div class="flex flex-col gap-1.5 text-left"><label for="${id}" class="text-sm font-semibold">${label}</label><input id="${id}" name="${name}" value="${escapeHtml(value ?? '')}" ${attributes}${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
    } class="${FIELD_CLASS}">${
      error
        ? `<p id="${id}-error" class="text-sm font-medium text-danger">${escapeHtml(error)}</p>`
        : ''
    }</div>`
  }
  const form = values
    ? `<form method="post" action="/newsletter/subscribe?lang=${language}" aria-label="${t('form.label')}" class="flex flex-col gap-5 rounded-3xl bg-white p-6 text-left shadow-xl shadow-ink/5 ring-1 ring-ink/5 sm:p-8"><div class="grid gap-5 sm:grid-cols-2">${field(
        'name',
        t('form.name'),
        `autocomplete="given-name" maxlength="${NEWSLETTER_NAME_MAX_LENGTH}"${fieldErrors.name ? ' autofocus' : ''}`,
        values.name,
      )}${field(
        'email',
        t('form.email'),
        `type="email" autocomplete="email" required${fieldErrors.email && !fieldErrors.name ? ' autofocus' : ''}`,
        values.email,
      )}</div><button type="submit" class="inline-flex h-12 items-center justify-center rounded-full bg-rose-deep px-6 font-semibold text-white shadow-md shadow-rose/20 hover:bg-ink">${t(
        'form.subscribe',
      )}</button></form>`
    : ''
  const body = `<header class="border-b border-ink/5 bg-cream/85"><div class="mx-auto flex h-16 max-w-6xl items-center px-5 sm:px-8"><a href="${home}" class="font-display text-xl font-semibold tracking-tight">${brand}</a></div></header><main id="main" class="mx-auto flex max-w-xl flex-col gap-6 px-5 py-16 sm:px-8"><h1 class="font-display text-3xl font-semibold tracking-tight sm:text-4xl">${t(
    'verification.title',
  )}</h1>${status}${form}<p><a href="${home}" class="font-semibold text-rose-deep underline underline-offset-4">${t(
    'result.backHome',
  )}</a></p></main>`
  return (
    template
      // The answer is the whole page: no app takes it over.
      .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${t('verification.title')} – ${brand}</title>`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
  )
}
