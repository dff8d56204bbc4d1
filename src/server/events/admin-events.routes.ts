import { Hono } from 'hono'
import { z } from 'zod'
import { bodyLimit } from 'hono/body-limit'
import {
  addParticipantSchema,
  eventInputSchema,
  eventsQuerySchema,
  roundStartQuerySchema,
  participantStatusSchema,
  roundInputSchema,
  seatingChangeSchema,
  tableInputSchema,
} from '#shared/schemas/events.ts'
import { doorHelperInputSchema } from '#shared/schemas/door.ts'
import type { Auth } from '../auth/auth.ts'
import { accessStillHolds, requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { queryParams } from '../http/query-params.ts'
import { MAX_UPLOAD_BYTES, processImage } from '../media/process-image.ts'
import {
  createEvent,
  deleteEvent,
  endEvent,
  EVENT_IMAGE_SIZE,
  eventDetail,
  findEvent,
  listEvents,
  setEventImage,
  reopenEvent,
  startEvent,
  updateEvent,
} from './events.ts'
import {
  addParticipantByCode,
  participation,
  removeParticipant,
  setParticipantStatus,
} from './participants.ts'
import {
  addRound,
  changeSeating,
  endRound,
  removeRound,
  reseatRound,
  startRound,
} from './rounds.ts'
import type { SeatingPlanner } from './seating-planner.ts'
import type { PlaceMail } from './calendar-mail.ts'
import { adminChangesStream, type LiveDeps } from '../live/live.routes.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import {
  adminEventListSchema,
  deletedSchema,
  doorHelperListSchema,
  eventDetailSchema,
  extraSeatAnswerSchema,
  newTableAnswerSchema,
  unseatedStateSchema,
  eventRowSchema,
  participantRowSchema,
  roundRowSchema,
  tableRowSchema,
} from './event-responses.ts'
import { keepApartRoutes } from './keep-apart.routes.ts'
import { screenLinkAdminRoutes } from '../live/screen-link.routes.ts'
import { exportSeatingCsv } from './seating-export.ts'
import { addTable, findTable, removeTable, updateTable } from './tables.ts'
import type { AuditAction } from '#shared/audit.ts'
import { audited, auditOrigin } from '../audit/audit.ts'
import { eventPhase } from '#shared/schemas/events.ts'
import {
  auditedEventChange,
  eventSubject,
  eventValues,
  mailAfterCommit,
  MEMBER_KEEP,
  memberValues,
  pairValues,
  recordEventAudit,
  roundValues,
  tableValues,
} from './event-audit.ts'
import { addDoorHelper, doorHelpers, removeDoorHelper } from './door.ts'
import { addSeatFor, openTableFor, unseatedState } from './unseated.ts'
import { extraSeatInputSchema } from '#shared/schemas/door.ts'
import { newTableName } from '../i18n.ts'

const asEvents = { messages: 'events' } as const
const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.adminEvents, access: 'admin' })
const json = (description: string, schema: z.ZodType) => ({ description, json: schema })
const event = pathIds({ id: PATH_IDS.event })
const eventTable = pathIds({ id: PATH_IDS.event, tableId: PATH_IDS.table })
const eventParticipant = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.participant })
const eventRound = pathIds({ id: PATH_IDS.event, roundId: PATH_IDS.round })

/** Runs one write to an event, then tells its live screens and the admins' lists. */
type Change = <T>(eventId: string, write: () => Promise<T>) => Promise<T>

/** An audited change to an event by the request's admin (event-audit.ts), then live screens hear. */
export type AuditedChange = <T>(
  c: Parameters<typeof auditOrigin>[0],
  eventId: string,
  action: AuditAction,
  work: Parameters<typeof auditedEventChange<T>>[4],
) => Promise<T>

/** /api/admin/events: the klikk events tool (admins only). Handlers validate and call the domain. */
export function adminEventsRoutes(
  auth: Auth,
  db: Db,
  planner: SeatingPlanner,
  live: LiveDeps,
  mail: PlaceMail,
) {
  /** Every change to an event goes through here: it then reaches the event's live screens and the admins' lists at once. */
  const change: Change = async (eventId, write) => {
    const result = await write()
    live.hub.changed(eventId)
    return result
  }

  /** A change to an event, its audit entry in the same transaction; then the live screens hear. */
  const audit: AuditedChange = (c, eventId, action, work) =>
    change(eventId, () => auditedEventChange(db, auditOrigin(c), eventId, action, work))

  return (
    new Hono<AppEnv>()
      .use(requireAdmin(auth, db))
      .get(
        '/live',
        adminDoc({
          summary: 'Live: some event changed',
          description:
            "Server-sent events for the admins' lists: `changed` after any change to any event; then read the list again.",
          responses: {
            200: { description: 'A stream of `changed` events.', media: 'text/event-stream' },
          },
        }),
        (c) =>
          adminChangesStream(
            c,
            live,
            accessStillHolds(auth, db, c.req.raw.headers, { admin: true }),
          ),
      )
      .get(
        '/',
        adminDoc({
          summary: 'Events',
          description:
            'Newest first (at most 200), each with its latest started round and head counts; `klikk` filters.',
          responses: { 200: json('The events.', adminEventListSchema) },
        }),
        queryParams(eventsQuerySchema),
        async (c) => {
          const query = c.req.valid('query')
          const klikk = query.klikk === undefined ? undefined : query.klikk === 'true'
          return c.json({ events: await listEvents(db, { klikk }) })
        },
      )
      .post(
        '/',
        adminDoc({
          summary: 'Create an event',
          responses: { 201: json('The event.', eventRowSchema) },
          errors: [400],
        }),
        jsonBody(eventInputSchema, asEvents),
        async (c) => {
          const created = await audited(db, auditOrigin(c), async (tx) => {
            const event = await createEvent(tx, c.req.valid('json'))
            const audit = { action: 'event.create', subject: eventSubject(event) } as const
            return { result: event, audit: { ...audit, after: eventValues(event) } }
          })
          live.hub.changed(created.id)
          return c.json(created, 201)
        },
      )
      .get(
        '/:id',
        adminDoc({
          summary: 'An event in full',
          responses: {
            200: json(
              'The event, its tables, participants, rounds and seating.',
              eventDetailSchema,
            ),
          },
          errors: [404],
        }),
        event,
        async (c) => c.json(await eventDetail(db, c.req.valid('param').id)),
      )
      .put(
        '/:id',
        adminDoc({
          summary: 'Change an event',
          description:
            "A new start time, duration, place name or address raises the event's `calendarSequence` and e-mails everyone holding a place an update of her calendar invitation (same UID, higher SEQUENCE).",
          responses: { 200: json('The event.', eventRowSchema) },
          errors: [400, 404],
        }),
        event,
        jsonBody(eventInputSchema, asEvents),
        async (c) => {
          const { id } = c.req.valid('param')
          const updated = await audit(c, id, 'event.update', async (tx, before, afterCommit) => {
            const after = await updateEvent(
              tx,
              id,
              c.req.valid('json'),
              mailAfterCommit(mail, afterCommit),
            )
            return { result: after, before: eventValues(before), after: eventValues(after) }
          })
          return c.json(updated)
        },
      )
      .delete(
        '/:id',
        adminDoc({
          summary: 'Delete an event',
          description:
            'Not while it runs. Everyone holding a place at an event still to come gets an e-mail with a calendar cancellation (METHOD:CANCEL, same UID, higher SEQUENCE).',
          responses: { 200: json('Deleted.', deletedSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          await audit(c, id, 'event.delete', async (tx, before, afterCommit) => {
            await deleteEvent(tx, id, mailAfterCommit(mail, afterCommit))
            return { result: null, before: eventValues(before) }
          })
          return c.json({ deleted: true })
        },
      )
      .post(
        '/:id/image',
        adminDoc({
          summary: "Set the event's image",
          description:
            'A `multipart/form-data` body with the image in `file` (at most 5 MB); it is cropped to 16:9.',
          responses: { 200: json('Where the image is.', z.object({ imageUrl: z.string() })) },
          errors: [400, 404, 413],
        }),
        event,
        bodyLimit({
          maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
          onError: () => {
            throw new ApiError(413, 'invalid_image', 'invalidImage')
          },
        }),
        async (c) => {
          const form = await c.req.formData().catch(() => null)
          const file = form?.get('file')
          if (!(file instanceof File) || file.size === 0 || file.size > MAX_UPLOAD_BYTES)
            throw new ApiError(400, 'invalid_image', 'invalidImage')
          const image = await processImage(Buffer.from(await file.arrayBuffer()), EVENT_IMAGE_SIZE)
          if (!image) throw new ApiError(400, 'invalid_image', 'invalidImage')
          const { id } = c.req.valid('param')
          const imageUrl = await audit(c, id, 'event.image', async (tx, before) => {
            const url = await setEventImage(tx, id, image)
            return { result: url, before: { imageUrl: before.imageUrl }, after: { imageUrl: url } }
          })
          return c.json({ imageUrl })
        },
      )
      .post(
        '/:id/start',
        adminDoc({
          summary: 'Start the event',
          description:
            'At most one event is active at a time. An ended event is refused (409 `event_ended`): reopen it instead.',
          responses: { 200: json('The event, active.', eventRowSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          const started = await audit(c, id, 'event.start', async (tx, before) => {
            const after = await startEvent(tx, id)
            return {
              result: after,
              before: { status: eventPhase(before) },
              after: { status: eventPhase(after) },
            }
          })
          return c.json(started)
        },
      )
      .post(
        '/:id/reopen',
        adminDoc({
          summary: 'Reopen an ended event',
          description:
            'An ended evening is over: `start` refuses it (409 `event_ended`). Reopening is the deliberate way back: the event is active again, keeping its rounds and seating; the round that was running when it ended stays over.',
          responses: { 200: json('The event, active again.', eventRowSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          const reopened = await audit(c, id, 'event.reopen', async (tx, before) => {
            const after = await reopenEvent(tx, id)
            return {
              result: after,
              before: { status: eventPhase(before) },
              after: { status: eventPhase(after) },
            }
          })
          return c.json(reopened)
        },
      )
      .post(
        '/:id/end',
        adminDoc({
          summary: 'End the event',
          responses: { 200: json('The event, ended.', eventRowSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          const ended = await audit(c, id, 'event.end', async (tx, before) => {
            const after = await endEvent(tx, id)
            return {
              result: after,
              before: { status: eventPhase(before) },
              after: { status: eventPhase(after), endedAt: after.endedAt },
            }
          })
          return c.json(ended)
        },
      )
      // Tables
      .post(
        '/:id/tables',
        adminDoc({
          summary: 'Add a table',
          responses: { 201: json('The table.', tableRowSchema) },
          errors: [400, 404, 409],
        }),
        event,
        jsonBody(tableInputSchema, asEvents),
        async (c) => {
          const { id } = c.req.valid('param')
          const table = await audit(c, id, 'table.add', async (tx) => {
            const added = await addTable(tx, id, c.req.valid('json'))
            return { result: added, after: tableValues(added) }
          })
          return c.json(table, 201)
        },
      )
      .put(
        '/:id/tables/:tableId',
        adminDoc({
          summary: 'Change a table',
          responses: { 200: json('The table.', tableRowSchema) },
          errors: [400, 404, 409],
        }),
        eventTable,
        jsonBody(tableInputSchema, asEvents),
        async (c) => {
          const { id, tableId } = c.req.valid('param')
          const table = await audit(c, id, 'table.update', async (tx) => {
            const before = await findTable(tx, id, tableId)
            const after = await updateTable(tx, id, tableId, c.req.valid('json'))
            return {
              result: after,
              before: tableValues(before),
              after: tableValues(after),
              keep: ['tableName'],
            }
          })
          return c.json(table)
        },
      )
      .delete(
        '/:id/tables/:tableId',
        adminDoc({
          summary: 'Remove a table',
          responses: { 200: json('Removed.', deletedSchema) },
          errors: [404, 409],
        }),
        eventTable,
        async (c) => {
          const { id, tableId } = c.req.valid('param')
          await audit(c, id, 'table.remove', async (tx) => {
            const before = await findTable(tx, id, tableId)
            await removeTable(tx, id, tableId)
            return { result: null, before: tableValues(before) }
          })
          return c.json({ deleted: true })
        },
      )
      // Participants
      .post(
        '/:id/participants',
        adminDoc({
          summary: 'Check someone in by member code',
          responses: { 201: json('Her user id.', z.object({ userId: z.string() })) },
          errors: [400, 404, 409],
        }),
        event,
        jsonBody(addParticipantSchema, asEvents),
        async (c) => {
          const { userCode } = c.req.valid('json')
          const { id } = c.req.valid('param')
          const userId = await audit(c, id, 'participant.add', async (tx) => {
            const added = await addParticipantByCode(tx, id, userCode)
            return {
              result: added,
              after: { ...(await memberValues(tx, added)), status: 'present' },
            }
          })
          return c.json({ userId }, 201)
        },
      )
      .patch(
        '/:id/participants/:userId',
        adminDoc({
          summary: 'Check a participant in or out',
          responses: { 200: json('Her participation.', participantRowSchema) },
          errors: [400, 404],
        }),
        eventParticipant,
        jsonBody(participantStatusSchema),
        async (c) => {
          const { id, userId } = c.req.valid('param')
          const { status } = c.req.valid('json')
          const updated = await audit(c, id, 'participant.status', async (tx) => {
            const before = await participation(tx, id, userId)
            const after = await setParticipantStatus(tx, id, userId, status)
            const member = await memberValues(tx, userId)
            return {
              result: after,
              before: { ...member, status: before?.status ?? null },
              after: { ...member, status: after.status },
              keep: MEMBER_KEEP,
            }
          })
          return c.json(updated)
        },
      )
      .delete(
        '/:id/participants/:userId',
        adminDoc({
          summary: 'Remove a participant',
          responses: { 200: json('Removed.', deletedSchema) },
          errors: [404, 409],
        }),
        eventParticipant,
        async (c) => {
          const { id, userId } = c.req.valid('param')
          await audit(c, id, 'participant.remove', async (tx) => {
            const before = await participation(tx, id, userId)
            await removeParticipant(tx, id, userId)
            const member = await memberValues(tx, userId)
            return { result: null, before: { ...member, status: before?.status ?? null } }
          })
          return c.json({ deleted: true })
        },
      )
      // Rounds
      .post(
        '/:id/rounds',
        adminDoc({
          summary: 'Add a round, seated by the mixer',
          responses: { 201: json('The round.', roundRowSchema) },
          errors: [400, 404, 409],
        }),
        event,
        jsonBody(roundInputSchema, asEvents),
        async (c) => {
          const { durationMinutes } = c.req.valid('json')
          const { id } = c.req.valid('param')
          const round = await change(id, () =>
            addRound(db, planner, id, durationMinutes, (tx, added) =>
              recordEventAudit(tx, auditOrigin(c), id, 'round.add', { after: roundValues(added) }),
            ),
          )
          return c.json(round, 201)
        },
      )
      .post(
        '/:id/rounds/:roundId/reseat',
        adminDoc({
          summary: 'Seat a round again',
          responses: { 200: json('Reseated.', z.object({ reseated: z.literal(true) })) },
          errors: [404, 409],
        }),
        eventRound,
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          await change(id, () =>
            reseatRound(db, planner, id, roundId, (tx, round) =>
              recordEventAudit(tx, auditOrigin(c), id, 'round.reseat', {
                after: roundValues(round),
              }),
            ),
          )
          return c.json({ reseated: true as const })
        },
      )
      .post(
        '/:id/rounds/:roundId/seating',
        adminDoc({
          summary: 'Swap or move people',
          responses: { 200: json('Changed.', z.object({ changed: z.literal(true) })) },
          errors: [400, 404, 409],
        }),
        eventRound,
        jsonBody(seatingChangeSchema),
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          const seating = c.req.valid('json')
          await audit(c, id, 'round.seating', async (tx) => {
            const { round, table } = await changeSeating(tx, id, roundId, seating)
            const who =
              seating.action === 'swap'
                ? await pairValues(tx, seating.userA, seating.userB)
                : await memberValues(tx, seating.userId)
            return {
              result: null,
              after: {
                roundId,
                roundNumber: round.roundNumber,
                action: seating.action,
                ...who,
                ...(table && { tableId: table.id, tableName: table.tableName }),
              },
            }
          })
          return c.json({ changed: true as const })
        },
      )
      .post(
        '/:id/rounds/:roundId/start',
        adminDoc({
          summary: 'Start a round',
          description:
            'While another round runs this is refused (409 `conflict`), unless `endRunning=true`: then the running round ends and this one starts in one step, with an audit entry for each (`round.end`, then `round.start`).',
          responses: { 200: json('The round, running.', roundRowSchema) },
          errors: [404, 409],
        }),
        eventRound,
        queryParams(roundStartQuerySchema),
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          const endRunning = c.req.valid('query').endRunning === 'true'
          const round = await audit(c, id, 'round.start', async (tx) => {
            const started = await startRound(tx, id, roundId, {
              endRunning,
              recordEnded: (inner, ended) =>
                recordEventAudit(inner, auditOrigin(c), id, 'round.end', {
                  after: roundValues(ended),
                }),
            })
            return { result: started, after: roundValues(started) }
          })
          return c.json(round)
        },
      )
      .post(
        '/:id/rounds/:roundId/end',
        adminDoc({
          summary: 'End a round early',
          responses: { 200: json('The round, finished.', roundRowSchema) },
          errors: [404, 409],
        }),
        eventRound,
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          const round = await audit(c, id, 'round.end', async (tx) => {
            const ended = await endRound(tx, id, roundId)
            return { result: ended, after: roundValues(ended) }
          })
          return c.json(round)
        },
      )
      .delete(
        '/:id/rounds/:roundId',
        adminDoc({
          summary: 'Remove a round',
          responses: { 200: json('Removed.', deletedSchema) },
          errors: [404, 409],
        }),
        eventRound,
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          await audit(c, id, 'round.remove', async (tx) => {
            const removed = await removeRound(tx, id, roundId)
            return { result: null, before: roundValues(removed) }
          })
          return c.json({ deleted: true })
        },
      )
      // Someone in with no seat, and the two ways out
      .get(
        '/:id/unseated',
        adminDoc({
          summary: 'Who is in with no seat',
          description:
            "While a round runs: everyone checked in who has no seat in it, longest waiting first, each with the table an added chair would take her best (the late-arrival rule: none she is kept apart from, fewest she has met, then fewest people); and the size a new table would have. The host's alert reads this after every change (`GET /api/admin/events/live`).",
          responses: { 200: json('Who has no seat.', unseatedStateSchema) },
          errors: [404],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          return c.json(await unseatedState(db, await findEvent(db, id)))
        },
      )
      .post(
        '/:id/unseated/:userId/seat',
        adminDoc({
          summary: 'Seat her at a table with an added chair',
          description:
            'She sits at `tableId` in the running round; the table gets one more seat when it is full (and one more chair when it had none spare), up to 50. One audit entry. 409 `already_seated` when she has a seat by now; 409 when no round runs.',
          responses: { 200: json('Where she sits.', extraSeatAnswerSchema) },
          errors: [400, 404, 409],
        }),
        eventParticipant,
        jsonBody(extraSeatInputSchema, asEvents),
        async (c) => {
          const { id, userId } = c.req.valid('param')
          const { tableId } = c.req.valid('json')
          const seated = await audit(c, id, 'seating.add_seat', async (tx, before) => {
            const done = await addSeatFor(tx, before, userId, tableId)
            return {
              result: done,
              before: { capacityActual: done.table.before.capacityActual },
              after: {
                userId: done.person.userId,
                name: done.person.name,
                userCode: done.person.userCode,
                roundNumber: done.seat.roundNumber,
                tableId: done.seat.tableId,
                tableName: done.seat.tableName,
                capacityActual: done.table.after.capacityActual,
              },
            }
          })
          return c.json({
            person: seated.person,
            seat: seated.seat,
            capacityActual: seated.table.after.capacityActual,
          })
        },
      )
      .post(
        '/:id/unseated/new-table',
        adminDoc({
          summary: 'Open a new table for those with no seat',
          description:
            "A new table, named in the admin's language and as big as the evening's usual table (or bigger when more wait), and everyone in with no seat sits there in the running round. One audit entry. 409 when nobody waits or no round runs.",
          responses: { 200: json('The table and who sits there.', newTableAnswerSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          const language = c.var.language
          const opened = await audit(c, id, 'seating.open_table', async (tx, before) => {
            const done = await openTableFor(tx, before, (n) => newTableName(language, n))
            return {
              result: done,
              after: {
                ...done.table,
                roundNumber: done.roundNumber,
                people: done.people.map((person) => person.name),
              },
            }
          })
          return c.json(opened)
        },
      )
      // Members who may work this event's door
      .get(
        '/:id/door-helpers',
        adminDoc({
          summary: 'Door helpers',
          description:
            "Members who may work this event's door screen (only that), from two hours before its start until it ends.",
          responses: { 200: json('The helpers.', doorHelperListSchema) },
          errors: [404],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          await findEvent(db, id)
          return c.json({ helpers: await doorHelpers(db, id) })
        },
      )
      .post(
        '/:id/door-helpers',
        adminDoc({
          summary: 'Let a member work the door',
          description: 'By her member code.',
          responses: { 201: json('Her user id.', z.object({ userId: z.string() })) },
          errors: [400, 404],
        }),
        event,
        jsonBody(doorHelperInputSchema, asEvents),
        async (c) => {
          const { id } = c.req.valid('param')
          const { userCode } = c.req.valid('json')
          const userId = await audit(c, id, 'door_helper.add', async (tx) => {
            const added = await addDoorHelper(tx, id, userCode)
            return { result: added, after: await memberValues(tx, added) }
          })
          return c.json({ userId }, 201)
        },
      )
      .delete(
        '/:id/door-helpers/:userId',
        adminDoc({
          summary: 'Stop a member working the door',
          responses: { 200: json('Removed.', deletedSchema) },
          errors: [404],
        }),
        eventParticipant,
        async (c) => {
          const { id, userId } = c.req.valid('param')
          await audit(c, id, 'door_helper.remove', async (tx) => {
            const member = await memberValues(tx, userId)
            await removeDoorHelper(tx, id, userId)
            return { result: null, before: member }
          })
          return c.json({ deleted: true })
        },
      )
      // Pairs the mixer keeps apart
      .route('/:id/keep-apart', keepApartRoutes(db, audit))
      // The big screen without an account: a link and a code (decision 0066)
      .route('/:id/screen-link', screenLinkAdminRoutes(db, audit))
      // Every round's seating, for a spreadsheet
      .get(
        '/:id/seating.csv',
        adminDoc({
          summary: "Every round's seating as CSV",
          description:
            "Round, table and person per line, for a spreadsheet or the door, in the admin's language: its headers and states in her words, the delimiter Excel expects in her region (a semicolon for hu, es and de, a comma for en), and times in the site's zone (Europe/Budapest) with their offset.",
          responses: {
            200: { description: 'UTF-8 CSV with a byte-order mark.', media: 'text/csv' },
          },
          errors: [404],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          const { csv, fileName } = await auditedEventChange(
            db,
            auditOrigin(c),
            id,
            'export.seating',
            async (tx) => ({ result: await exportSeatingCsv(tx, id, c.var.language) }),
          )
          c.header('Content-Type', 'text/csv; charset=utf-8')
          c.header('Content-Disposition', `attachment; filename="${fileName}"`)
          c.header('Cache-Control', 'no-store')
          return c.body(csv)
        },
      )
  )
}
