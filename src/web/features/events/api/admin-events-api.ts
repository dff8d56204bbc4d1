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
import { apiQuery, changed, queryClient, refresh } from '#web/lib/query-client.tsx'
import { adminKeys, eventKeys } from '#web/lib/query-keys.ts'

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

export const eventListQuery = (filter: 'all' | 'klikk' | 'other') =>
  apiQuery(eventKeys.list(filter), () => listEvents(filter))
export const eventDetailQuery = (id: string) => apiQuery(eventKeys.detail(id), () => fetchEvent(id))

// What each change touched (decision 80): the event page takes the server's answer where it is
// the new state (an event, a table, a round, a participant's row), and reads again only what
// the answer does not show (a round's seats, who is at the door, who has no seat, the lists).

/** Puts an answer into the event page's data, if it is in the cache. */
const patchDetail = (id: string, update: (detail: EventDetail) => EventDetail) => {
  // A read under way began before this change: its older answer must not overwrite it.
  void queryClient.cancelQueries({ queryKey: eventKeys.detail(id), exact: true })
  queryClient.setQueryData(eventKeys.detail(id), (detail) => detail && update(detail))
}
const setEvent = (id: string) => (event: EventDetail['event']) =>
  patchDetail(id, (detail) => ({ ...detail, event }))
/** The event's own row changed: the page takes it; the lists and the door read theirs again. */
const eventChanged = (id: string) => (event: EventDetail['event']) => {
  // The answer shows once the rest is read, so the change is on screen as it resolves.
  return refresh(eventKeys.lists(), eventKeys.door(id)).then(() => setEvent(id)(event))
}
/** A round's answer has no seats: they stay as the page has them. */
const setRound = (id: string, round: Omit<EventRound, 'seats' | 'question'>) =>
  patchDetail(id, (detail) => ({
    ...detail,
    rounds: detail.rounds.map((r) => (r.id === round.id ? { ...r, ...round } : r)),
  }))

export const createEvent = (json: EventInput) =>
  changed(
    callApi(() => events.$post({ json })),
    () => refresh(eventKeys.lists()),
  )
export const updateEvent = (id: string, json: EventInput) =>
  changed(
    callApi(() => one.$put({ param: { id }, json })),
    eventChanged(id),
  )
export const deleteEvent = (id: string) =>
  changed(
    callApi(() => one.$delete({ param: { id } })),
    () => {
      queryClient.removeQueries({ queryKey: eventKeys.event(id) })
      return refresh(eventKeys.lists())
    },
  )
export const startEvent = (id: string) =>
  changed(
    callApi(() => one.start.$post({ param: { id } })),
    eventChanged(id),
  )
/** Ending the evening also ends its running round: the rounds are read again. */
export const endEvent = (id: string) =>
  changed(
    callApi(() => one.end.$post({ param: { id } })),
    (event) => {
      return refresh(eventKeys.event(id), eventKeys.lists()).then(() => setEvent(id)(event))
    },
  )
export const reopenEvent = (id: string) =>
  changed(
    callApi(() => one.reopen.$post({ param: { id } })),
    eventChanged(id),
  )

/** Multipart upload; the typed client does not build form bodies, so this one is fetch. */
export const uploadEventImage = (id: string, file: File) => {
  const form = new FormData()
  form.set('file', file)
  return changed(
    callApi<{ imageUrl: string }>(() =>
      fetch(`/api/admin/events/${encodeURIComponent(id)}/image`, { method: 'POST', body: form }),
    ),
    ({ imageUrl }) => {
      patchDetail(id, (detail) => ({ ...detail, event: { ...detail.event, imageUrl } }))
      return refresh(eventKeys.lists())
    },
  )
}

export const addTable = (id: string, json: TableInput) =>
  changed(
    callApi(() => one.tables.$post({ param: { id }, json })),
    // Read again, not patched: a table added while the live stream's read of the page is under
    // way must not be lost to it (a quick second table after the first).
    () => refresh(eventKeys.detail(id), eventKeys.unseated(id)),
  )
export const updateTable = (id: string, tableId: string, json: TableInput) =>
  changed(
    callApi(() => one.tables[':tableId'].$put({ param: { id, tableId }, json })),
    () => refresh(eventKeys.detail(id), eventKeys.unseated(id), eventKeys.door(id)),
  )
export const removeTable = (id: string, tableId: string) =>
  changed(
    callApi(() => one.tables[':tableId'].$delete({ param: { id, tableId } })),
    () => {
      patchDetail(id, (detail) => ({
        ...detail,
        tables: detail.tables.filter((t) => t.id !== tableId),
      }))
      return refresh(eventKeys.unseated(id))
    },
  )

/** Who came: the participants, the door's list and counts, who has no seat, the lists' counts. */
const arrivalsChanged = (id: string) =>
  refresh(eventKeys.detail(id), eventKeys.door(id), eventKeys.unseated(id), eventKeys.lists())

export const checkInByCode = (id: string, userCode: string) =>
  changed(
    callApi(() => one.participants.$post({ param: { id }, json: { userCode } })),
    () => arrivalsChanged(id),
  )
export const setParticipantStatus = (id: string, userId: string, status: ParticipantStatus) =>
  changed(
    callApi(() => one.participants[':userId'].$patch({ param: { id, userId }, json: { status } })),
    (row) => {
      patchDetail(id, (detail) => ({
        ...detail,
        participants: detail.participants.map((p) =>
          p.userId === row.userId
            ? {
                ...p,
                status: row.status,
                checkedInAt: row.checkedInAt,
                leftAt: row.leftAt,
              }
            : p,
        ),
      }))
      // Coming in while a round runs may seat her at once: then the rounds changed too.
      return status === 'present'
        ? arrivalsChanged(id)
        : refresh(eventKeys.door(id), eventKeys.unseated(id), eventKeys.lists())
    },
  )
export const removeParticipant = (id: string, userId: string) =>
  changed(
    callApi(() => one.participants[':userId'].$delete({ param: { id, userId } })),
    () => arrivalsChanged(id),
  )

/** The host waves a late cancellation away: the event's page is read again. */
export const waiveLateCancellation = (id: string, userId: string) =>
  changed(
    callApi(() =>
      one.participants[':userId']['late-cancellation'].waive.$post({ param: { id, userId } }),
    ),
    () => refresh(eventKeys.detail(id)),
  )

/**
 * The host clears a no-show: the event's page is read again, and the members list and the
 * dashboard, which count them.
 */
export const clearNoShow = (id: string, userId: string) =>
  changed(
    callApi(() => one.participants[':userId']['no-show'].clear.$post({ param: { id, userId } })),
    () => refresh(eventKeys.detail(id), adminKeys.users(), ['admin', 'dashboard']),
  )

/** A round's seating changed: the rounds, the door's tables, who has no seat. */
const seatingChanged = (id: string) =>
  refresh(eventKeys.detail(id), eventKeys.door(id), eventKeys.unseated(id))

export const addRound = (id: string, durationMinutes: number) =>
  changed(
    callApi(() => one.rounds.$post({ param: { id }, json: { durationMinutes } })),
    // The answer is the round without the seats the mixer gave it.
    () => refresh(eventKeys.detail(id), eventKeys.lists()),
  )
const round = one.rounds[':roundId']
export const reseatRound = (id: string, roundId: string) =>
  changed(
    callApi(() => round.reseat.$post({ param: { id, roundId } })),
    () => seatingChanged(id),
  )
export const changeSeating = (id: string, roundId: string, json: SeatingChange) =>
  changed(
    callApi(() => round.seating.$post({ param: { id, roundId }, json })),
    () => seatingChanged(id),
  )
/** `endRunning`: the round that still runs ends first, in the same step (the host was asked). */
export const startRound = (id: string, roundId: string, endRunning = false) =>
  changed(
    callApi(() =>
      round.start.$post({
        param: { id, roundId },
        query: endRunning ? { endRunning: 'true' } : {},
      }),
    ),
    (started) => {
      setRound(id, started)
      return refresh(
        // Its question was chosen as it started (and the round before ended, with endRunning).
        eventKeys.detail(id),
        eventKeys.door(id),
        eventKeys.unseated(id),
        eventKeys.lists(),
      )
    },
  )
export const endRound = (id: string, roundId: string) =>
  changed(
    callApi(() => round.end.$post({ param: { id, roundId } })),
    (ended) => {
      return refresh(eventKeys.door(id), eventKeys.unseated(id), eventKeys.lists()).then(() =>
        setRound(id, ended),
      )
    },
  )
/** Another conversation starter for the running round: the console shows the new one. */
export const skipQuestion = (id: string, roundId: string) =>
  changed(
    callApi(() => round.question.skip.$post({ param: { id, roundId } })),
    ({ question }) =>
      patchDetail(id, (detail) => ({
        ...detail,
        rounds: detail.rounds.map((r) => (r.id === roundId ? { ...r, question } : r)),
      })),
  )
export const removeRound = (id: string, roundId: string) =>
  changed(
    callApi(() => round.$delete({ param: { id, roundId } })),
    () => {
      patchDetail(id, (detail) => ({
        ...detail,
        rounds: detail.rounds.filter((r) => r.id !== roundId),
      }))
      return refresh(eventKeys.lists())
    },
  )

export const keepApart = (id: string, json: KeepApartInput) =>
  changed(
    callApi(() => one['keep-apart'].$post({ param: { id }, json })),
    (pair) => patchDetail(id, (detail) => ({ ...detail, keepApart: [...detail.keepApart, pair] })),
  )
export const letSitTogether = (id: string, pairId: string) =>
  changed(
    callApi(() => one['keep-apart'][':pairId'].$delete({ param: { id, pairId } })),
    () =>
      patchDetail(id, (detail) => ({
        ...detail,
        keepApart: detail.keepApart.filter((pair) => pair.id !== pairId),
      })),
  )

/** Every round's seating as CSV; a plain link, so the browser downloads it. */
export const seatingCsvUrl = (id: string) => apiPath(one['seating.csv'].$path({ param: { id } }))

export const doorHelpersQuery = (id: string) =>
  apiQuery(eventKeys.doorHelpers(id), () =>
    callApi(() => one['door-helpers'].$get({ param: { id } })),
  )
export const addDoorHelper = (id: string, userCode: string) =>
  changed(
    callApi(() => one['door-helpers'].$post({ param: { id }, json: { userCode } })),
    () => refresh(eventKeys.doorHelpers(id)),
  )
export const removeDoorHelper = (id: string, userId: string) =>
  changed(
    callApi(() => one['door-helpers'][':userId'].$delete({ param: { id, userId } })),
    () =>
      queryClient.setQueryData(
        eventKeys.doorHelpers(id),
        (list) =>
          list && { ...list, helpers: list.helpers.filter((helper) => helper.userId !== userId) },
      ),
  )
