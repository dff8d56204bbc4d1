import type { PlaceMail } from '../calendar-mail.ts'
import * as offers from '../place-offers.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * She says no to the place offered to her: she leaves the waiting list, and the place is offered
 * to the next in line at once. Her own act: no audit entry.
 */
export async function declinePlaceOffer(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  userId: string,
  mail: PlaceMail,
): Promise<void> {
  await offers.declineOffer(db, eventId, userId, mail)
  live.changed(eventId)
}
