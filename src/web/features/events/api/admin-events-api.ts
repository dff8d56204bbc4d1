import type { InferResponseType } from 'hono/client'
import type {
  EventInput,
  KeepApartInput,
  ParticipantStatus,
  SeatingChange,
  TableInput,
} from '#shared/schemas/events.ts'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

type AdminEvents = ApiClient['admin']['events']
export type EventListItem = InferResponseType<AdminEvents['$get'], 200>['events'][number]
export type EventDetail = InferResponseType<AdminEvents[':id']['$get'], 200>
export type Participant = EventDetail['participants'][number]
export type EventTable = EventDetail['tables'][number]
export type EventRound = EventDetail['rounds'][number]
export type KeepApartPair = EventDetail['keepApart'][number]

const events = api.admin.events
const one = events[':id']

export const listEvents = (filter: 'all' | 'klikk' | 'other') =>
  callApi(() =>
    events.$get({
      query: filter === 'all' ? {} : { klikk: filter === 'klikk' ? 'true' : 'false' },
    }),
  )
export const fetchEvent = (id: string) => callApi(() => one.$get({ param: { id } }))
export const createEvent = (json: EventInput) => callApi(() => events.$post({ json }))
export const updateEvent = (id: string, json: EventInput) =>
  callApi(() => one.$put({ param: { id }, json }))
export const deleteEvent = (id: string) => callApi(() => one.$delete({ param: { id } }))
export const startEvent = (id: string) => callApi(() => one.start.$post({ param: { id } }))
export const endEvent = (id: string) => callApi(() => one.end.$post({ param: { id } }))
export const reopenEvent = (id: string) => callApi(() => one.reopen.$post({ param: { id } }))

/** Multipart upload; the typed client does not build form bodies, so this one is fetch. */
export const uploadEventImage = (id: string, file: File) => {
  const form = new FormData()
  form.set('file', file)
  return callApi<{ imageUrl: string }>(() =>
    fetch(`/api/admin/events/${encodeURIComponent(id)}/image`, { method: 'POST', body: form }),
  )
}

export const addTable = (id: string, json: TableInput) =>
  callApi(() => one.tables.$post({ param: { id }, json }))
export const updateTable = (id: string, tableId: string, json: TableInput) =>
  callApi(() => one.tables[':tableId'].$put({ param: { id, tableId }, json }))
export const removeTable = (id: string, tableId: string) =>
  callApi(() => one.tables[':tableId'].$delete({ param: { id, tableId } }))

export const checkInByCode = (id: string, userCode: string) =>
  callApi(() => one.participants.$post({ param: { id }, json: { userCode } }))
export const setParticipantStatus = (id: string, userId: string, status: ParticipantStatus) =>
  callApi(() => one.participants[':userId'].$patch({ param: { id, userId }, json: { status } }))
export const removeParticipant = (id: string, userId: string) =>
  callApi(() => one.participants[':userId'].$delete({ param: { id, userId } }))

export const addRound = (id: string, durationMinutes: number) =>
  callApi(() => one.rounds.$post({ param: { id }, json: { durationMinutes } }))
const round = one.rounds[':roundId']
export const reseatRound = (id: string, roundId: string) =>
  callApi(() => round.reseat.$post({ param: { id, roundId } }))
export const changeSeating = (id: string, roundId: string, json: SeatingChange) =>
  callApi(() => round.seating.$post({ param: { id, roundId }, json }))
/** `endRunning`: the round that still runs ends first, in the same step (the host was asked). */
export const startRound = (id: string, roundId: string, endRunning = false) =>
  callApi(() =>
    round.start.$post({ param: { id, roundId }, query: endRunning ? { endRunning: 'true' } : {} }),
  )
export const endRound = (id: string, roundId: string) =>
  callApi(() => round.end.$post({ param: { id, roundId } }))
export const removeRound = (id: string, roundId: string) =>
  callApi(() => round.$delete({ param: { id, roundId } }))

export const keepApart = (id: string, json: KeepApartInput) =>
  callApi(() => one['keep-apart'].$post({ param: { id }, json }))
export const letSitTogether = (id: string, pairId: string) =>
  callApi(() => one['keep-apart'][':pairId'].$delete({ param: { id, pairId } }))

/** Every round's seating as CSV; a plain link, so the browser downloads it. */
export const seatingCsvUrl = (id: string) => apiPath(one['seating.csv'].$path({ param: { id } }))

export const fetchDoorHelpers = (id: string) =>
  callApi(() => one['door-helpers'].$get({ param: { id } }))
export const addDoorHelper = (id: string, userCode: string) =>
  callApi(() => one['door-helpers'].$post({ param: { id }, json: { userCode } }))
export const removeDoorHelper = (id: string, userId: string) =>
  callApi(() => one['door-helpers'][':userId'].$delete({ param: { id, userId } }))
