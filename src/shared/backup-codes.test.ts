import { describe, expect, it } from 'vitest'
import { BACKUP_CODE_ALPHABET, normalizeBackupCode } from './backup-codes.ts'

describe('backup codes', () => {
  it('use no character that reads as another', () => {
    for (const lookAlike of '01OILU') expect(BACKUP_CODE_ALPHABET).not.toContain(lookAlike)
  })

  it('forgive small letters, spaces and a missing dash', () => {
    expect(normalizeBackupCode('abcde fghjk')).toBe('ABCDE-FGHJK')
    expect(normalizeBackupCode(' ABCDEFGHJK ')).toBe('ABCDE-FGHJK')
    expect(normalizeBackupCode('23456-789ab')).toBe('23456-789AB')
  })

  it('send a code of the older kind (mixed case, any letter) as it was given', () => {
    expect(normalizeBackupCode('aB1cD-eF0gH')).toBe('aB1cD-eF0gH')
    expect(normalizeBackupCode('aB1cDeF0gH')).toBe('aB1cD-eF0gH')
  })
})
