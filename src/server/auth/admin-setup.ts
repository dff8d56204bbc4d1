import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { alias } from 'drizzle-orm/pg-core'
import { and, eq, exists, inArray, notExists, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'

const KEY = 'admin_setup'
export const ADMIN_SETUP_VALID_MS = 24 * 60 * 60_000

/**
 * The links printed and still valid. Every server process prints its own at start, and each
 * must keep working (behind a load balancer, the one in your terminal may not be the process
 * that answers), so a start adds its token instead of replacing the others'.
 */
interface SetupState {
  tokens: { hash: string; expiresAt: string }[]
}
/** Enough for a day of restarts of a dozen processes; beyond it the oldest link is dropped. */
const MAX_LINKS = 100

/** The stored state, also as written before several links were kept (one tokenHash). */
function setupState(value: unknown): SetupState {
  const state = value as Partial<SetupState & { tokenHash: string; expiresAt: string }> | undefined
  if (Array.isArray(state?.tokens)) return { tokens: state.tokens }
  if (state?.tokenHash && state.expiresAt)
    return { tokens: [{ hash: state.tokenHash, expiresAt: state.expiresAt }] }
  return { tokens: [] }
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
 * At start, while no admin exists: a new one-time setup token, valid 24 h, added to the ones
 * other processes (and earlier starts) printed that have not expired (only hashes are stored).
 * Returns the token to print, or null when an admin already exists.
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
  const added = { hash: hash(token), expiresAt: new Date(now.getTime() + ADMIN_SETUP_VALID_MS) }
  await db.transaction(async (tx) => {
    // Processes starting together each add theirs: the row is locked while one of them writes.
    await tx
      .insert(appSettings)
      .values({ key: KEY, value: { tokens: [] } satisfies SetupState })
      .onConflictDoNothing()
    const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update')
    const kept = setupState(row?.value).tokens.filter(
      // The same token again (ADMIN_SETUP_TOKEN) gets a fresh 24 h instead of a second entry.
      (link) => new Date(link.expiresAt) > now && link.hash !== added.hash,
    )
    const value: SetupState = {
      tokens: [...kept, { hash: added.hash, expiresAt: added.expiresAt.toISOString() }].slice(
        -MAX_LINKS,
      ),
    }
    await tx.update(appSettings).set({ value, updatedAt: now }).where(eq(appSettings.key, KEY))
  })
  return token
}

/** Whether the token is one of the links, unexpired; every one is compared in constant time. */
function matchesLink(state: SetupState, token: string, now: Date): boolean {
  const given = Buffer.from(hash(token))
  let found = false
  for (const link of state.tokens) {
    const expected = Buffer.from(link.hash)
    const same = given.length === expected.length && timingSafeEqual(given, expected)
    if (same && new Date(link.expiresAt) > now) found = true
  }
  return found
}

/**
 * The step of redeeming a link, in the caller's transaction (the command audits it): makes the
 * user an admin if the token is one of the printed, unexpired ones and the site still has no
 * admin; every link is then spent. The links exist only to make the first admin: the moment any
 * admin exists (ADMIN_EMAILS, `npm run admin grant`, another process), they stop working and are
 * deleted, whatever their age. Says whether she was promoted.
 */
export async function promoteWithSetupLink(
  tx: Tx,
  token: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update')
  if (!row) return false
  if (await hasAdmin(tx)) {
    await tx.delete(appSettings).where(eq(appSettings.key, KEY))
    return false
  }
  if (!matchesLink(setupState(row.value), token, now)) return false
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
}

/**
 * ADMIN_EMAILS's step, in the caller's transaction: listed addresses whose address is confirmed
 * become admins (`userId`: only hers). Returns the accounts promoted.
 */
export async function promoteListed(tx: Tx, listed: readonly string[], userId?: string) {
  return tx
    .update(profiles)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(
      and(
        eq(profiles.isAdmin, false),
        userId ? eq(profiles.id, userId) : undefined,
        inArray(sql`lower(${profiles.email})`, [...listed]),
        exists(
          tx
            .select({ id: user.id })
            .from(user)
            .where(and(eq(user.id, profiles.id), eq(user.emailVerified, true))),
        ),
      ),
    )
    .returning({ id: profiles.id, email: profiles.email })
}
