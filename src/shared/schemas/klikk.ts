import { z } from 'zod'

/** "I'd meet her again": as a friend, or as a training buddy. */
export const KLIKK_KINDS = ['friend', 'training'] as const
export type KlikkKind = (typeof KLIKK_KINDS)[number]

/** What a match may see of her: one of these, once she has chosen. */
export const KLIKK_SHARES = ['email', 'phone', 'instagram'] as const
export type KlikkShare = (typeof KLIKK_SHARES)[number]

/** The window after the evening's end while picks are open, in hours: default and bounds. */
export const KLIKK_WINDOW_HOURS = { default: 48, min: 24, max: 168 } as const

/** PUT /api/klikk/:eventId/picks/:userId */
export const klikkPickInputSchema = z.object({
  kind: z.enum(KLIKK_KINDS, { error: 'klikkKindInvalid' }),
})

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,24}$/, { error: 'klikkPhoneInvalid' })
const instagram = z
  .string()
  .trim()
  .transform((handle) => handle.replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9._]{1,30}$/, { error: 'klikkInstagramInvalid' }))

/**
 * PUT /api/klikk/contact: what a match may see. A phone number or a handle is needed when she
 * shares that; her e-mail is her account's.
 */
export const klikkContactInputSchema = z.discriminatedUnion(
  'share',
  [
    z.object({ share: z.literal('email') }),
    z.object({ share: z.literal('phone'), phone }),
    z.object({ share: z.literal('instagram'), instagram }),
  ],
  { error: 'klikkShareInvalid' },
)
export type KlikkContactInput = z.infer<typeof klikkContactInputSchema>

/** PUT /api/klikk/visibility */
export const klikkVisibilityInputSchema = z.object({
  hidden: z.boolean({ error: 'klikkHiddenInvalid' }),
})

/** How the evening felt: 1 to 5, and a comment of at most this many characters. */
export const KLIKK_FEEDBACK = { minRating: 1, maxRating: 5, commentMax: 1000 } as const

/** PUT /api/klikk/:eventId/feedback. An empty comment is no comment. */
export const klikkFeedbackInputSchema = z.object({
  rating: z
    .number({ error: 'klikkRatingInvalid' })
    .int({ error: 'klikkRatingInvalid' })
    .min(KLIKK_FEEDBACK.minRating, { error: 'klikkRatingInvalid' })
    .max(KLIKK_FEEDBACK.maxRating, { error: 'klikkRatingInvalid' }),
  comment: z
    .string({ error: 'klikkCommentInvalid' })
    .trim()
    .max(KLIKK_FEEDBACK.commentMax, { error: 'klikkCommentTooLong' })
    .nullish()
    .transform((comment) => comment || null),
})
export type KlikkFeedbackInput = z.infer<typeof klikkFeedbackInputSchema>
