import { and, eq, isNull } from 'drizzle-orm'
import { eventNoShows } from '../../db/schema/events.ts'
import { DomainError } from '../../domain-error.ts'
import { memberValues } from '../event-audit.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * The host clears a no-show ("she called, she was ill"): the record stays, marked cleared, with
 * an audit entry, and no longer counts on her or the evening. One already cleared, or none, is
 * 404 and writes nothing (decision 0091).
 */
export async function clearNoShow(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'no_show.clear', async (tx) => {
    const [cleared] = await tx
      .update(eventNoShows)
      .set({ clearedAt: new Date() })
      .where(
        and(
          eq(eventNoShows.eventId, eventId),
          eq(eventNoShows.userId, userId),
          isNull(eventNoShows.clearedAt),
        ),
      )
      .returning()
    if (!cleared) throw new DomainError('noShowNotFound')
    const member = await memberValues(tx, userId)
    return { result: null, before: { ...member, recordedAt: cleared.recordedAt } }
  })
  ctx.live.changed(eventId)
}
