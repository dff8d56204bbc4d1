import type { InferResponseType } from 'hono/client'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, refresh } from '#web/lib/query-client.tsx'
import { memberEventKeys } from '#web/lib/query-keys.ts'

export type MemberEventList = InferResponseType<ApiClient['events']['$get'], 200>
export type MemberEvent = MemberEventList['events'][number]
export type MetEvent = InferResponseType<
  ApiClient['events']['people-met']['$get'],
  200
>['events'][number]

export const memberEventsQuery = () =>
  apiQuery(memberEventKeys.list(), () => callApi(() => api.events.$get()))
/** Her registration changed: her events (her place, the places left) are read again. */
export const registerFor = (id: string) =>
  changed(
    callApi(() => api.events[':id'].registration.$post({ param: { id } })),
    () => refresh(memberEventKeys.list()),
  )
export const unregisterFrom = (id: string) =>
  changed(
    callApi(() => api.events[':id'].registration.$delete({ param: { id } })),
    () => refresh(memberEventKeys.list()),
  )

/** Her answer to a place offered from the waiting list: yes takes it, no leaves the line. */
export const answerOffer = (id: string, yes: boolean) =>
  yes
    ? changed(
        callApi(() => api.events[':id'].offer.$post({ param: { id } })),
        () => refresh(memberEventKeys.list()),
      )
    : changed(
        callApi(() => api.events[':id'].offer.$delete({ param: { id } })),
        () => refresh(memberEventKeys.list()),
      )

/** Who she sat with at her evenings, by event and round. */
export const peopleMetQuery = () =>
  apiQuery(memberEventKeys.peopleMet(), () => callApi(() => api.events['people-met'].$get()))

/** Her events page's live stream: `changed` whenever an event changed, then read the list again. */
export const memberEventsLiveUrl = apiPath(api.events.live.$path())

/** She follows a series, or stops: her events page reads again (the series' entry says so). */
export const followSeries = (id: string, follow: boolean) =>
  follow
    ? changed(
        callApi(() => api.events.series[':id'].follow.$post({ param: { id } })),
        () => refresh(memberEventKeys.list()),
      )
    : changed(
        callApi(() => api.events.series[':id'].follow.$delete({ param: { id } })),
        () => refresh(memberEventKeys.list()),
      )

/** The e-mail's link: stops one series' e-mails, without signing in. */
export const unfollowByToken = (token: string) =>
  callApi(() => api.series.unfollow.$post({ json: { token } }))

/** She invites a friend to the evening, or takes the invitation back (decision 0092). */
export const inviteFriend = (id: string, email: string) =>
  changed(
    callApi(() => api.events[':id'].friend.$post({ param: { id }, json: { email } })),
    () => refresh(memberEventKeys.list()),
  )
export const withdrawFriendInvitation = (id: string) =>
  changed(
    callApi(() => api.events[':id'].friend.$delete({ param: { id } })),
    () => refresh(memberEventKeys.list()),
  )

/** The invitation as the invited friend sees it, and her yes. */
export const friendInvitationQuery = (id: string) =>
  apiQuery(memberEventKeys.friendInvitation(id), () =>
    callApi(() => api.events['friend-invitations'][':id'].$get({ param: { id } })),
  )
export const acceptFriendInvitation = (id: string) =>
  changed(
    callApi(() => api.events['friend-invitations'][':id'].accept.$post({ param: { id } })),
    () => refresh(memberEventKeys.all),
  )
