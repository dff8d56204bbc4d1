import type { InferResponseType } from 'hono/client'
import type { SUBSCRIBER_FILTERS } from '#shared/schemas/newsletter.ts'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, refresh } from '#web/lib/query-client.tsx'
import { adminKeys } from '#web/lib/query-keys.ts'

type AdminNewsletter = ApiClient['admin']['newsletter']
export type SubscriberList = InferResponseType<AdminNewsletter['$get'], 200>
export type Subscriber = SubscriberList['subscribers'][number]
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number]

interface ListQuery {
  q: string
  status: SubscriberFilter
}

export const subscribersQuery = ({ q, status, page }: ListQuery & { page: number }) =>
  apiQuery(adminKeys.subscriberPage(q, status, page), () =>
    callApi(() => api.admin.newsletter.$get({ query: { q, status, page: String(page) } })),
  )

/** Removes one: every page of the list, and its counts, are read again. */
export const removeSubscriber = (id: string) =>
  changed(
    callApi(() => api.admin.newsletter[':id'].$delete({ param: { id } })),
    () => refresh(adminKeys.subscribers()),
  )

/** The CSV of the subscribers the list shows; a plain link, so the browser downloads it. */
export const subscribersExportUrl = ({ q, status }: ListQuery) =>
  apiPath(api.admin.newsletter['export.csv'].$path({ query: { q, status } }))

export type SuppressionList = InferResponseType<AdminNewsletter['suppressions']['$get'], 200>
export type Suppression = SuppressionList['suppressions'][number]

export const suppressionsQuery = ({ q, page }: { q: string; page: number }) =>
  apiQuery(adminKeys.suppressionPage(q, page), () =>
    callApi(() => api.admin.newsletter.suppressions.$get({ query: { q, page: String(page) } })),
  )

/** Lets the newsletter go to the address again: both lists (and the counts) are read again. */
export const liftSuppression = (email: string) =>
  changed(
    callApi(() => api.admin.newsletter.suppressions[':email'].$delete({ param: { email } })),
    () => refresh(adminKeys.subscribers()),
  )
