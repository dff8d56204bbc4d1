import type { InferResponseType } from 'hono/client'
import type { DashboardRange } from '#shared/schemas/dashboard.ts'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

export type DashboardData = InferResponseType<ApiClient['admin']['dashboard']['$get'], 200>

/** Every figure of the dashboard for one period (weeks in Budapest, this week last). */
export const fetchDashboard = (range: DashboardRange) =>
  callApi(() => api.admin.dashboard.$get({ query: { range } }))
