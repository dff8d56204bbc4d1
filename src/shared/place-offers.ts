/**
 * Giving a place back and waiting-list offers (issue 41, parts 2 and 3; decision 0089). Both sides
 * read these: the server decides with them, the events page says them.
 */

const HOUR_MS = 3_600_000

/** Hours before the start until which she gives her place back in time: default and bounds. */
export const CANCEL_DEADLINE_HOURS = { default: 24, min: 0, max: 14 * 24 } as const

/** How long an offer of a place lasts, at most. */
export const PLACE_OFFER_MS = 24 * HOUR_MS

/**
 * No offer to one woman outlives the start minus this. From then on (the last hours) a place that
 * opens is offered to everyone in line at once, and the first who accepts has it.
 */
export const LAST_HOURS_MS = 2 * HOUR_MS

/** An offer to the first in line, or (in the last hours) one to everyone in line at once. */
export const PLACE_OFFER_KINDS = ['single', 'open'] as const
/** Open (waiting for her answer), then one of her answers, lapsed, or withdrawn (the place went). */
export const PLACE_OFFER_STATUSES = ['open', 'accepted', 'declined', 'lapsed', 'withdrawn'] as const
export type PlaceOfferKind = (typeof PLACE_OFFER_KINDS)[number]

/** When she can last give her place back without it counting as late. */
export const cancelDeadline = (event: { startTime: Date | string; cancelDeadlineHours: number }) =>
  new Date(new Date(event.startTime).getTime() - event.cancelDeadlineHours * HOUR_MS)

/** Whether `now` is in the evening's last hours (offers to everyone in line at once). */
export const inLastHours = (event: { startTime: Date | string }, now: number) =>
  now >= new Date(event.startTime).getTime() - LAST_HOURS_MS

/** How long a friend's invitation holds her place, at most (never past the cancellation deadline). */
export const FRIEND_HOLD_MS = 48 * HOUR_MS

/**
 * A friend's invitation (decision 0092): open (holding a place), accepted (she is registered),
 * withdrawn by the inviter, or lapsed (its time ran out).
 */
export const FRIEND_INVITATION_STATUSES = ['open', 'accepted', 'withdrawn', 'lapsed'] as const
export type FriendInvitationStatus = (typeof FRIEND_INVITATION_STATUSES)[number]

/** Until when an invitation made at `now` holds the friend's place: 48 h, or the deadline. */
export const friendHoldUntil = (
  event: { startTime: Date | string; cancelDeadlineHours: number },
  now: number,
) => new Date(Math.min(now + FRIEND_HOLD_MS, cancelDeadline(event).getTime()))
