import type { InferResponseType } from 'hono/client'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

export type MemberEventList = InferResponseType<ApiClient['events']['$get'], 200>
export type MemberEvent = MemberEventList['events'][number]
export type MetEvent = InferResponseType<
  ApiClient['events']['people-met']['$get'],
  200
>['events'][number]

export const fetchMemberEvents = () => callApi(() => api.events.$get())
export const registerFor = (id: string) =>
  callApi(() => api.events[':id'].registration.$post({ param: { id } }))
export const unregisterFrom = (id: string) =>
  callApi(() => api.events[':id'].registration.$delete({ param: { id } }))

/** Who she sat with at her evenings, by event and round. */
export const fetchPeopleMet = () => callApi(() => api.events['people-met'].$get())

/** Her events page's live stream: `changed` whenever an event changed, then read the list again. */
export const memberEventsLiveUrl = apiPath(api.events.live.$path())
