import { createInstance, type ParseKeys, type TFunction } from 'i18next'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from '#shared/languages.ts'
import { serverResources } from '#shared/locales/server-resources.ts'
import type { ParticipantStatus } from '#shared/schemas/events.ts'

const i18n = createInstance()
await i18n.init({
  resources: serverResources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(serverResources[DEFAULT_LANGUAGE]),
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** A key in `errors`, or in another namespace the server speaks, as `newsletter:invalidEmail`. */
export type ErrorMessageKey = ParseKeys<['errors', 'newsletter', 'events']>
export type NewsletterMessageKey = ParseKeys<'newsletter'>

export function errorMessage(
  language: Language,
  key: ErrorMessageKey,
  values?: Record<string, string | number>,
): string {
  return i18n.getFixedT(language, ['errors', 'newsletter', 'events'])(key, values ?? {})
}

export function newsletterMessage(language: Language, key: NewsletterMessageKey): string {
  return i18n.getFixedT(language, 'newsletter')(key)
}

/** Whether a translated message exists (Better Auth's error codes, validation message keys). */
export function hasErrorMessage(key: string): key is ErrorMessageKey {
  return i18n.exists(key, { ns: ['errors', 'newsletter', 'events'] })
}

export function emailTranslator(language: Language): TFunction<'emails'> {
  return i18n.getFixedT(language, 'emails')
}

export function eventsTranslator(language: Language): TFunction<'events'> {
  return i18n.getFixedT(language, 'events')
}

/** A participant's status in the words the events pages use ("Registered", "Waiting list"). */
export function participantStatusText(language: Language, status: ParticipantStatus): string {
  return i18n.getFixedT(language, 'events')(`participants.statuses.${status}`)
}

/**
 * The language of a request made outside Hono (Better Auth's callbacks get a plain Request), by
 * requestLanguage's rules: ?lang=, then the remembered choice, then Accept-Language.
 */
export function languageOfRequest(request: Request | undefined): Language {
  const fromQuery = request ? new URL(request.url).searchParams.get('lang') : null
  if (isLanguage(fromQuery)) return fromQuery
  const cookie = request?.headers.get('cookie') ?? ''
  const remembered = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1)
  if (isLanguage(remembered)) return remembered
  return languageFromAcceptLanguage(request?.headers.get('accept-language')) ?? DEFAULT_LANGUAGE
}

/** The language the page is shown in: ?lang=, then the remembered choice, then hu (SPEC: hu is the default, whatever the browser says). */
export function pageLanguage(c: Context): Language {
  const fromQuery = c.req.query('lang')
  if (isLanguage(fromQuery)) return fromQuery
  const fromCookie = getCookie(c, LANGUAGE_COOKIE)
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE
}

/** The language of an API answer: as the page, but a client without a choice may ask by Accept-Language. */
export function requestLanguage(c: Context): Language {
  const fromQuery = c.req.query('lang')
  if (isLanguage(fromQuery)) return fromQuery
  const fromCookie = getCookie(c, LANGUAGE_COOKIE)
  if (isLanguage(fromCookie)) return fromCookie
  return languageFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LANGUAGE
}

/** The name of a table opened for those with no seat ("Table 6"), in the host's language. */
export function newTableName(language: Language, number: number): string {
  return i18n.getFixedT(language, 'events')('unseated.newTableName', { number })
}

/** The door screen's name ("Beléptetés", "Door"), for its web app manifest. */
export function doorTitle(language: Language): string {
  return i18n.getFixedT(language, 'events')('door.title')
}
