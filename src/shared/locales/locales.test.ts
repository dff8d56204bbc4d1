import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '../languages.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof value === 'string') out.set(prefix, value)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v)
    }
  } else throw new Error(`${prefix}: only strings and objects belong in a locale file`)
  return out
}

function load(language: string): Map<string, string> {
  const all = new Map<string, string>()
  for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith('.json'))) {
    const namespace = file.slice(0, -'.json'.length)
    const texts = flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8')))
    for (const [key, text] of texts) all.set(`${namespace}:${key}`, text)
  }
  return all
}

/** {{placeholders}} and <tags> must survive translation, or the UI breaks. */
const tokens = (text: string) =>
  [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0].replace(/\s/g, '')).sort()

const reference = load(DEFAULT_LANGUAGE)

describe('locales', () => {
  it('has texts for every language', () => {
    expect(
      readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort(),
    ).toEqual([...LANGUAGE_CODES].sort())
  })

  for (const language of LANGUAGE_CODES) {
    it(`${language} has exactly the keys of ${DEFAULT_LANGUAGE}`, () => {
      const texts = load(language)
      const missing = [...reference.keys()].filter((key) => !texts.has(key))
      const extra = [...texts.keys()].filter((key) => !reference.has(key))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    })

    it(`${language} has no empty texts and keeps every placeholder`, () => {
      for (const [key, text] of load(language)) {
        expect(text.trim(), key).not.toBe('')
        expect(tokens(text), key).toEqual(tokens(reference.get(key) ?? ''))
      }
    })
  }
})
