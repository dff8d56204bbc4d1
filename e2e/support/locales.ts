import { readFileSync } from 'node:fs'
import type { Language } from '#shared/languages.ts'

/** Tests read the real locale files, so they check what a visitor reads, not a copy of it. */
export function texts(
  language: Language,
  namespace:
    | 'account'
    | 'admin'
    | 'auth'
    | 'common'
    | 'dashboard'
    | 'emails'
    | 'errors'
    | 'events'
    | 'landing'
    | 'newsletter'
    | 'privacy',
) {
  return JSON.parse(
    readFileSync(
      new URL(`../../src/shared/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  )
}
