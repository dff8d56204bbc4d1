import { randomInt } from 'node:crypto'

// No 0/O, 1/I/L or U/V: a code read aloud at the door or typed from a phone screen stays unambiguous.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'
export const USER_CODE_LENGTH = 6

/** A short, human-friendly member code such as "K7M4QX" (29^6 ≈ 600 million of them). */
export function generateUserCode(): string {
  let code = ''
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

export { normalizeMemberCode as normalizeUserCode } from '#shared/member-code.ts'
