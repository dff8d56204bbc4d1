import { and, eq } from 'drizzle-orm'
import { CHECK_IN_UNDO_MS } from '#shared/constants.ts'
import { recordAudit } from '../../audit/audit.ts'
import { eventCheckIns, eventParticipants } from '../../db/schema/events.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { DomainError } from '../../domain-error.ts'
import { UNDO_GRACE_MS } from '../door.ts'
import { eventSubject } from '../event-audit.ts'
import { lockEvent } from '../event-base.ts'
import { freeOpenSeats } from '../late-arrivals.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * Takes a check-in back within its undo window: her participation is what it was before (a
 * walk-in is no participant again) and her seats in the running and next round are freed.
 * Undoing twice is the same as once.
 */
export async function undoCheckIn(
  { db, origin, live }: EventCommandContext,
  eventId: string,
  checkInId: string,
  now = Date.now(),
): Promise<{ userId: string }> {
  const undone = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId)
    const [made] = await tx
      .select()
      .from(eventCheckIns)
      .where(and(eq(eventCheckIns.id, checkInId), eq(eventCheckIns.eventId, eventId)))
    if (!made) throw new DomainError('checkInNotFound')
    if (made.undoneAt) return { userId: made.userId }
    if (now - made.createdAt.getTime() > CHECK_IN_UNDO_MS + UNDO_GRACE_MS)
      throw new DomainError('undoExpired')

    const who = and(
      eq(eventParticipants.eventId, eventId),
      eq(eventParticipants.userId, made.userId),
    )
    if (made.previousStatus === null) await tx.delete(eventParticipants).where(who)
    else
      await tx
        .update(eventParticipants)
        .set({
          status: made.previousStatus,
          checkedInAt: made.previousCheckedInAt,
          leftAt: made.previousLeftAt,
        })
        .where(who)
    await freeOpenSeats(tx, eventId, made.userId, now)
    await tx
      .update(eventCheckIns)
      .set({ undoneAt: new Date(now) })
      .where(eq(eventCheckIns.id, made.id))
    const [undoneFor] = await tx
      .select({ fullName: profiles.fullName, userCode: profiles.userCode })
      .from(profiles)
      .where(eq(profiles.id, made.userId))
    await recordAudit(
      tx,
      {
        action: 'participant.check_in_undo',
        subject: eventSubject(event),
        before: {
          checkInId,
          userId: made.userId,
          name: undoneFor?.fullName ?? null,
          userCode: undoneFor?.userCode ?? null,
        },
      },
      origin,
    )
    return { userId: made.userId }
  })
  live.changed(eventId)
  return undone
}
