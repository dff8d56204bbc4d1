import { removeDoorHelper as stopAtDoor } from '../door.ts'
import { memberValues } from '../event-audit.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host stops a member working this event's door. */
export async function removeDoorHelper(
  ctx: EventCommandContext,
  eventId: string,
  userId: string,
): Promise<void> {
  await auditedEventChange(ctx, eventId, 'door_helper.remove', async (tx) => {
    const member = await memberValues(tx, userId)
    await stopAtDoor(tx, eventId, userId)
    return { result: null, before: member }
  })
  ctx.live.changed(eventId)
}
