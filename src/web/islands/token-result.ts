import { isLanguage } from '#shared/languages.ts'
import { rememberLanguage } from '../lib/remember-language.ts'
import { alertBox } from './alert.ts'
import { text } from './texts.ts'

/** Each result page: its texts' key and the request that confirms its link's token. */
const KINDS = {
  '/newsletter/verify': { kind: 'verification', endpoint: '/api/newsletter/verify' },
  '/newsletter/unsubscribe': {
    kind: 'unsubscribeVerification',
    endpoint: '/api/newsletter/verify-unsubscribe',
  },
} as const

/**
 * The newsletter's result pages without the app (decision 102), as
 * features/newsletter/components/token-result-page.tsx behaves: the link's token is sent once
 * with POST (a mail scanner's GET of the link changes nothing), and the answer takes the waiting
 * line's place; after a failure, or without a token, the way to try again shows.
 */
export function tokenResult(): void {
  const box = document.querySelector<HTMLElement>('[data-token-result]')
  const page = KINDS[window.location.pathname as keyof typeof KINDS]
  if (!box || !page) return
  const tryAgain = document.querySelector<HTMLElement>('a[href="/#newsletter"]')
  const show = (tone: 'success' | 'error', message: string) => {
    box.replaceChildren(alertBox(tone, message))
    if (tone === 'error') tryAgain?.classList.remove('invisible')
  }
  const token = new URLSearchParams(window.location.search).get('token')
  if (token === null) return show('error', text(`newsletter:${page.kind}.invalidToken`))
  if (!token) return
  // The server answers in the page's language, as it does once the app has started (lib/i18n.ts).
  const language = document.documentElement.lang
  if (isLanguage(language)) rememberLanguage(language)
  void fetch(page.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
    .then(async (response) => ({
      ok: response.ok,
      message: ((await response.json().catch(() => null)) as { message?: string } | null)?.message,
    }))
    .catch(() => ({ ok: false, message: undefined }))
    .then(({ ok, message }) =>
      ok
        ? show('success', message ?? '')
        : show('error', message || text(`newsletter:${page.kind}.failed`)),
    )
}
