import { describe, expect, it } from 'vitest'
import { asciiOnly } from '../../scripts/build-server.ts'

/** Decision 96: the server bundle is held by Node in one byte a character only if it is ASCII. */
describe("the server bundle's characters", () => {
  it('writes the characters of comments as escapes, leaving the code and its lines as they were', async () => {
    const code = [
      '// nothing is a multiple of zero — the number branch',
      '/** What she is called ("Szia, Réka!"), 1–5 → */',
      'export const greeting = "Szia"',
      '',
    ].join('\n')
    const ascii = await asciiOnly(code)
    expect(ascii).not.toMatch(/[\u0080-\uffff]/)
    expect(ascii.split('\n')).toHaveLength(code.split('\n').length)
    expect(ascii).toContain('zero \\u2014 the number')
    expect(ascii).toContain('export const greeting = "Szia"')
  })

  it('leaves an ASCII bundle untouched', async () => {
    expect(await asciiOnly('export const a = 1\n')).toBe('export const a = 1\n')
  })

  it('refuses a character outside ASCII in code whose meaning an escape would change', async () => {
    await expect(asciiOnly('export const dot = String.raw`a · b`\n')).rejects.toThrow(/·/)
  })
})
