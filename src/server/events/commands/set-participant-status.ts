import type { ParticipantStatus } from '#shared/schemas/events.ts'
import { MEMBER_KEEP, memberValues } from '../event-audit.ts'
import * as participants from '../participants.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host checks a participant in or out. */
export async function setParticipantStatus(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
  status: ParticipantStatus,
) {
  const updated = await auditedEventChange(ctx, eventId, 'participant.status', async (tx) => {
    const before = await participants.participation(tx, eventId, userId)
    const after = await participants.setParticipantStatus(tx, eventId, userId, status)
    const member = await memberValues(tx, userId)
    return {
      result: after,
      before: { ...member, status: before?.status ?? null },
      after: { ...member, status: after.status },
      keep: MEMBER_KEEP,
    }
  })
  ctx.live.changed(eventId)
  return updated
}
