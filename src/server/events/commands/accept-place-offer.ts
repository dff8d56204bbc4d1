import type { PlaceMail } from '../calendar-mail.ts'
import * as offers from '../place-offers.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * She says yes to the place offered to her (decision 0089): under the event's lock, so however
 * many say yes at once, in however many processes, no more places are given than exist. Her own
 * act: no audit entry. A second yes is the same yes.
 */
export async function acceptPlaceOffer(
  { db, live }: Pick<EventCommandContext, 'db' | 'live'>,
  eventId: string,
  userId: string,
  mail: PlaceMail,
) {
  const result = await offers.acceptOffer(db, eventId, userId, mail)
  if (result === 'accepted') live.changed(eventId)
  return result
}
