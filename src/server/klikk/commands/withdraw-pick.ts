import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { klikkPicks } from '../../db/schema/klikk.ts'
import { openWindow } from './open-window.ts'
import type { KlikkEffects } from './pick-member.ts'

export interface WithdrawPickOptions {
  userId: string
  eventId: string
  pickedId: string
  now?: Date
}

/**
 * Takes a pick back while the window is open (a pick she never made is withdrawn as well: the
 * answer is the same). A match it ends leaves both pages at once.
 */
export async function withdrawPick(
  db: Db,
  { userId, eventId, pickedId, now = new Date() }: WithdrawPickOptions,
  effects: KlikkEffects,
): Promise<void> {
  await openWindow(db, eventId, now)
  const deleted = await db
    .delete(klikkPicks)
    .where(
      and(
        eq(klikkPicks.eventId, eventId),
        eq(klikkPicks.pickerId, userId),
        eq(klikkPicks.pickedId, pickedId),
      ),
    )
    .returning({ id: klikkPicks.id })
  // The other page reads again either way: whether a match ended is not told by the timing.
  if (deleted.length > 0) effects.onMatch(eventId)
}
