import type { InferResponseType } from 'hono/client'
import type { KlikkContactInput, KlikkFeedbackInput, KlikkKind } from '#shared/schemas/klikk.ts'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery } from '#web/lib/query-client.tsx'
import { memberEventKeys } from '#web/lib/query-keys.ts'

// Her klikk after an evening: whom she'd meet again, her matches, what they see of her.

export type Klikk = InferResponseType<ApiClient['klikk']['$get'], 200>
export type KlikkEvening = Klikk['evenings'][number]
export type KlikkPerson = KlikkEvening['rounds'][number]['people'][number]
export type KlikkMatch = KlikkEvening['matches'][number]
export type KlikkFeedback = NonNullable<KlikkEvening['feedback']>

export const klikkQuery = () =>
  apiQuery(memberEventKeys.klikk(), () => callApi(() => api.klikk.$get()))

export const pickMember = (eventId: string, userId: string, kind: KlikkKind) =>
  callApi(() =>
    api.klikk[':id'].picks[':userId'].$put({ param: { id: eventId, userId }, json: { kind } }),
  )

export const withdrawPick = (eventId: string, userId: string) =>
  callApi(() => api.klikk[':id'].picks[':userId'].$delete({ param: { id: eventId, userId } }))

export const blockMember = (userId: string) =>
  callApi(() => api.klikk.blocks[':userId'].$put({ param: { userId } }))

export const unblockMember = (userId: string) =>
  callApi(() => api.klikk.blocks[':userId'].$delete({ param: { userId } }))

export const chooseContact = (contact: KlikkContactInput) =>
  callApi(() => api.klikk.contact.$put({ json: contact }))

export const hideFromPicks = (hidden: boolean) =>
  callApi(() => api.klikk.visibility.$put({ json: { hidden } }))

export const rateEvening = (eventId: string, feedback: KlikkFeedbackInput) =>
  callApi(() => api.klikk[':id'].feedback.$put({ param: { id: eventId }, json: feedback }))
