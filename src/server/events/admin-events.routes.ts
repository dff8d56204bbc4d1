import { Hono } from 'hono'
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
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { MAX_UPLOAD_BYTES, processImage } from '../media/process-image.ts'
import {
  createEvent,
  deleteEvent,
  endEvent,
  EVENT_IMAGE_SIZE,
  eventDetail,
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
import { adminChangesStream, type LiveDeps } from '../live/live.routes.ts'
import { keepApartRoutes } from './keep-apart.routes.ts'
import { exportSeatingCsv } from './seating-export.ts'
import { addTable, removeTable, updateTable } from './tables.ts'

const asEvents = { messages: 'events' } as const
const event = pathIds({ id: PATH_IDS.event })
const eventTable = pathIds({ id: PATH_IDS.event, tableId: PATH_IDS.table })
const eventParticipant = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.participant })
const eventRound = pathIds({ id: PATH_IDS.event, roundId: PATH_IDS.round })

/** Runs one write to an event, then tells its live screens and the admins' lists. */
export type Change = <T>(eventId: string, write: () => Promise<T>) => Promise<T>

/** /api/admin/events: the klikk events tool (admins only). Handlers validate and call the domain. */
export function adminEventsRoutes(auth: Auth, db: Db, planner: SeatingPlanner, live: LiveDeps) {
  /** Every change to an event goes through here: it then reaches the event's live screens and the admins' lists at once. */
  const change: Change = async (eventId, write) => {
    const result = await write()
    live.hub.changed(eventId)
    return result
  }

  return (
    new Hono<AppEnv>()
      .use(requireAdmin(auth, db))
      .get('/live', (c) => adminChangesStream(c, live))
      .get('/', async (c) => {
        const query = eventsQuerySchema.safeParse(c.req.query())
        if (!query.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
        const klikk = query.data.klikk === undefined ? undefined : query.data.klikk === 'true'
        return c.json({ events: await listEvents(db, { klikk }) })
      })
      .post('/', jsonBody(eventInputSchema, asEvents), async (c) => {
        const created = await createEvent(db, c.req.valid('json'))
        live.hub.changed(created.id)
        return c.json(created, 201)
      })
      .get('/:id', event, async (c) => c.json(await eventDetail(db, c.req.valid('param').id)))
      .put('/:id', event, jsonBody(eventInputSchema, asEvents), async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await change(id, () => updateEvent(db, id, c.req.valid('json'))))
      })
      .delete('/:id', event, async (c) => {
        const { id } = c.req.valid('param')
        await change(id, () => deleteEvent(db, id))
        return c.json({ deleted: true })
      })
      .post(
        '/:id/image',
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
      .post('/:id/start', event, async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await change(id, () => startEvent(db, id)))
      })
      .post('/:id/end', event, async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await change(id, () => endEvent(db, id)))
      })
      // Tables
      .post('/:id/tables', event, jsonBody(tableInputSchema, asEvents), async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await change(id, () => addTable(db, id, c.req.valid('json'))), 201)
      })
      .put('/:id/tables/:tableId', eventTable, jsonBody(tableInputSchema, asEvents), async (c) => {
        const { id, tableId } = c.req.valid('param')
        return c.json(await change(id, () => updateTable(db, id, tableId, c.req.valid('json'))))
      })
      .delete('/:id/tables/:tableId', eventTable, async (c) => {
        const { id, tableId } = c.req.valid('param')
        await change(id, () => removeTable(db, id, tableId))
        return c.json({ deleted: true })
      })
      // Participants
      .post('/:id/participants', event, jsonBody(addParticipantSchema, asEvents), async (c) => {
        const { userCode } = c.req.valid('json')
        const { id } = c.req.valid('param')
        const userId = await change(id, () => addParticipantByCode(db, id, userCode))
        return c.json({ userId }, 201)
      })
      .patch(
        '/:id/participants/:userId',
        eventParticipant,
        jsonBody(participantStatusSchema),
        async (c) => {
          const { id, userId } = c.req.valid('param')
          const { status } = c.req.valid('json')
          return c.json(await change(id, () => setParticipantStatus(db, id, userId, status)))
        },
      )
      .delete('/:id/participants/:userId', eventParticipant, async (c) => {
        const { id, userId } = c.req.valid('param')
        await change(id, () => removeParticipant(db, id, userId))
        return c.json({ deleted: true })
      })
      // Rounds
      .post('/:id/rounds', event, jsonBody(roundInputSchema, asEvents), async (c) => {
        const { durationMinutes } = c.req.valid('json')
        const { id } = c.req.valid('param')
        return c.json(await change(id, () => addRound(db, planner, id, durationMinutes)), 201)
      })
      .post('/:id/rounds/:roundId/reseat', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        await change(id, () => reseatRound(db, planner, id, roundId))
        return c.json({ reseated: true })
      })
      .post(
        '/:id/rounds/:roundId/seating',
        eventRound,
        jsonBody(seatingChangeSchema),
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          await change(id, () => changeSeating(db, id, roundId, c.req.valid('json')))
          return c.json({ changed: true })
        },
      )
      .post('/:id/rounds/:roundId/start', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await change(id, () => startRound(db, id, roundId)))
      })
      .post('/:id/rounds/:roundId/end', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await change(id, () => endRound(db, id, roundId)))
      })
      .delete('/:id/rounds/:roundId', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        await change(id, () => removeRound(db, id, roundId))
        return c.json({ deleted: true })
      })
      // Pairs the mixer keeps apart
      .route('/:id/keep-apart', keepApartRoutes(db, change))
      // Every round's seating, for a spreadsheet
      .get('/:id/seating.csv', event, async (c) => {
        const { csv, fileName } = await exportSeatingCsv(db, c.req.valid('param').id)
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', `attachment; filename="${fileName}"`)
        c.header('Cache-Control', 'no-store')
        return c.body(csv)
      })
  )
}
