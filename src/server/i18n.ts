import { createInstance } from 'i18next'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from '../shared/languages.ts'
import { serverResources } from '../shared/locales/server-resources.ts'

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

export type ErrorMessageKey = keyof (typeof serverResources)['hu']['errors']

export function errorMessage(language: Language, key: ErrorMessageKey): string {
  return i18n.getFixedT(language, 'errors')(key)
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
