import { z } from 'zod'
import { BACKUP_CODE_ALPHABET } from './backup-codes.ts'

/**
 * A screen link's short code (decision 0066), typed on the projector's laptop: the backup
 * codes' look-alike-free alphabet, eight symbols shown in two groups of four (`K7MP-4QXR`):
 * 30^8, about 39 bits, against a few guesses a minute.
 */
export const SCREEN_CODE_ALPHABET = BACKUP_CODE_ALPHABET
export const SCREEN_CODE_LENGTH = 8

/** The code as shown and read aloud: `ABCD-EFGH`. */
export const formatScreenCode = (symbols: string) =>
  `${symbols.slice(0, SCREEN_CODE_LENGTH / 2)}-${symbols.slice(SCREEN_CODE_LENGTH / 2)}`

/**
 * What she typed as the eight symbols of a code, or null when it cannot be one: spaces, dashes
 * and small letters are forgiven.
 */
export function normalizeScreenCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase()
  if (compact.length !== SCREEN_CODE_LENGTH) return null
  return [...compact].every((symbol) => SCREEN_CODE_ALPHABET.includes(symbol)) ? compact : null
}

/** POST /api/screen/code: what the projector's page sends. */
export const screenCodeInputSchema = z.object({
  code: z.string({ error: 'screenCodeInvalid' }).max(40, { error: 'screenCodeInvalid' }),
})
