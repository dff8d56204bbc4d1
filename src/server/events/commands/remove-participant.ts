import { memberValues } from '../event-audit.ts'
import * as participants from '../participants.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host takes someone off the event. */
export async function removeParticipant(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'participant.remove', async (tx) => {
    const before = await participants.participation(tx, eventId, userId)
    await participants.removeParticipant(tx, eventId, userId)
    const member = await memberValues(tx, userId)
    return { result: null, before: { ...member, status: before?.status ?? null } }
  })
  ctx.live.changed(eventId)
}
