import type { PlaceMail } from '../calendar-mail.ts'
import { memberValues } from '../event-audit.ts'
import * as participants from '../participants.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * The host takes someone off the event; her place (and a place her friend's open invitation
 * held) goes to the first on the waiting list at once.
 */
export async function removeParticipant(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
  mail: PlaceMail,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'participant.remove', async (tx, _before, afterCommit) => {
    const before = await participants.participation(tx, eventId, userId)
    if ((await participants.removeParticipant(tx, eventId, userId, mail)) > 0)
      afterCommit(mail.onEmailQueued)
    const member = await memberValues(tx, userId)
    return { result: null, before: { ...member, status: before?.status ?? null } }
  })
  ctx.live.changed(eventId)
}
