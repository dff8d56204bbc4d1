import type { InferResponseType } from 'hono/client'
import type { AuditQuery } from '#shared/audit.ts'
import type { UserRole } from '#shared/schemas/admin-users.ts'
import type { QuestionInput } from '#shared/schemas/questions.ts'
import type { SiteSettingsInput } from '#shared/schemas/site-settings.ts'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, queryClient, refresh } from '#web/lib/query-client.tsx'
import { adminKeys } from '#web/lib/query-keys.ts'

export type UserList = InferResponseType<ApiClient['admin']['users']['$get'], 200>
export type AdminUser = UserList['users'][number]

/** One page of the members, newest first, searched by name, e-mail or member code. */
export const usersQuery = ({ q, page }: { q: string; page: number }) =>
  apiQuery(adminKeys.userPage(q, page), () =>
    callApi(() => api.admin.users.$get({ query: { q, page: String(page) } })),
  )

/** Grants or revokes the admin role (the server never lets the last admin go). */
export const setUserRole = (userId: string, role: UserRole) =>
  changed(
    callApi(() => api.admin.users[':userId'].role.$put({ param: { userId }, json: { role } })),
    () => refresh(adminKeys.users()),
  )

/** The owner's settings and the server's configuration; saving changes the fields given. */
export const settingsQuery = () =>
  apiQuery(adminKeys.settings(), () => callApi(() => api.admin.settings.$get()))
export type SettingsPageData = InferResponseType<ApiClient['admin']['settings']['$get'], 200>
/** The page keeps what she saved; the cache's copy is read again when the page is next opened. */
export const saveSettings = (changes: SiteSettingsInput) =>
  changed(
    callApi(() => api.admin.settings.$patch({ json: changes })),
    () => queryClient.invalidateQueries({ queryKey: adminKeys.settings(), refetchType: 'none' }),
  )

/** The owner's conversation starters (decision 86): each change answers, or reads, the list. */
export const questionsQuery = () =>
  apiQuery(adminKeys.questions(), () => callApi(() => api.admin.questions.$get()))
const questionsChanged = () => refresh(adminKeys.questions())
export const addQuestion = (json: QuestionInput) =>
  changed(
    callApi(() => api.admin.questions.$post({ json })),
    questionsChanged,
  )
export const updateQuestion = (id: string, json: QuestionInput) =>
  changed(
    callApi(() => api.admin.questions[':id'].$put({ param: { id }, json })),
    questionsChanged,
  )
export const removeQuestion = (id: string) =>
  changed(
    callApi(() => api.admin.questions[':id'].$delete({ param: { id } })),
    questionsChanged,
  )
export const reorderQuestions = (ids: string[]) =>
  changed(
    callApi(() => api.admin.questions.order.$put({ json: { ids } })),
    (list) => queryClient.setQueryData(adminKeys.questions(), list),
  )

export type AuditPageData = InferResponseType<ApiClient['admin']['audit']['$get'], 200>
export type AuditFilters = Omit<AuditQuery, 'page'>

/** Only the filters she set, as the query string takes them. */
const auditQuery = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters

/** One page of the audit log, newest first. */
export const fetchAudit = (filters: AuditFilters, page: number) =>
  callApi(() => api.admin.audit.$get({ query: { ...auditQuery(filters), page: String(page) } }))

/** The download link of the filtered log as CSV (the download is itself recorded). */
export const auditCsvUrl = (filters: AuditFilters) =>
  apiPath(api.admin['audit.csv'].$path({ query: { ...auditQuery(filters), page: '1' } }))
