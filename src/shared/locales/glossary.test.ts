import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES, type Language } from '../languages.ts'

/**
 * docs/glossary.md names each thing once per language; its last column lists the words it retired
 * ("hu: Körpanel, kivetítő; en: round panel"). No locale text may use a retired word again, and the
 * same action reads the same on every screen.
 */
const root = fileURLToPath(new URL('.', import.meta.url))
const glossary = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8')

function flatten(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (typeof value === 'string') out.set(prefix, value)
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out)
  return out
}

function load(language: Language): Map<string, string> {
  const all = new Map<string, string>()
  for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith('.json'))) {
    const namespace = file.slice(0, -'.json'.length)
    for (const [key, text] of flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8'))))
      all.set(`${namespace}:${key}`, text)
  }
  return all
}

/** The glossary table's "Retired" column, per language. */
function retiredWords(): Record<Language, string[]> {
  const retired = Object.fromEntries(LANGUAGE_CODES.map((l) => [l, [] as string[]])) as Record<
    Language,
    string[]
  >
  const rows = glossary
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
  for (const row of rows.slice(1)) {
    const cells = row.split('|').map((cell) => cell.trim())
    const last = cells[cells.length - 2] ?? ''
    for (const part of last.split(';').filter((p) => p.trim())) {
      const match = /^\s*(hu|en|es|de):\s*(.+)$/.exec(part)
      if (!match) throw new Error(`docs/glossary.md: cannot read the retired words "${part}"`)
      const [, language, words] = match as unknown as [string, Language, string]
      retired[language].push(...words.split(',').map((w) => w.trim()))
    }
  }
  return retired
}

/** A retired word at the start of a word ("kivetítőn" counts, "medianoche" does not). */
function uses(text: string, word: string): boolean {
  // Placeholders, tags and environment variables (ADMIN_EMAILS) are names, not words.
  const plain = text.replace(/\{\{\s*\w+\s*\}\}|<\/?\w+>|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g, ' ')
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')
  return new RegExp(`(?<!\\p{L})${escaped}`, 'iu').test(plain)
}

const retired = retiredWords()

describe('glossary', () => {
  it('retires the words issue 39 names, and the glossary is readable', () => {
    expect(retired.hu).toEqual(expect.arrayContaining(['Körpanel', 'kivetítő', 'Esemény indítása']))
    expect(retired.en).toEqual(expect.arrayContaining(['round panel', 'log in', 'logout']))
    expect(retired.es).toEqual(expect.arrayContaining(['panel de rondas', 'noche']))
    expect(retired.de).toEqual(expect.arrayContaining(['Rundenanzeige', 'Leinwand', 'Türhelferin']))
  })

  it('finds a retired word where it is written, and not inside another word', () => {
    expect(uses('Az est mindenkinek véget ér a kivetítőn.', 'kivetítő')).toBe(true)
    expect(uses('Open round  panel', 'round panel')).toBe(true)
    expect(uses('¿Una duda a medianoche?', 'noche')).toBe(false)
    expect(uses('{{email}} was removed.', 'email')).toBe(false)
    expect(uses('Admins by address (ADMIN_EMAILS)', 'email')).toBe(false)
    expect(uses('Please enter a valid email address.', 'email')).toBe(true)
  })

  for (const language of LANGUAGE_CODES) {
    it(`${language}: no text uses a retired word`, () => {
      const found: string[] = []
      for (const [key, text] of load(language))
        for (const word of retired[language])
          if (uses(text, word)) found.push(`${key}: "${word}" in "${text}"`)
      expect(found).toEqual([])
    })

    it(`${language}: the same action reads the same on every screen`, () => {
      const texts = load(language)
      const same = (a: string, b: string) =>
        expect(texts.get(a), `${a} and ${b}`).toBe(texts.get(b))
      // Starting and ending the evening: its card, its page, the door screen and the confirmation.
      same('events:card.start', 'events:door.startEvent')
      same('events:card.end', 'events:page.confirmEndButton')
      // The big screen, opened by the host and by a member.
      same('events:card.openRoundPanel', 'events:myTable.openScreen')
      // The people-met list, named on the home page, its own page and the account page.
      same('events:home.peopleMet', 'events:peopleMet.title')
      same('events:peopleMet.title', 'account:account.peopleMetTitle')
    })
  }

  it('de: the newsletter is subscribed and unsubscribed, not signed in to or out of', () => {
    const de = load('de')
    const signIn = [de.get('common:accountMenu.login'), de.get('common:accountMenu.logout')]
    for (const key of [
      'newsletter:form.subscribe',
      'newsletter:form.unsubscribe',
      'newsletter:toggle.subscribe',
      'newsletter:toggle.unsubscribe',
      'emails:campaign.unsubscribe',
    ])
      expect(signIn, key).not.toContain(de.get(key))
  })
})
