import { apiQuery } from '#web/lib/query-client.tsx'
import { adminKeys, seriesKeys } from '#web/lib/query-keys.ts'
import type { CampaignAudience } from '#shared/schemas/campaigns.ts'
import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { listCampaigns } from './campaigns-api.ts'

// The campaigns' reads by query key; a module of their own, as the public issue page shares
// campaigns-api.ts and does not load the cache.

/** Every campaign, newest first; read again whenever the list is opened. */
export const campaignsQuery = () => apiQuery(adminKeys.campaigns(), listCampaigns)

/** An audience as the count's query parameters (only what differs from everyone). */
export function audienceQuery(audience: CampaignAudience): Record<string, string> {
  const query: Record<string, string> = {}
  if (audience.languages !== null) query.languages = audience.languages.join(',')
  if (audience.membership !== 'all') query.membership = audience.membership
  if (audience.attendance !== 'all') query.attendance = audience.attendance
  if (audience.attendance === 'cameWithin') query.months = String(audience.months)
  if (audience.seriesId !== null) query.seriesId = audience.seriesId
  return query
}

/** How many the audience holds now: the editor's live count. */
export const audienceCountQuery = (audience: CampaignAudience) => {
  const query = audienceQuery(audience)
  return apiQuery(adminKeys.audienceCount(query), () =>
    callApi(() => api.admin.newsletter.campaigns['audience-count'].$get({ query })),
  )
}

/** The series to choose from (the host's list, decision 0088). */
export const audienceSeriesQuery = () =>
  apiQuery(seriesKeys.list(), () => callApi(() => api.admin.series.$get()))
