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
} from '../../shared/schemas/events.ts'
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
import { addTable, removeTable, updateTable } from './tables.ts'

const asEvents = { messages: 'events' } as const
const event = pathIds({ id: PATH_IDS.event })
const eventTable = pathIds({ id: PATH_IDS.event, tableId: PATH_IDS.table })
const eventParticipant = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.participant })
const eventRound = pathIds({ id: PATH_IDS.event, roundId: PATH_IDS.round })

/** /api/admin/events: the klikk events tool (admins only). Handlers validate and call the domain. */
export function adminEventsRoutes(auth: Auth, db: Db, planner: SeatingPlanner, live: LiveDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireAdmin(auth, db))
      // Every change to an event reaches its live screens (and the admins' lists) at once.
      .use(async (c, next) => {
        await next()
        const eventId = /^\/api\/admin\/events\/([0-9a-f-]{36})/.exec(c.req.path)?.[1]
        if (c.req.method !== 'GET' && c.res.status < 400 && eventId) live.hub.changed(eventId)
      })
      .get('/live', (c) => adminChangesStream(c, live))
      .get('/', async (c) => {
        const query = eventsQuerySchema.safeParse(c.req.query())
        if (!query.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
        const klikk = query.data.klikk === undefined ? undefined : query.data.klikk === 'true'
        return c.json({ events: await listEvents(db, { klikk }) })
      })
      .post('/', jsonBody(eventInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await createEvent(db, input), 201)
      })
      .get('/:id', event, async (c) => c.json(await eventDetail(db, c.req.valid('param').id)))
      .put('/:id', event, jsonBody(eventInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await updateEvent(db, c.req.valid('param').id, input))
      })
      .delete('/:id', event, async (c) => {
        await deleteEvent(db, c.req.valid('param').id)
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
          return c.json({ imageUrl: await setEventImage(db, c.req.valid('param').id, image) })
        },
      )
      .post('/:id/start', event, async (c) => c.json(await startEvent(db, c.req.valid('param').id)))
      .post('/:id/end', event, async (c) => c.json(await endEvent(db, c.req.valid('param').id)))
      // Tables
      .post('/:id/tables', event, jsonBody(tableInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await addTable(db, c.req.valid('param').id, input), 201)
      })
      .put('/:id/tables/:tableId', eventTable, jsonBody(tableInputSchema, asEvents), async (c) => {
        const { id, tableId } = c.req.valid('param')
        return c.json(await updateTable(db, id, tableId, c.req.valid('json')))
      })
      .delete('/:id/tables/:tableId', eventTable, async (c) => {
        const { id, tableId } = c.req.valid('param')
        await removeTable(db, id, tableId)
        return c.json({ deleted: true })
      })
      // Participants
      .post('/:id/participants', event, jsonBody(addParticipantSchema, asEvents), async (c) => {
        const { userCode } = c.req.valid('json')
        const userId = await addParticipantByCode(db, c.req.valid('param').id, userCode)
        return c.json({ userId }, 201)
      })
      .patch(
        '/:id/participants/:userId',
        eventParticipant,
        jsonBody(participantStatusSchema),
        async (c) => {
          const { id, userId } = c.req.valid('param')
          return c.json(await setParticipantStatus(db, id, userId, c.req.valid('json').status))
        },
      )
      .delete('/:id/participants/:userId', eventParticipant, async (c) => {
        const { id, userId } = c.req.valid('param')
        await removeParticipant(db, id, userId)
        return c.json({ deleted: true })
      })
      // Rounds
      .post('/:id/rounds', event, jsonBody(roundInputSchema, asEvents), async (c) => {
        const { durationMinutes } = c.req.valid('json')
        return c.json(await addRound(db, planner, c.req.valid('param').id, durationMinutes), 201)
      })
      .post('/:id/rounds/:roundId/reseat', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        await reseatRound(db, planner, id, roundId)
        return c.json({ reseated: true })
      })
      .post(
        '/:id/rounds/:roundId/seating',
        eventRound,
        jsonBody(seatingChangeSchema),
        async (c) => {
          const { id, roundId } = c.req.valid('param')
          await changeSeating(db, id, roundId, c.req.valid('json'))
          return c.json({ changed: true })
        },
      )
      .post('/:id/rounds/:roundId/start', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await startRound(db, id, roundId))
      })
      .post('/:id/rounds/:roundId/end', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await endRound(db, id, roundId))
      })
      .delete('/:id/rounds/:roundId', eventRound, async (c) => {
        const { id, roundId } = c.req.valid('param')
        await removeRound(db, id, roundId)
        return c.json({ deleted: true })
      })
  )
}
