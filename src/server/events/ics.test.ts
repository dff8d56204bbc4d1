import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeText, foldLine } from './ics.ts'

describe('iCalendar lines', () => {
  it('folds any line to at most 75 octets, never inside a character, and unfolds to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`
        const folded = foldLine(line)
        for (const part of folded.split('\r\n'))
          expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75)
        expect(folded.replace(/\r\n /g, '')).toBe(line)
      }),
    )
  })

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })
})
