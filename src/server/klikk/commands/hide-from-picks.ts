import type { Db } from '../../db/client.ts'
import { klikkSettings } from '../../db/schema/klikk.ts'

/**
 * Hides her from every pick list (or shows her again): nobody can pick her from now on. It goes
 * with "people you met" (a member who is not listed there cannot be picked either).
 */
export async function hideFromPicks(db: Db, userId: string, hidden: boolean) {
  await db
    .insert(klikkSettings)
    .values({ userId, hidden, updatedAt: new Date() })
    .onConflictDoUpdate({ target: klikkSettings.userId, set: { hidden, updatedAt: new Date() } })
  return { hidden }
}
