/**
 * `locale` is how dates and numbers are written: the site's English is British ("11 December
 * 2026, 19:00"), not the American that the bare `en` gives.
 */
export const LANGUAGES = [
  { code: 'hu', name: 'Magyar', flag: '🇭🇺', locale: 'hu-HU' },
  { code: 'en', name: 'English', flag: '🇬🇧', locale: 'en-GB' },
  { code: 'es', name: 'Español', flag: '🇪🇸', locale: 'es-ES' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪', locale: 'de-DE' },
] as const

export type Language = (typeof LANGUAGES)[number]['code']
export type LanguageOption = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'hu'
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as readonly Language[]
/** Cookie (and localStorage key) that remembers the visitor's language, so the server can use it too. */
export const LANGUAGE_COOKIE = 'lang'

/** The locale that writes dates in `language` as its readers do (Intl.DateTimeFormat). */
export function dateLocale(language: string): string {
  return LANGUAGES.find((l) => l.code === language)?.locale ?? language
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value)
}

/** Picks the first supported language from an Accept-Language header. */
export function languageFromAcceptLanguage(
  header: string | undefined | null,
): Language | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { base: tag.toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
  return ranked.map((entry) => entry.base).find(isLanguage)
}
