/**
 * Backup codes for two-step sign-in, made to be read aloud and typed from paper: capitals and
 * digits without the look-alikes 0/O, 1/I/L (and U, which reads as V), ten of them in two
 * groups of five: 30^10, about 49 bits, each code good once.
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const BACKUP_CODE_LENGTH = 10

/** A code as it is stored and shown: `ABCDE-FGHJK`. */
export const formatBackupCode = (symbols: string) =>
  `${symbols.slice(0, BACKUP_CODE_LENGTH / 2)}-${symbols.slice(BACKUP_CODE_LENGTH / 2)}`

/**
 * What she typed, as the server stores the code: spaces and dashes wherever she put them, and
 * small letters, are forgiven. A code of the older kind (mixed case, any letters) is sent as
 * typed, since its case matters.
 */
export function normalizeBackupCode(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '')
  const upper = compact.toUpperCase()
  const ours =
    upper.length === BACKUP_CODE_LENGTH &&
    [...upper].every((symbol) => BACKUP_CODE_ALPHABET.includes(symbol)) &&
    compact === (/[A-Z]/.test(compact) ? upper : compact.toLowerCase())
  if (ours) return formatBackupCode(upper)
  return compact.length === BACKUP_CODE_LENGTH ? formatBackupCode(compact) : typed.trim()
}
