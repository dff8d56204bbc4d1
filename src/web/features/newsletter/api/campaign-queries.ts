import { apiQuery } from '#web/lib/query-client.tsx'
import { adminKeys } from '#web/lib/query-keys.ts'
import { listCampaigns } from './campaigns-api.ts'

// The campaigns' reads by query key; a module of their own, as the public issue page shares
// campaigns-api.ts and does not load the cache.

/** Every campaign, newest first; read again whenever the list is opened. */
export const campaignsQuery = () => apiQuery(adminKeys.campaigns(), listCampaigns)
