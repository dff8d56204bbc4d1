import type { InferResponseType } from 'hono/client'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, refresh } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'

type Unseated = ApiClient['admin']['events'][':id']['unseated']
export type UnseatedState = InferResponseType<Unseated['$get'], 200>
export type UnseatedPerson = UnseatedState['people'][number]

const unseated = api.admin.events[':id'].unseated

/** Who is in with no seat while a round runs, with the table that takes each best. */
export const unseatedQuery = (id: string) =>
  apiQuery(eventKeys.unseated(id), () => callApi(() => unseated.$get({ param: { id } })))

/** A seat made: the tables, the round's seats, the door's tables and who is still waiting. */
const seated = (id: string) =>
  refresh(eventKeys.detail(id), eventKeys.door(id), eventKeys.unseated(id))

/** A chair at `tableId`, and she sits there. */
export const addSeat = (id: string, userId: string, tableId: string) =>
  changed(
    callApi(() => unseated[':userId'].seat.$post({ param: { id, userId }, json: { tableId } })),
    () => seated(id),
  )

/** A new table for everyone in with no seat. */
export const openTable = (id: string) =>
  changed(
    callApi(() => unseated['new-table'].$post({ param: { id } })),
    () => seated(id),
  )
