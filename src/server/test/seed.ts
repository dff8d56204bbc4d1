import { eq } from 'drizzle-orm'
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
  { isAdmin = false, language }: { isAdmin?: boolean; language?: string } = {},
) {
  const email = `seed${++seeded}-${Date.now()}@example.com`
  const password = 'seed-password'
  const client = browserClient(origin, { language })
  const signUp = await client.post('/api/auth/sign-up/email', {
    name: `Member ${seeded}`,
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
  return { client, email, password, userId: row.id }
}
