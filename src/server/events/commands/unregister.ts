import type { PlaceMail } from '../calendar-mail.ts'
import * as participants from '../participants.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * A member gives up her place (it is offered to the first waiting; after the deadline it is
 * recorded as late) or her place on the waiting list. Her own act: no audit entry.
 */
export async function unregister(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  userId: string,
  mail: PlaceMail,
): Promise<{ late: boolean }> {
  const result = await participants.unregister(db, eventId, userId, mail)
  live.changed(eventId)
  return result
}
