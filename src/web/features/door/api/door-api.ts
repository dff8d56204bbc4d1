import type { InferResponseType } from 'hono/client'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

type Door = ApiClient['door'][':id']
export type DoorState = InferResponseType<Door['$get'], 200>
export type DoorPerson = DoorState['people'][number]
export type CheckInAnswer = InferResponseType<Door['check-ins']['$post'], 200>

const door = api.door[':id']

export const fetchDoor = (id: string) => callApi(() => door.$get({ param: { id } }))

/** What the door sends for one check-in; the same clientId again counts once (a retry, a queue). */
export type CheckInRequest = { clientId: string; walkIn: boolean; scannedAt?: string } & (
  { code: string } | { userId: string }
)

export const sendCheckIn = (id: string, json: CheckInRequest) =>
  callApi(() => door['check-ins'].$post({ param: { id }, json }))

export const undoCheckIn = (id: string, checkInId: string) =>
  callApi(() => door['check-ins'][':checkInId'].$delete({ param: { id, checkInId } }))

/** The door list's live stream (state events), for an EventSource. */
export const doorLiveUrl = (id: string) => apiPath(door.live.$path({ param: { id } }))

/** An admin at the door starts the evening from there (the door helper cannot: 403). */
export const startEvening = (id: string) =>
  callApi(() => api.admin.events[':id'].start.$post({ param: { id } }))
