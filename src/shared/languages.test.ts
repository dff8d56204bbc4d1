import { describe, expect, it } from 'vitest'
import { dateLocale, LANGUAGE_CODES, languageFromAcceptLanguage } from './languages.ts'

describe('languageFromAcceptLanguage', () => {
  it('picks the highest-ranked supported language', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7')).toBe('de')
    expect(languageFromAcceptLanguage('en-US,en;q=0.9')).toBe('en')
    expect(languageFromAcceptLanguage('es;q=0.5,hu;q=0.9')).toBe('hu')
  })

  it('gives nothing when no supported language is asked for', () => {
    expect(languageFromAcceptLanguage('fr,it;q=0.5')).toBeUndefined()
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined()
    expect(languageFromAcceptLanguage('de;q=0')).toBeUndefined()
  })
})

describe('dateLocale', () => {
  const evening = new Date('2026-12-11T18:00:00Z')
  const written = (language: string) =>
    new Intl.DateTimeFormat(dateLocale(language), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Budapest',
    }).format(evening)

  it('writes dates as each language writes them: British English, not American', () => {
    expect(written('en')).toBe('11 December 2026 at 19:00')
    expect(written('hu')).toBe('2026. december 11. 19:00')
    expect(written('de')).toBe('11. Dezember 2026 um 19:00')
    expect(written('es')).toBe('11 de diciembre de 2026 a las 19:00')
  })

  it('has a locale for every language', () => {
    for (const code of LANGUAGE_CODES) expect(dateLocale(code)).toMatch(new RegExp(`^${code}-`))
  })
})
