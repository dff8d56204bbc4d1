import type { InferResponseType } from 'hono/client'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

type Unseated = ApiClient['admin']['events'][':id']['unseated']
export type UnseatedState = InferResponseType<Unseated['$get'], 200>
export type UnseatedPerson = UnseatedState['people'][number]

const unseated = api.admin.events[':id'].unseated

/** Who is in with no seat while a round runs, with the table that takes each best. */
export const fetchUnseated = (id: string) => callApi(() => unseated.$get({ param: { id } }))

/** A chair at `tableId`, and she sits there. */
export const addSeat = (id: string, userId: string, tableId: string) =>
  callApi(() => unseated[':userId'].seat.$post({ param: { id, userId }, json: { tableId } }))

/** A new table for everyone in with no seat. */
export const openTable = (id: string) =>
  callApi(() => unseated['new-table'].$post({ param: { id } }))
