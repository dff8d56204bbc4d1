import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { newsletterTokens, newsletterUsedTokens } from '../db/schema/newsletter.ts'

export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000
export const UNSUBSCRIBE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** How long a used link is remembered, so that opening it again is answered kindly (issue 21). */
export const USED_TOKEN_MEMORY_MS = 30 * 24 * 60 * 60 * 1000

export type TokenPurpose = 'confirm' | 'unsubscribe'
type Writer = Pick<Db, 'delete'>

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The stored form of a link token. */
export const hashToken = (token: string) => sha256(token)

/**
 * A new random link token and the row that makes it valid; only the token's hash is stored, so a
 * database leak reveals no working link.
 */
export function mintToken(subscriberId: string, purpose: TokenPurpose, now = Date.now()) {
  const token = randomBytes(32).toString('base64url')
  const ttl = purpose === 'confirm' ? CONFIRM_TOKEN_TTL_MS : UNSUBSCRIBE_TOKEN_TTL_MS
  return {
    token,
    row: { tokenHash: sha256(token), subscriberId, purpose, expiresAt: new Date(now + ttl) },
  }
}

/**
 * Uses a token up: deletes it and returns its subscriber, in one statement, so two clicks at the
 * same moment cannot both succeed. Undefined for an unknown, expired, used or wrong-purpose token.
 */
export async function consumeToken(
  db: Writer,
  token: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .delete(newsletterTokens)
    .where(
      and(
        eq(newsletterTokens.tokenHash, sha256(token)),
        eq(newsletterTokens.purpose, purpose),
        gt(newsletterTokens.expiresAt, new Date()),
      ),
    )
    .returning({ subscriberId: newsletterTokens.subscriberId })
  return row?.subscriberId
}

/**
 * What a used link did, if it was used within USED_TOKEN_MEMORY_MS: the subscription a
 * confirmation link confirmed (while it exists), or the keyed address hash an unsubscribe link
 * took off the list. Reading it changes nothing, so the link stays used.
 */
export async function findUsedToken(db: Pick<Db, 'select'>, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({
      subscriberId: newsletterUsedTokens.subscriberId,
      addressHash: newsletterUsedTokens.addressHash,
    })
    .from(newsletterUsedTokens)
    .where(
      and(
        eq(newsletterUsedTokens.tokenHash, sha256(token)),
        eq(newsletterUsedTokens.purpose, purpose),
        gt(newsletterUsedTokens.usedAt, new Date(Date.now() - USED_TOKEN_MEMORY_MS)),
      ),
    )
  return row
}

/**
 * The List-Unsubscribe (RFC 8058) key of one subscription: its id and an HMAC of it. It needs no
 * row, so any newsletter, however old, can be left with one click; a new subscription (new id)
 * gets a new key.
 */
export function listUnsubscribeKey(secret: string, subscriberId: string): string {
  return `${subscriberId}.${mac(secret, subscriberId)}`
}

/** The subscriber id a List-Unsubscribe key stands for, or undefined when it was not ours. */
export function readListUnsubscribeKey(secret: string, key: string): string | undefined {
  const [id = '', signature = ''] = key.split('.')
  const expected = Buffer.from(mac(secret, id))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
}

/**
 * A campaign e-mail's own unsubscribe key: its recipient row and an HMAC of it. It never expires
 * (an old issue's link still works), and it tells which campaign the unsubscribe came from.
 */
export function campaignUnsubscribeKey(secret: string, recipientId: number): string {
  return `r${recipientId}.${recipientMac(secret, recipientId)}`
}

/** The recipient row a campaign unsubscribe key stands for, or undefined when it is not ours. */
export function readCampaignUnsubscribeKey(secret: string, key: string): number | undefined {
  const match = /^r(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(key)
  if (!match) return undefined
  const id = Number(match[1])
  const expected = Buffer.from(recipientMac(secret, id))
  const given = Buffer.from(match[2] ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
}

const recipientMac = (secret: string, recipientId: number) =>
  createHmac('sha256', secret).update(`campaign-unsubscribe:${recipientId}`).digest('base64url')

const mac = (secret: string, subscriberId: string) =>
  createHmac('sha256', secret).update(`list-unsubscribe:${subscriberId}`).digest('base64url')

/**
 * A used unsubscribe link remembers the address it took off the list only as this keyed hash, so
 * a new subscription of the address can make the link forget it.
 */
export function hashEmail(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`newsletter-address:${email}`).digest('hex')
}

/** Consent record: a keyed hash of the client's address, never the address itself. */
export function hashAddress(secret: string, address: string | undefined): string | null {
  return address ? createHmac('sha256', secret).update(`consent-ip:${address}`).digest('hex') : null
}
