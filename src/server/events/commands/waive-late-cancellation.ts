import { and, eq, isNull } from 'drizzle-orm'
import { eventLateCancellations } from '../../db/schema/events.ts'
import { DomainError } from '../../domain-error.ts'
import { memberValues } from '../event-audit.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * The host waves a late cancellation away ("she called, she was ill"): the record stays, marked
 * waived, with an audit entry. One already waved away, or none, is 404 and writes nothing.
 */
export async function waiveLateCancellation(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'late_cancellation.waive', async (tx) => {
    const [waived] = await tx
      .update(eventLateCancellations)
      .set({ waivedAt: new Date() })
      .where(
        and(
          eq(eventLateCancellations.eventId, eventId),
          eq(eventLateCancellations.userId, userId),
          isNull(eventLateCancellations.waivedAt),
        ),
      )
      .returning()
    if (!waived) throw new DomainError('lateCancellationNotFound')
    const member = await memberValues(tx, userId)
    return { result: null, before: { ...member, cancelledAt: waived.cancelledAt } }
  })
  ctx.live.changed(eventId)
}
