import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import type { Db } from '../db/client.ts'
import { browserClient } from './http-client.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'

/** A test app's harness, or anything else with the database the server uses. */
type Harness = { database: { db: Db } }
let seeded = 0

/**
 * A signed-in member (or admin) without going through e-mail: signs up through the real endpoint,
 * marks the address verified in the database, signs in. Returns her browser-like client.
 */
export async function seedMember(
  harness: Harness,
  origin: string,
  {
    isAdmin = false,
    language,
    name,
    email: address,
  }: {
    isAdmin?: boolean
    language?: string
    /** Her full name, signed up in one piece (the account then has no given name of its own). */
    name?: string
    /** Her address (a friend invited by it, decision 0092); a new one otherwise. */
    email?: string
  } = {},
) {
  const email = address ?? `seed${++seeded}-${Date.now()}@example.com`
  const password = 'seed-password'
  const client = browserClient(origin, { language })
  const signUp = await client.post('/api/auth/sign-up/email', {
    name: name ?? `Member ${seeded}`,
    email,
    password,
  })
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`)
  const [row] = await harness.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
    .returning()
  if (!row) throw new Error('seeded user missing')
  if (isAdmin)
    await harness.database.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, row.id))
  const signIn = await client.post('/api/auth/sign-in/email', { email, password })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`)
  // An admin's area opens once her account has two-step sign-in: the seeded admin sets it up
  // as she would on the account page. `totpURI` gives her app's codes for a later sign-in.
  const totpURI = isAdmin ? (await turnOnTwoStep(client, password)).totpURI : null
  return { client, email, password, userId: row.id, totpURI }
}

/** The code her authenticator app shows now (a real TOTP implementation, not the server's). */
export const totpCode = (totpURI: string, at = Date.now()) =>
  (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate({ timestamp: at })

/** Turns two-step sign-in on, as the account page does: password, QR code, first code. */
export async function turnOnTwoStep(
  client: Pick<ReturnType<typeof browserClient>, 'post'>,
  password: string,
) {
  const enable = await client.post('/api/auth/two-factor/enable', { password })
  if (!enable.ok) throw new Error(`two-factor/enable failed: ${enable.status}`)
  const setup = (await enable.json()) as { totpURI: string; backupCodes: string[] }
  const verify = await client.post('/api/auth/two-factor/verify-totp', {
    code: totpCode(setup.totpURI),
  })
  if (!verify.ok) throw new Error(`two-factor/verify-totp failed: ${verify.status}`)
  return setup
}
