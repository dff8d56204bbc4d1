import { addDoorHelper as allowAtDoor } from '../door.ts'
import { memberValues } from '../event-audit.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The host lets a member work this event's door, by her member code; her user id. */
export async function addDoorHelper(
  ctx: EventCommandContext,
  eventId: string,
  userCode: string,
): Promise<string> {
  const userId = await auditedEventChange(ctx, eventId, 'door_helper.add', async (tx) => {
    const added = await allowAtDoor(tx, eventId, userCode)
    return { result: added, after: await memberValues(tx, added) }
  })
  ctx.live.changed(eventId)
  return userId
}
