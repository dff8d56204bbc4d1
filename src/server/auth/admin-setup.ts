import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { alias } from 'drizzle-orm/pg-core'
import { and, eq, exists, inArray, notExists, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { recordAudit, type AuditOrigin } from '../audit/audit.ts'

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
 * Makes the user an admin if the token is one of the printed, unexpired ones and the site still
 * has no admin; every link is then spent. The links exist only to make the first admin: the
 * moment any admin exists (ADMIN_EMAILS, `npm run admin grant`, another process), they stop
 * working and are deleted, whatever their age.
 */
export async function redeemAdminSetupToken(
  db: Db,
  token: string,
  userId: string,
  now = new Date(),
  /** Writes the promotion's audit entry in its transaction. */
  record?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    if (promoted.length > 0) await record?.(tx)
    return promoted.length > 0
  })
}

/**
 * The CLI's grant and revoke, audited as the operator's (whoever runs `npm run admin` on the
 * server). Returns false when no account has that e-mail address.
 */
export async function setAdminByEmail(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: profiles.id, email: profiles.email, isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.email, email.trim().toLowerCase()))
      .for('update')
    if (!before) return false
    await tx
      .update(profiles)
      .set({ isAdmin, updatedAt: new Date() })
      .where(eq(profiles.id, before.id))
    await recordRoleChange(tx, before, isAdmin, OPERATOR)
    return true
  })
}

const OPERATOR: AuditOrigin = {
  actor: { kind: 'operator', userId: null, name: 'npm run admin', email: null },
}
const CONFIGURATION: AuditOrigin = {
  actor: { kind: 'system', userId: null, name: 'ADMIN_EMAILS', email: null },
}

function recordRoleChange(
  tx: Tx,
  before: { id: string; email: string; isAdmin: boolean },
  isAdmin: boolean,
  origin: AuditOrigin,
) {
  return recordAudit(
    tx,
    {
      action: isAdmin ? 'role.grant' : 'role.revoke',
      subject: { type: 'user', id: before.id, label: before.email },
      before: { isAdmin: before.isAdmin },
      after: { isAdmin },
    },
    origin,
  )
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
  return db.transaction(async (tx) => {
    const promoted = await promoteIn(tx, listed, userId)
    for (const profile of promoted)
      await recordRoleChange(tx, { ...profile, isAdmin: false }, true, CONFIGURATION)
    return promoted.length
  })
}

async function promoteIn(tx: Tx, listed: readonly string[], userId?: string) {
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
