import type { InferResponseType } from 'hono/client'
import type { Language } from '#shared/languages.ts'
import type { CampaignDraft } from '#shared/schemas/campaigns.ts'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

type Campaigns = ApiClient['admin']['newsletter']['campaigns']
export type CampaignSummary = InferResponseType<Campaigns['$get'], 200>['campaigns'][number]
export type Campaign = InferResponseType<Campaigns[':id']['$get'], 200>
export type CampaignPreview = InferResponseType<Campaigns['preview']['$post'], 200>
export type NewsletterIssue = InferResponseType<
  ApiClient['newsletter']['issues'][':id']['$get'],
  200
>
export type NewsletterIssuePreview = InferResponseType<Campaigns[':id']['issue']['$get'], 200>

const campaign = (id: string) => ({ param: { id } })

export const listCampaigns = () => callApi(() => api.admin.newsletter.campaigns.$get())

export const fetchCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].$get(campaign(id)))

export const createCampaign = (draft: CampaignDraft) =>
  callApi(() => api.admin.newsletter.campaigns.$post({ json: draft }))

export const updateCampaign = (id: string, draft: CampaignDraft) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].$put({ ...campaign(id), json: draft }))

export const deleteCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].$delete(campaign(id)))

export const previewCampaign = (json: {
  language: Language
  subject: string
  body: string
  webVersion: boolean
}) => callApi(() => api.admin.newsletter.campaigns.preview.$post({ json }))

export const sendCampaignTest = (id: string, language: Language) =>
  callApi(() =>
    api.admin.newsletter.campaigns[':id'].test.$post({ ...campaign(id), json: { language } }),
  )

/** Now (no time), or at `scheduledAt` (ISO with offset). */
export const sendCampaign = (id: string, scheduledAt: string | null = null) =>
  callApi(() =>
    api.admin.newsletter.campaigns[':id'].send.$post({ ...campaign(id), json: { scheduledAt } }),
  )

export const unscheduleCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].unschedule.$post(campaign(id)))

export const pauseCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].pause.$post(campaign(id)))

export const resumeCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].resume.$post(campaign(id)))

export const cancelCampaign = (id: string) =>
  callApi(() => api.admin.newsletter.campaigns[':id'].cancel.$post(campaign(id)))

/** The campaign's server-sent progress events. */
export const campaignLiveUrl = (id: string) =>
  apiPath(api.admin.newsletter.campaigns[':id'].live.$path(campaign(id)))

/** The public web version of a sent issue, in `lang` (or Hungarian where it has none). */
export const fetchNewsletterIssue = (id: string, lang: Language) =>
  callApi(() => api.newsletter.issues[':id'].$get({ param: { id }, query: { lang } }))

/** Any campaign's web version, sent or not, as readers will see it: for an admin. */
export const fetchNewsletterIssuePreview = (id: string, lang: Language) =>
  callApi(() =>
    api.admin.newsletter.campaigns[':id'].issue.$get({ param: { id }, query: { lang } }),
  )
