import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { alias } from 'drizzle-orm/pg-core'
import { and, eq, exists, inArray, notExists, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'

const KEY = 'admin_setup'
export const ADMIN_SETUP_VALID_MS = 24 * 60 * 60_000

interface SetupState {
  tokenHash: string
  expiresAt: string
}

/** Other admin rows, in the promoting statement's own sub-query. */
const admins = alias(profiles, 'admins')

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export async function hasAdmin(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.isAdmin, true))
    .limit(1)
  return rows.length > 0
}

/**
 * At start, while no admin exists: a new one-time setup token, valid 24 h (only its hash is
 * stored). Returns the token to print, or null when an admin already exists.
 */
export async function issueAdminSetupToken(
  db: Db,
  {
    now = new Date(),
    token = randomBytes(24).toString('base64url'),
  }: { now?: Date; token?: string } = {},
): Promise<string | null> {
  if (await hasAdmin(db)) {
    await db.delete(appSettings).where(eq(appSettings.key, KEY))
    return null
  }
  const value: SetupState = {
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + ADMIN_SETUP_VALID_MS).toISOString(),
  }
  await db
    .insert(appSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
  return token
}

/**
 * Makes the user an admin if the token is the current, unexpired one and the site still has no
 * admin; the token is then spent. The link exists only to make the first admin: the moment any
 * admin exists (ADMIN_EMAILS, `npm run admin grant`, another process), it stops working and is
 * deleted, whatever its age.
 */
export async function redeemAdminSetupToken(
  db: Db,
  token: string,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update')
    const state = row?.value as SetupState | undefined
    if (!state) return false
    if (await hasAdmin(tx)) {
      await tx.delete(appSettings).where(eq(appSettings.key, KEY))
      return false
    }
    if (new Date(state.expiresAt) <= now) return false
    const given = Buffer.from(hash(token))
    const expected = Buffer.from(state.tokenHash)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
    // One statement that re-checks "no admin yet", so a grant committed since the check above
    // still wins over the link.
    const promoted = await tx
      .update(profiles)
      .set({ isAdmin: true, updatedAt: now })
      .where(
        and(
          eq(profiles.id, userId),
          notExists(tx.select({ id: admins.id }).from(admins).where(eq(admins.isAdmin, true))),
        ),
      )
      .returning({ id: profiles.id })
    await tx.delete(appSettings).where(eq(appSettings.key, KEY))
    return promoted.length > 0
  })
}

/** The CLI's grant and revoke. Returns false when no account has that e-mail address. */
export async function setAdminByEmail(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(profiles.email, email.trim().toLowerCase()))
    .returning({ id: profiles.id })
  return updated.length > 0
}

/**
 * ADMIN_EMAILS: listed addresses are admins once the address is confirmed (at sign-up through
 * Google, when the e-mail link is followed, or at the next start for existing accounts). Returns
 * how many accounts were promoted.
 */
export async function promoteListedAdmins(
  db: Db,
  listed: readonly string[],
  userId?: string,
): Promise<number> {
  if (listed.length === 0) return 0
  const promoted = await db
    .update(profiles)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(
      and(
        eq(profiles.isAdmin, false),
        userId ? eq(profiles.id, userId) : undefined,
        inArray(sql`lower(${profiles.email})`, [...listed]),
        exists(
          db
            .select({ id: user.id })
            .from(user)
            .where(and(eq(user.id, profiles.id), eq(user.emailVerified, true))),
        ),
      ),
    )
    .returning({ id: profiles.id })
  return promoted.length
}
