import type { PlaceMail } from '../calendar-mail.ts'
import * as participants from '../participants.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * A member takes a place, or one on the waiting list; her e-mail is queued with it and sent once
 * committed (participants.ts). Her own act, not an admin's: no audit entry.
 */
export async function register(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  userId: string,
  mail: PlaceMail,
) {
  const registered = await participants.register(db, eventId, userId, mail)
  live.changed(eventId)
  return registered
}
