import type { InferResponseType } from 'hono/client'
import type { Language } from '#shared/languages.ts'
import type { WelcomeEmailDraft } from '#shared/schemas/welcome-series.ts'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, queryClient } from '#web/lib/query-client.tsx'
import { adminKeys } from '#web/lib/query-keys.ts'

type Welcome = ApiClient['admin']['newsletter']['welcome']
export type WelcomeSeries = InferResponseType<Welcome['$get'], 200>
export type WelcomeEmail = WelcomeSeries['emails'][number]

export const welcomeQuery = () =>
  apiQuery(adminKeys.welcome(), () => callApi(() => api.admin.newsletter.welcome.$get()))

/** Every change answers with the whole series: it goes into the cache as it is. */
const store = (series: WelcomeSeries) => queryClient.setQueryData(adminKeys.welcome(), series)
const at = (position: number) => ({ param: { position: String(position) } })

export const saveWelcomeEmail = (position: number, json: WelcomeEmailDraft) =>
  changed(
    callApi(() => api.admin.newsletter.welcome.emails[':position'].$put({ ...at(position), json })),
    store,
  )

export const removeWelcomeEmail = (position: number) =>
  changed(
    callApi(() => api.admin.newsletter.welcome.emails[':position'].$delete(at(position))),
    store,
  )

export const sendWelcomeTest = (position: number, language: Language) =>
  callApi(() =>
    api.admin.newsletter.welcome.emails[':position'].test.$post({
      ...at(position),
      json: { language },
    }),
  )

export const switchWelcomeSeries = (enabled: boolean) =>
  changed(
    callApi(() => api.admin.newsletter.welcome.enabled.$put({ json: { enabled } })),
    store,
  )

export const includeEarlierSubscribers = (count: number) =>
  changed(
    callApi(() => api.admin.newsletter.welcome['include-earlier'].$post({ json: { count } })),
    store,
  )
