import { z } from 'zod'

/** POST /api/events/:id/friend: the friend's address, trimmed and lower-cased (decision 0092). */
export const friendInvitationInputSchema = z.object({
  email: z
    .string({ error: 'friendEmailInvalid' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'friendEmailInvalid' }).max(254, { error: 'friendEmailInvalid' })),
})
