import type { InferResponseType } from 'hono/client'
import type { SUBSCRIBER_FILTERS } from '#shared/schemas/newsletter.ts'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

type AdminNewsletter = ApiClient['admin']['newsletter']
export type SubscriberList = InferResponseType<AdminNewsletter['$get'], 200>
export type Subscriber = SubscriberList['subscribers'][number]
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number]

interface ListQuery {
  q: string
  status: SubscriberFilter
}

export const listSubscribers = ({ q, status, page }: ListQuery & { page: number }) =>
  callApi(() => api.admin.newsletter.$get({ query: { q, status, page: String(page) } }))

export const removeSubscriber = (id: string) =>
  callApi(() => api.admin.newsletter[':id'].$delete({ param: { id } }))

/** The CSV of the subscribers the list shows; a plain link, so the browser downloads it. */
export const subscribersExportUrl = ({ q, status }: ListQuery) =>
  apiPath(api.admin.newsletter['export.csv'].$path({ query: { q, status } }))
