import { memberValues } from '../event-audit.ts'
import { addParticipantByCode } from '../participants.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host checks someone in by her member code; her user id. */
export async function addParticipant(
  ctx: EventCommandContext,
  eventId: string,
  userCode: string,
): Promise<string> {
  const userId = await auditedEventChange(ctx, eventId, 'participant.add', async (tx) => {
    const added = await addParticipantByCode(tx, eventId, userCode)
    return { result: added, after: { ...(await memberValues(tx, added)), status: 'present' } }
  })
  ctx.live.changed(eventId)
  return userId
}
