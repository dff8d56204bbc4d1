export const LANGUAGES = [
  { code: 'hu', name: 'Magyar', flag: '🇭🇺' },
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
] as const

export type Language = (typeof LANGUAGES)[number]['code']
export type LanguageOption = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'hu'
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as readonly Language[]
/** Cookie (and localStorage key) that remembers the visitor's language, so the server can use it too. */
export const LANGUAGE_COOKIE = 'lang'

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
