import type { InferRequestType } from 'hono/client'
import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

/** The body the server's schema accepts (shared/schemas/newsletter.ts), as the typed client knows it. */
export type SubscribeRequest = InferRequestType<typeof api.newsletter.subscribe.$post>['json']

export const subscribeToNewsletter = (body: SubscribeRequest) =>
  callApi(() => api.newsletter.subscribe.$post({ json: body }))

export const unsubscribeFromNewsletter = (email: string) =>
  callApi(() => api.newsletter.unsubscribe.$post({ json: { email } }))

/** The confirmation links' tokens go in a POST body, so a link scanner's GET changes nothing. */
export const confirmSubscription = (token: string) =>
  callApi(() => api.newsletter.verify.$post({ json: { token } }))

export const confirmUnsubscribe = (token: string) =>
  callApi(() => api.newsletter['verify-unsubscribe'].$post({ json: { token } }))

export const fetchNewsletterStatus = () => callApi(() => api.newsletter.status.$get())
