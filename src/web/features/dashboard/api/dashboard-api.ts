import type { InferResponseType } from 'hono/client'
import type { DashboardRange } from '#shared/schemas/dashboard.ts'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery } from '#web/lib/query-client.tsx'
import { adminKeys } from '#web/lib/query-keys.ts'

export type DashboardData = InferResponseType<ApiClient['admin']['dashboard']['$get'], 200>

/** Every figure of the dashboard for one period (weeks in Budapest, this week last). */
export const dashboardQuery = (range: DashboardRange) =>
  apiQuery(adminKeys.dashboard(range), () =>
    callApi(() => api.admin.dashboard.$get({ query: { range } })),
  )
