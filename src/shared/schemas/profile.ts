import { z } from 'zod'
import { NAME_MAX_LENGTH } from '../constants.ts'

/**
 * Her given and family name (decision 55): sign-up and PATCH /api/me. The given name is what she
 * is called ("Szia, Réka!"); the family name may be left out. A refusal's message is its code
 * (errors.json `auth.<code>`, in her language).
 */
export const personNamesSchema = z.object({
  givenName: z
    .string({ error: 'GIVEN_NAME_REQUIRED' })
    .trim()
    .min(1, { error: 'GIVEN_NAME_REQUIRED' })
    .max(NAME_MAX_LENGTH, { error: 'NAME_TOO_LONG' })
    .meta({ description: 'What she is called: greetings use it.' }),
  familyName: z
    .string({ error: 'VALIDATION_ERROR' })
    .trim()
    .max(NAME_MAX_LENGTH, { error: 'NAME_TOO_LONG' })
    .nullable()
    .optional()
    .meta({ description: 'Her family name; empty or null when she gives none.' }),
})

/**
 * PATCH /api/me: her name, in two parts. Her full name (`fullName`) is composed from them in the
 * order of the request's language: "Tóth Réka" in Hungarian, "Réka Tóth" in the others.
 */
export const updateProfileSchema = personNamesSchema
export type UpdateProfile = z.infer<typeof updateProfileSchema>

/** PUT /api/me/people-met: whether she shows in other members' "people you met" lists. */
export const peopleMetVisibilitySchema = z.object({ visible: z.boolean() })

/** PUT /api/me/event-reminders: whether she gets an e-mail before the events she has a place at. */
export const eventRemindersSchema = z.object({ enabled: z.boolean() })
