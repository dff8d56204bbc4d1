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
      .get('/:id', async (c) => c.json(await eventDetail(db, c.req.param('id'))))
      .put('/:id', jsonBody(eventInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await updateEvent(db, c.req.param('id'), input))
      })
      .delete('/:id', async (c) => {
        await deleteEvent(db, c.req.param('id'))
        return c.json({ deleted: true })
      })
      .post(
        '/:id/image',
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
          return c.json({ imageUrl: await setEventImage(db, c.req.param('id'), image) })
        },
      )
      .post('/:id/start', async (c) => c.json(await startEvent(db, c.req.param('id'))))
      .post('/:id/end', async (c) => c.json(await endEvent(db, c.req.param('id'))))
      // Tables
      .post('/:id/tables', jsonBody(tableInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await addTable(db, c.req.param('id'), input), 201)
      })
      .put('/:id/tables/:tableId', jsonBody(tableInputSchema, asEvents), async (c) => {
        const input = c.req.valid('json')
        return c.json(await updateTable(db, c.req.param('id'), c.req.param('tableId'), input))
      })
      .delete('/:id/tables/:tableId', async (c) => {
        await removeTable(db, c.req.param('id'), c.req.param('tableId'))
        return c.json({ deleted: true })
      })
      // Participants
      .post('/:id/participants', jsonBody(addParticipantSchema, asEvents), async (c) => {
        const { userCode } = c.req.valid('json')
        const userId = await addParticipantByCode(db, c.req.param('id'), userCode)
        return c.json({ userId }, 201)
      })
      .patch('/:id/participants/:userId', jsonBody(participantStatusSchema), async (c) => {
        const { status } = c.req.valid('json')
        return c.json(
          await setParticipantStatus(db, c.req.param('id'), c.req.param('userId'), status),
        )
      })
      .delete('/:id/participants/:userId', async (c) => {
        await removeParticipant(db, c.req.param('id'), c.req.param('userId'))
        return c.json({ deleted: true })
      })
      // Rounds
      .post('/:id/rounds', jsonBody(roundInputSchema, asEvents), async (c) => {
        const { durationMinutes } = c.req.valid('json')
        return c.json(await addRound(db, planner, c.req.param('id'), durationMinutes), 201)
      })
      .post('/:id/rounds/:roundId/reseat', async (c) => {
        await reseatRound(db, planner, c.req.param('id'), c.req.param('roundId'))
        return c.json({ reseated: true })
      })
      .post('/:id/rounds/:roundId/seating', jsonBody(seatingChangeSchema), async (c) => {
        const change = c.req.valid('json')
        await changeSeating(db, c.req.param('id'), c.req.param('roundId'), change)
        return c.json({ changed: true })
      })
      .post('/:id/rounds/:roundId/start', async (c) =>
        c.json(await startRound(db, c.req.param('id'), c.req.param('roundId'))),
      )
      .post('/:id/rounds/:roundId/end', async (c) =>
        c.json(await endRound(db, c.req.param('id'), c.req.param('roundId'))),
      )
      .delete('/:id/rounds/:roundId', async (c) => {
        await removeRound(db, c.req.param('id'), c.req.param('roundId'))
        return c.json({ deleted: true })
      })
  )
}
