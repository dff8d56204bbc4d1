import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { expect, type APIRequestContext } from '@playwright/test'
import * as OTPAuth from 'otpauth'

/** The account the setup project makes; the test site lists it in ADMIN_EMAILS. */
export const ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'admin-secret-1',
  name: 'Admin Anna',
} as const

/**
 * The admin's authenticator app: the setup project turns two-step sign-in on (an admin area
 * needs it) and keeps the secret here, one file per test site, for every later sign-in.
 */
const secretFile = (baseURL: string) =>
  `.tmp/e2e-admin-totp-${new URL(baseURL).port || 'default'}.txt`

export function keepAdminTotp(baseURL: string, totpURI: string) {
  mkdirSync('.tmp', { recursive: true })
  writeFileSync(secretFile(baseURL), totpURI)
}

/** The code the admin's app shows now. */
export function adminTotpCode(baseURL: string): string {
  const uri = readFileSync(secretFile(baseURL), 'utf8')
  return (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate()
}

/** Both steps of the admin's sign-in through the API: password, then her app's code. */
export async function signInAdminThrough(
  request: APIRequestContext,
  baseURL: string,
  headers: Record<string, string> = {},
) {
  const first = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers,
  })
  expect(first.ok(), 'admin sign-in').toBe(true)
  const second = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: adminTotpCode(baseURL) },
    headers,
  })
  expect(second.ok(), "admin sign-in's second step").toBe(true)
}
