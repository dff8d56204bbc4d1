import type { InferResponseType } from 'hono/client'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

export type AdminUser = InferResponseType<ApiClient['admin']['users']['$get'], 200>['users'][number]

/** Every member, newest first, with the code she shows at the door. */
export const fetchUsers = () => callApi(() => api.admin.users.$get())

/** How the site is configured (read-only). */
export const fetchSettings = () => callApi(() => api.admin.settings.$get())
