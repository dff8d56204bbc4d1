import { z } from 'zod'

export const USERS_PAGE_SIZE = 50

/** GET /api/admin/users: a page of the members, newest first, optionally searched. */
export const usersQuerySchema = z.object({
  /** Part of a name, an e-mail address or a member code. */
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type UsersQuery = z.infer<typeof usersQuerySchema>

export const USER_ROLES = ['admin', 'member'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** GET /api/admin/users: the page. */
export const usersPageSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      fullName: z.string().nullable(),
      isAdmin: z.boolean(),
      userCode: z.string(),
      createdAt: z.iso.datetime(),
      /** Evenings she held a place at and was not checked in (not counting the cleared ones). */
      noShows: z.number().int(),
    }),
  ),
  matching: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  admins: z.number().int(),
})

export const userRoleChangedSchema = z.object({ id: z.string(), isAdmin: z.boolean() })

/** PUT /api/admin/users/:userId/role: grant or revoke the admin role. */
export const userRoleSchema = z.object({ role: z.enum(USER_ROLES) })
