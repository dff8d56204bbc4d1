import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { klikkBlocks } from '../../db/schema/klikk.ts'

/** She lifts a block: they may match and sit together again. */
export async function unblockMember(
  db: Db,
  { userId, blockedId }: { userId: string; blockedId: string },
) {
  await db
    .delete(klikkBlocks)
    .where(and(eq(klikkBlocks.blockerId, userId), eq(klikkBlocks.blockedId, blockedId)))
  return { blocked: false }
}
