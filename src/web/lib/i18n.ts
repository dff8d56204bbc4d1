import i18n, { type BackendModule, type ReadCallback, type Resource } from 'i18next'
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  isLanguage,
  type Language,
} from '#shared/languages.ts'
import { readCookie, rememberLanguage } from './remember-language.ts'

export const TEXTS_ELEMENT_ID = 'app-texts'

type LocaleModule = { default: Record<string, unknown> }
// One chunk per language and namespace: a visitor downloads only the texts of her language.
const loaders = import.meta.glob<LocaleModule>('../../shared/locales/*/*.json')

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../../shared/locales/${language}/${namespace}.json`]
    if (!load) {
      callback(new Error(`No texts for ${language}/${namespace}`), false)
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/**
 * ?lang= wins, then the remembered choice, then Hungarian (the browser's language is not used: SPEC).
 * A prerendered page is already in the language the server chose by the same rules (its `<html
 * lang>`); the app starts in that one, or hydration would not match what is on the screen.
 */
export function initialLanguage(prerendered = false): Language {
  const served = document.documentElement.lang
  if (prerendered && isLanguage(served)) return served
  const fromQuery = new URLSearchParams(window.location.search).get('lang')
  if (isLanguage(fromQuery)) return fromQuery
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(LANGUAGE_COOKIE)
  } catch {
    // Storage can be blocked; the cookie still remembers.
  }
  if (isLanguage(stored)) return stored
  const fromCookie = readCookie(LANGUAGE_COOKIE)
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE
}

/** The texts a prerendered page carries (`<script id="app-texts">`, scripts/prerender.ts). */
function bundledTexts(): Resource | undefined {
  const element = document.getElementById(TEXTS_ELEMENT_ID)
  return element?.textContent ? (JSON.parse(element.textContent) as Resource) : undefined
}

export async function setupI18n({ prerendered = false } = {}): Promise<typeof i18n> {
  const language = initialLanguage(prerendered)
  const bundled = bundledTexts()
  await i18n.use(lazyBackend).init({
    // A prerendered page carries its texts; other namespaces and languages still load on demand.
    ...(bundled && { resources: bundled, partialBundledLanguages: true }),
    lng: language,
    // Every language has every text (src/shared/locales/locales.test.ts fails otherwise), so a
    // fallback would never be read, and i18next would still load its texts with every namespace.
    fallbackLng: false,
    supportedLngs: LANGUAGE_CODES,
    load: 'currentOnly',
    ns: ['common', 'landing'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  })
  rememberLanguage(language)
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) rememberLanguage(next)
  })
  return i18n
}

/** Drops ?lang= from the address once applied, so a later choice in the menu is not overridden on reload. */
export function stripLanguageParam(search: string): string | null {
  const params = new URLSearchParams(search)
  if (!params.has('lang')) return null
  params.delete('lang')
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
