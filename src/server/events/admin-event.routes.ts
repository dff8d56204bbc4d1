import { Hono } from 'hono'
import { eventInputSchema, eventsQuerySchema } from '#shared/schemas/events.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { queryParams } from '../http/query-params.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  eventParam,
  json,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { createEvent } from './commands/create-event.ts'
import { deleteEvent } from './commands/delete-event.ts'
import { updateEvent } from './commands/update-event.ts'
import {
  adminEventListSchema,
  deletedSchema,
  eventDetailSchema,
  eventRowSchema,
} from './event-responses.ts'
import { eventDetail } from './queries/event-detail.ts'
import { listEvents } from './queries/list-events.ts'

/** /api/admin/events and /api/admin/events/:id: the list, and an event made, read, changed, deleted. */
export function adminEventRoutes(deps: AdminEventsDeps) {
  const { db, mail } = deps
  return new Hono<AppEnv>()
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
      async (c) => c.json(await createEvent(commandContext(c, deps), c.req.valid('json')), 201),
    )
    .get(
      '/:id',
      adminDoc({
        summary: 'An event in full',
        responses: {
          200: json('The event, its tables, participants, rounds and seating.', eventDetailSchema),
        },
        errors: [404],
      }),
      eventParam,
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
      eventParam,
      jsonBody(eventInputSchema, asEvents),
      async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await updateEvent(commandContext(c, deps), id, c.req.valid('json'), mail))
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
      eventParam,
      async (c) => {
        await deleteEvent(commandContext(c, deps), c.req.valid('param').id, mail)
        return c.json({ deleted: true })
      },
    )
}
