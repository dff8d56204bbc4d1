import { and, eq, notExists, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.ts'
import { klikkBlocks, klikkPicks } from '../../db/schema/klikk.ts'

const theirs = alias(klikkPicks, 'their_pick')

/**
 * Matches: she picked the other at an evening and the other picked her there too, and neither has
 * blocked the other (so a block looks, to the one blocked, like a pick never returned). One row
 * per side: `userId` is the one who reads it, `otherId` the one she matched. `where` narrows on
 * `klikkPicks` (her pick).
 */
export function mutualPicks(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      eventId: klikkPicks.eventId,
      userId: klikkPicks.pickerId,
      otherId: klikkPicks.pickedId,
      kind: klikkPicks.kind,
      theirKind: theirs.kind,
    })
    .from(klikkPicks)
    .innerJoin(
      theirs,
      and(
        eq(theirs.eventId, klikkPicks.eventId),
        eq(theirs.pickerId, klikkPicks.pickedId),
        eq(theirs.pickedId, klikkPicks.pickerId),
      ),
    )
    .where(and(where, notBlocked(db)))
}

/** Neither of the two blocked the other. */
function notBlocked(db: Db | Tx) {
  const blocked = db
    .select({ one: klikkBlocks.blockerId })
    .from(klikkBlocks)
    .where(
      or(
        and(
          eq(klikkBlocks.blockerId, klikkPicks.pickerId),
          eq(klikkBlocks.blockedId, klikkPicks.pickedId),
        ),
        and(
          eq(klikkBlocks.blockerId, klikkPicks.pickedId),
          eq(klikkBlocks.blockedId, klikkPicks.pickerId),
        ),
      ),
    )
  return notExists(blocked)
}
