import { Hono } from 'hono'
import { z } from 'zod'
import { bodyLimit } from 'hono/body-limit'
import {
  addParticipantSchema,
  eventInputSchema,
  eventsQuerySchema,
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
  startEvent,
  updateEvent,
} from './events.ts'
import { addParticipantByCode, removeParticipant, setParticipantStatus } from './participants.ts'
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
  eventRowSchema,
  participantRowSchema,
  roundRowSchema,
  tableRowSchema,
} from './event-responses.ts'
import { keepApartRoutes } from './keep-apart.routes.ts'
import { exportSeatingCsv } from './seating-export.ts'
import { addTable, removeTable, updateTable } from './tables.ts'
import { addDoorHelper, doorHelpers, removeDoorHelper } from './door.ts'

const asEvents = { messages: 'events' } as const
const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.adminEvents, access: 'admin' })
const json = (description: string, schema: z.ZodType) => ({ description, json: schema })
const event = pathIds({ id: PATH_IDS.event })
const eventTable = pathIds({ id: PATH_IDS.event, tableId: PATH_IDS.table })
const eventParticipant = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.participant })
const eventRound = pathIds({ id: PATH_IDS.event, roundId: PATH_IDS.round })

/** Runs one write to an event, then tells its live screens and the admins' lists. */
export type Change = <T>(eventId: string, write: () => Promise<T>) => Promise<T>

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
          const created = await createEvent(db, c.req.valid('json'))
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
          return c.json(await change(id, () => updateEvent(db, id, c.req.valid('json'), mail)))
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
          await change(id, () => deleteEvent(db, id, mail))
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
          return c.json({ imageUrl: await change(id, () => setEventImage(db, id, image)) })
        },
      )
      .post(
        '/:id/start',
        adminDoc({
          summary: 'Start the event',
          description: 'At most one event is active at a time.',
          responses: { 200: json('The event, active.', eventRowSchema) },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const { id } = c.req.valid('param')
          return c.json(await change(id, () => startEvent(db, id)))
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
          return c.json(await change(id, () => endEvent(db, id)))
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
          return c.json(await change(id, () => addTable(db, id, c.req.valid('json'))), 201)
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
          return c.json(await change(id, () => updateTable(db, id, tableId, c.req.valid('json'))))
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
          await change(id, () => removeTable(db, id, tableId))
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
          const userId = await change(id, () => addParticipantByCode(db, id, userCode))
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
          return c.json(await change(id, () => setParticipantStatus(db, id, userId, status)))
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
          await change(id, () => removeParticipant(db, id, userId))
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
          return c.json(await change(id, () => addRound(db, planner, id, durationMinutes)), 201)
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
          await change(id, () => reseatRound(db, planner, id, roundId))
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
          await change(id, () => changeSeating(db, id, roundId, c.req.valid('json')))
          return c.json({ changed: true as const })
        },
      )
      .post(
        '/:id/rounds/:roundId/start',
        adminDoc({
          summary: 'Start a round',
          responses: { 200: json('The round, running.', roundRowSchema) },
          errors: [404, 409],
        }),
        eventRound,
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          return c.json(await change(id, () => startRound(db, id, roundId)))
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
          return c.json(await change(id, () => endRound(db, id, roundId)))
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
          await change(id, () => removeRound(db, id, roundId))
          return c.json({ deleted: true })
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
          const userId = await change(id, () => addDoorHelper(db, id, c.req.valid('json').userCode))
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
          await change(id, () => removeDoorHelper(db, id, userId))
          return c.json({ deleted: true })
        },
      )
      // Pairs the mixer keeps apart
      .route('/:id/keep-apart', keepApartRoutes(db, change))
      // Every round's seating, for a spreadsheet
      .get(
        '/:id/seating.csv',
        adminDoc({
          summary: "Every round's seating as CSV",
          description: 'Round, table and person per line, for a spreadsheet or the door.',
          responses: {
            200: { description: 'UTF-8 CSV with a byte-order mark.', media: 'text/csv' },
          },
          errors: [404],
        }),
        event,
        async (c) => {
          const { csv, fileName } = await exportSeatingCsv(
            db,
            c.req.valid('param').id,
            c.var.language,
          )
          c.header('Content-Type', 'text/csv; charset=utf-8')
          c.header('Content-Disposition', `attachment; filename="${fileName}"`)
          c.header('Cache-Control', 'no-store')
          return c.body(csv)
        },
      )
  )
}
