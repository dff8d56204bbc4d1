import { z } from 'zod'
import { KLIKK_KINDS, KLIKK_SHARES } from '#shared/schemas/klikk.ts'
import { eventTextLanguagesSchema } from '#shared/event-texts.ts'

const kind = z.enum(KLIKK_KINDS)

/** What a match chose to share; null until she has chosen. */
const contactShownSchema = z
  .object({ share: z.enum(KLIKK_SHARES), value: z.string() })
  .nullable()
  .meta({ id: 'KlikkContactShown' })

/** Her own choice of what a match may see. */
export const klikkContactSchema = z
  .object({
    share: z.enum(KLIKK_SHARES).nullable(),
    phone: z.string().nullable(),
    instagram: z.string().nullable(),
  })
  .meta({ id: 'KlikkContact' })

export const klikkVisibilitySchema = z.object({ hidden: z.boolean() })
export const klikkPickAnswerSchema = z.object({
  /** Whether the two now picked each other (a one-way pick always answers false). */
  match: z.boolean(),
})
export const klikkBlockAnswerSchema = z.object({ blocked: z.boolean() })
/** Her own answer to "how was the evening": 1–5 and her comment, if any. */
export const klikkFeedbackSchema = z
  .object({ rating: z.number().int().min(1).max(5), comment: z.string().nullable() })
  .meta({ id: 'KlikkFeedback' })
export const klikkWithdrawnSchema = z.object({ withdrawn: z.literal(true) })

/** GET /api/klikk */
export const klikkSchema = z
  .object({
    evenings: z.array(
      z.object({
        eventId: z.uuid(),
        eventName: z.string(),
        startTime: z.string(),
        textLanguages: eventTextLanguagesSchema.pick({ eventName: true, placeName: true }),
        /** When picks close (ISO). */
        closesAt: z.string().nullable(),
        open: z.boolean(),
        rounds: z.array(
          z.object({
            roundNumber: z.number().int(),
            tableName: z.string(),
            people: z.array(
              z.object({
                id: z.string(),
                fullName: z.string(),
                avatarUrl: z.string().nullable(),
                /** Her own pick of this person, if any. */
                pick: kind.nullable(),
                /** She blocked this person. */
                blocked: z.boolean(),
              }),
            ),
          }),
        ),
        matches: z.array(
          z.object({
            id: z.string(),
            fullName: z.string(),
            avatarUrl: z.string().nullable(),
            kind,
            theirKind: kind,
            contact: contactShownSchema,
          }),
        ),
        /** Her own answer to "how was it", null until she gave one. */
        feedback: klikkFeedbackSchema.nullable(),
      }),
    ),
    contact: klikkContactSchema,
    hidden: z.boolean(),
  })
  .meta({ id: 'Klikk' })
