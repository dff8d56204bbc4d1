import type { Language } from '#shared/languages.ts'

/** A language's name in the admin's own language ("angol", "English", "inglés"). */
export function languageName(code: Language, uiLanguage: string): string {
  return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code
}

/** The chosen languages as one list in the admin's language ("angol és német"). */
export function languageList(codes: readonly Language[], uiLanguage: string): string {
  return new Intl.ListFormat([uiLanguage], { type: 'conjunction' }).format(
    codes.map((code) => languageName(code, uiLanguage)),
  )
}
