import { z } from 'zod'

/** POST /api/account/delete: password users give both fields; Google users confirm by a fresh Google sign-in. */
export const deleteAccountSchema = z.union([
  z.object({
    method: z.literal('password'),
    email: z.string().trim().min(1),
    password: z.string().min(1),
  }),
  z.object({ method: z.literal('google') }),
])
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>
