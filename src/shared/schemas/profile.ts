import { z } from 'zod'

/** PATCH /api/me: what a member may change on her own profile. */
export const updateProfileSchema = z.object({
  fullName: z.string().trim().min(1).max(100),
})
export type UpdateProfile = z.infer<typeof updateProfileSchema>

/** PUT /api/me/people-met: whether she shows in other members' "people you met" lists. */
export const peopleMetVisibilitySchema = z.object({ visible: z.boolean() })

/** PUT /api/me/event-reminders: whether she gets an e-mail before the events she has a place at. */
export const eventRemindersSchema = z.object({ enabled: z.boolean() })
