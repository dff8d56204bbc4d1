import { LANGUAGE_COOKIE, type Language } from '#shared/languages.ts'

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1)
}

/**
 * Her language, remembered on this device (localStorage) and told to the server (the cookie), so
 * that it answers in it (errors, e-mails, <html lang>). Used by the app (lib/i18n.ts) and by the
 * landing page's islands, which need none of i18next (islands/islands.ts).
 */
export function rememberLanguage(language: Language): void {
  // On a return visit all three already say so: writing them again costs a phone a cookie
  // round trip and a restyle of the whole page (lang is on <html>) while the page starts.
  if (document.documentElement.lang !== language) document.documentElement.lang = language
  if (readCookie(LANGUAGE_COOKIE) === language) return
  try {
    window.localStorage.setItem(LANGUAGE_COOKIE, language)
  } catch {
    // Storage can be blocked; the cookie still remembers.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
}
