import { z } from 'zod'

// Messages are keys in the `events` namespace (validation.*).

/** What a check-in at the door found: `already_present` changed nothing. */
export const CHECK_IN_RESULTS = ['checked_in', 'already_present'] as const
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number]

const common = {
  /** The door device's own id for this check-in: sent again (a retry, a queue), it counts once. */
  clientId: z.uuid({ error: 'checkInClientId' }),
  /** Let her in although she has not registered for the evening. */
  walkIn: z.boolean().default(false),
  /**
   * When it happened at the door, for a check-in sent later from a phone's queue: not in the
   * future (beyond a few minutes of clock difference), not before check-in opened (door.ts).
   */
  scannedAt: z.iso.datetime({ offset: true, error: 'checkInScannedAt' }).optional(),
}

/** A check-in at the door: by the member code she shows, or by her id from the door list. */
export const checkInInputSchema = z.union([
  z.object({
    ...common,
    code: z.string({ error: 'userCodeInvalid' }).min(1, { error: 'userCodeInvalid' }).max(40, {
      error: 'userCodeInvalid',
    }),
  }),
  z.object({
    ...common,
    userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'checkInPerson' }),
  }),
])
export type CheckInInput = z.infer<typeof checkInInputSchema>

/** An admin names a door helper by her member code. */
export const doorHelperInputSchema = z.object({
  userCode: z
    .string({ error: 'userCodeInvalid' })
    .min(1, { error: 'userCodeInvalid' })
    .max(40, { error: 'userCodeInvalid' }),
})

/** POST /api/admin/events/:id/unseated/:userId/seat: the table that gets a chair for her. */
export const extraSeatInputSchema = z.object({
  tableId: z.uuid({ error: 'tableRequired' }),
})
