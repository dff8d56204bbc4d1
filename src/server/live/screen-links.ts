import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { SCREEN_CODE_ALPHABET, SCREEN_CODE_LENGTH } from '#shared/screen-codes.ts'
import { batchedLookup, type BatchedLookup } from '../db/batched-lookup.ts'
import type { Db, Tx } from '../db/client.ts'
import { events } from '../db/schema/events.ts'
import { eventScreenKeys, eventScreenLinks, type ScreenLinkEnd } from '../db/schema/screen-links.ts'
import { DomainError } from '../domain-error.ts'
import { isUniqueViolation } from '../db/checks.ts'

/** How many projectors may open one link by its code: enough for a room, not a flood of rows. */
export const MAX_KEYS_PER_LINK = 50

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const newCode = () =>
  Array.from(
    { length: SCREEN_CODE_LENGTH },
    () => SCREEN_CODE_ALPHABET[randomInt(SCREEN_CODE_ALPHABET.length)],
  ).join('')

/** A key's answer: the event it opens, or why it no longer does. */
export type ScreenKey =
  | { status: 'working'; eventId: string; linkId: string }
  | { status: 'ended'; eventId: string; linkId: string; because: ScreenLinkEnd }

/** What the host's panel knows of her event's link (the token and code are shown only once). */
export interface ScreenLinkStatus {
  working: boolean
  createdAt: string | null
}

export async function screenLinkStatus(db: Db, eventId: string): Promise<ScreenLinkStatus> {
  const [link] = await db
    .select({ createdAt: eventScreenLinks.createdAt })
    .from(eventScreenLinks)
    .where(and(eq(eventScreenLinks.eventId, eventId), isNull(eventScreenLinks.endedAt)))
  return { working: Boolean(link), createdAt: link?.createdAt.toISOString() ?? null }
}

/** Ends the event's working link, if any; whether there was one. */
async function endWorking(tx: Tx, eventId: string, because: ScreenLinkEnd): Promise<boolean> {
  const ended = await tx
    .update(eventScreenLinks)
    .set({ endedAt: new Date(), endedBecause: because })
    .where(and(eq(eventScreenLinks.eventId, eventId), isNull(eventScreenLinks.endedAt)))
    .returning({ id: eventScreenLinks.id })
  return ended.length > 0
}

/**
 * A new screen link for an evening that has not ended: its token (for the address) and code,
 * shown to the host once and kept only as hashes. The link it replaces stops working.
 */
export async function createScreenLink(
  tx: Tx,
  eventId: string,
  userId: string | null,
): Promise<{ token: string; code: string; createdAt: string; replaced: boolean }> {
  const [event] = await tx
    .select({ endedAt: events.endedAt, status: events.status })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) throw new DomainError('eventNotFound')
  if (event.endedAt && event.status !== 'active') throw new DomainError('eventEnded')
  const replaced = await endWorking(tx, eventId, 'replaced')
  // Two working links with one code are refused by the database: draw again (1 in 6.5 × 10¹¹).
  for (let attempt = 0; ; attempt++) {
    const code = newCode()
    try {
      const [link] = await tx.transaction(async (inner) =>
        inner
          .insert(eventScreenLinks)
          .values({ eventId, codeHash: sha256(code), createdBy: userId })
          .returning(),
      )
      if (!link) throw new Error('screen link not written')
      const token = newToken()
      await tx.insert(eventScreenKeys).values({ tokenHash: sha256(token), linkId: link.id })
      return { token, code, createdAt: link.createdAt.toISOString(), replaced }
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

/** The host switches her event's link off; refused when none works. */
export async function revokeScreenLink(tx: Tx, eventId: string): Promise<void> {
  if (!(await endWorking(tx, eventId, 'revoked'))) throw new DomainError('screenLinkNotFound')
}

const keyRows = (db: Db, hashes: string[]) =>
  db
    .select({
      tokenHash: eventScreenKeys.tokenHash,
      linkId: eventScreenLinks.id,
      eventId: eventScreenLinks.eventId,
      endedBecause: eventScreenLinks.endedBecause,
      eventEndedAt: events.endedAt,
      eventStatus: events.status,
    })
    .from(eventScreenKeys)
    .innerJoin(eventScreenLinks, eq(eventScreenLinks.id, eventScreenKeys.linkId))
    .innerJoin(events, eq(events.id, eventScreenLinks.eventId))
    .where(
      hashes.length === 1
        ? eq(eventScreenKeys.tokenHash, hashes[0] ?? '')
        : inArray(eventScreenKeys.tokenHash, hashes),
    )

function keyOf(row: Awaited<ReturnType<typeof keyRows>>[number]): ScreenKey {
  const { linkId, eventId } = row
  if (row.endedBecause) return { status: 'ended', eventId, linkId, because: row.endedBecause }
  // The trigger of migration 0020 ends the link with the evening; this holds even without it.
  if (row.eventEndedAt && row.eventStatus !== 'active')
    return { status: 'ended', eventId, linkId, because: 'ended' }
  return { status: 'working', eventId, linkId }
}

/** What a key (the token in a screen's address) opens, or null for one that never existed. */
export async function screenKey(db: Db, token: string): Promise<ScreenKey | null> {
  const [row] = await keyRows(db, [sha256(token)])
  return row ? keyOf(row) : null
}

const keyChecks = new WeakMap<Db, BatchedLookup<string, ScreenKey>>()

/**
 * `screenKey`, for the open screens' streams: those asking in the same moment (a heartbeat slot,
 * or every screen of an event after a change) share one query (decision 0097).
 */
export function screenKeyChecked(db: Db, token: string): Promise<ScreenKey | null> {
  let checks = keyChecks.get(db)
  if (!checks)
    keyChecks.set(
      db,
      (checks = batchedLookup(
        async (hashes) =>
          new Map((await keyRows(db, hashes)).map((row) => [row.tokenHash, keyOf(row)])),
      )),
    )
  return checks.get(sha256(token)).then((found) => found ?? null)
}

/** Queries the screens' batched key checks have run on `db` so far (for the tests). */
export const screenKeyQueries = (db: Db) => keyChecks.get(db)?.queries ?? 0

/**
 * A projector typed a code: a key of its own to the working link with that code, or null when
 * no working link has it (or it has opened its share of projectors).
 */
export async function keyForCode(db: Db, code: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: eventScreenLinks.id })
      .from(eventScreenLinks)
      .innerJoin(events, eq(events.id, eventScreenLinks.eventId))
      .where(
        and(
          eq(eventScreenLinks.codeHash, sha256(code)),
          isNull(eventScreenLinks.endedAt),
          sql`(${events.endedAt} is null or ${events.status} = 'active')`,
        ),
      )
      .for('update', { of: eventScreenLinks })
    if (!link) return null
    const [{ keys } = { keys: 0 }] = await tx
      .select({ keys: sql<number>`count(*)::int` })
      .from(eventScreenKeys)
      .where(eq(eventScreenKeys.linkId, link.id))
    if (keys >= MAX_KEYS_PER_LINK) return null
    const token = newToken()
    await tx.insert(eventScreenKeys).values({ tokenHash: sha256(token), linkId: link.id })
    return token
  })
}
