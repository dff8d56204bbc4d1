import { describe, expect, it } from 'vitest'
import { languageFromAcceptLanguage } from './languages.ts'

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
