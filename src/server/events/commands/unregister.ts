import type { PlaceMail } from '../calendar-mail.ts'
import * as participants from '../participants.ts'
import type { EventCommandContext } from './event-change.ts'

/** A member gives up her place (it goes to the first waiting) or her place on the waiting list. */
export async function unregister(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  userId: string,
  mail: PlaceMail,
): Promise<void> {
  await participants.unregister(db, eventId, userId, mail)
  live.changed(eventId)
}
