import type { InferResponseType } from 'hono/client'
import { api, apiPath, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, queryClient, refresh } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'

type Door = ApiClient['door'][':id']
export type DoorState = InferResponseType<Door['$get'], 200>
export type DoorPerson = DoorState['people'][number]
export type CheckInAnswer = InferResponseType<Door['check-ins']['$post'], 200>

const door = api.door[':id']

export const fetchDoor = (id: string) => callApi(() => door.$get({ param: { id } }))
export const doorQuery = (id: string) => apiQuery(eventKeys.door(id), () => fetchDoor(id))

/** What the door sends for one check-in; the same clientId again counts once (a retry, a queue). */
export type CheckInRequest = { clientId: string; walkIn: boolean; scannedAt?: string } & (
  { code: string } | { userId: string }
)

/**
 * Who came, from the check-in's answer: her row on the door's list (here now, her table) and
 * the counts. Someone the list does not have yet (a walk-in) comes with the list read again.
 * The host's page, who has no seat and the lists are marked stale, and read again where shown.
 */
function arrived(id: string, answer: CheckInAnswer) {
  const list = queryClient.getQueryData(eventKeys.door(id))
  const before = list?.people.find((person) => person.userId === answer.person.userId)
  // Not awaited: the door takes the next guest while these are read.
  void refresh(eventKeys.detail(id), eventKeys.unseated(id), eventKeys.lists())
  if (!list || !before) {
    void refresh(eventKeys.door(id))
    return
  }
  const tableName = answer.seats.find((seat) => seat.started)?.tableName ?? null
  const cameNow = before.status === 'registered'
  queryClient.setQueryData(eventKeys.door(id), {
    ...list,
    counts: cameNow
      ? { ...list.counts, arrived: list.counts.arrived + 1, notYet: list.counts.notYet - 1 }
      : list.counts,
    people: list.people.map((person) =>
      person === before
        ? { ...person, status: 'present' as const, checkedInAt: answer.checkedInAt, tableName }
        : person,
    ),
  })
}

export const sendCheckIn = (id: string, json: CheckInRequest) =>
  changed(
    callApi(() => door['check-ins'].$post({ param: { id }, json })),
    (answer) => (answer.result === 'checked_in' ? arrived(id, answer) : undefined),
  )

export const undoCheckIn = (id: string, checkInId: string) =>
  changed(
    callApi(() => door['check-ins'][':checkInId'].$delete({ param: { id, checkInId } })),
    () => refresh(eventKeys.door(id), eventKeys.detail(id), eventKeys.unseated(id)),
  )

/** The door list's live stream (state events), for an EventSource. */
export const doorLiveUrl = (id: string) => apiPath(door.live.$path({ param: { id } }))

/** An admin at the door starts the evening from there (the door helper cannot: 403). */
export const startEvening = (id: string) =>
  changed(
    callApi(() => api.admin.events[':id'].start.$post({ param: { id } })),
    () => refresh(eventKeys.door(id), eventKeys.detail(id), eventKeys.lists()),
  )
