import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim())
export const isLongEnough = (password: string) => password.length >= PASSWORD_MIN_LENGTH
