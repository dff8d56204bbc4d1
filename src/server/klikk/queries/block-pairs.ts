import { and, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { klikkBlocks } from '../../db/schema/klikk.ts'

/**
 * The blocks among these members, as pairs for the mixer to keep apart (events/rounds.ts), with
 * the smaller id first and each pair once, whoever blocked whom.
 */
export async function blockPairs(db: Db | Tx, userIds: string[]): Promise<[string, string][]> {
  if (userIds.length < 2) return []
  const rows = await db
    .select({ blockerId: klikkBlocks.blockerId, blockedId: klikkBlocks.blockedId })
    .from(klikkBlocks)
    .where(and(inArray(klikkBlocks.blockerId, userIds), inArray(klikkBlocks.blockedId, userIds)))
  const pairs = new Map<string, [string, string]>()
  for (const { blockerId, blockedId } of rows) {
    const pair: [string, string] =
      blockerId < blockedId ? [blockerId, blockedId] : [blockedId, blockerId]
    pairs.set(pair.join(' '), pair)
  }
  return [...pairs.values()]
}
