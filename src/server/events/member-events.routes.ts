import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { accessStillHolds, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { eventStream, LIVE_STREAM, type LiveDeps } from '../live/live.routes.ts'
import { memberEventListSchema, peopleMetSchema, registrationSchema } from './event-responses.ts'
import { register, unregister, upcomingEventsFor } from './participants.ts'
import { peopleMetBy } from './people-met.ts'

const event = pathIds({ id: PATH_IDS.event })
const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''
const memberDoc = (doc: Omit<RouteDoc, 'tag' | 'access'> & Partial<RouteDoc>) =>
  documented({ tag: API_TAGS.events, access: 'member', ...doc })

/** /api/events: the members' events page (signed-in members). */
export function memberEventsRoutes(auth: Auth, db: Db, live: LiveDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth, db))
      .get(
        '/',
        memberDoc({
          summary: 'Events to come',
          description:
            'Running or still to come, the running one first, each with her registration.',
          responses: { 200: { description: 'The events.', json: memberEventListSchema } },
        }),
        async (c) => c.json({ events: await upcomingEventsFor(db, userIdOf(c)) }),
      )
      // The event's live state: the klikkscreen, and a member's own table on her phone.
      .get(
        '/:id/live',
        memberDoc({
          summary: 'Live: the event as it runs',
          description:
            'The event\'s state as a server-sent events stream: the running round and who sits at which table. Her own table is the one whose `people` include her id ("my table now"). Native clients send the bearer token as with any call.',
          tag: API_TAGS.live,
          responses: { 200: { description: 'A stream of `state` events.', ...LIVE_STREAM } },
          errors: [404],
        }),
        event,
        async (c) => {
          const eventId = c.req.valid('param').id
          if (!(await live.cache.state(eventId)))
            throw new ApiError(404, 'not_found', 'events:errors.eventNotFound')
          return eventStream(
            c,
            live,
            eventId,
            accessStillHolds(auth, db, c.req.raw.headers, { admin: false }),
          )
        },
      )
      .post(
        '/:id/registration',
        memberDoc({
          summary: 'Register for an event',
          responses: { 200: { description: 'Registered.', json: registrationSchema } },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const eventId = c.req.valid('param').id
          await register(db, eventId, userIdOf(c))
          live.hub.changed(eventId)
          return c.json({ registered: true })
        },
      )
      .delete(
        '/:id/registration',
        memberDoc({
          summary: 'Withdraw a registration',
          responses: { 200: { description: 'Not registered.', json: registrationSchema } },
          errors: [404, 409],
        }),
        event,
        async (c) => {
          const eventId = c.req.valid('param').id
          await unregister(db, eventId, userIdOf(c))
          live.hub.changed(eventId)
          return c.json({ registered: false })
        },
      )
      // Who she sat with at her evenings, by event and round.
      .get(
        '/people-met',
        memberDoc({
          summary: 'People you met',
          description:
            'Who she sat with at her evenings, by event and round, once a round has started (name and picture; people who opted out are left out).',
          responses: { 200: { description: 'Her evenings.', json: peopleMetSchema } },
        }),
        async (c) => c.json({ events: await peopleMetBy(db, userIdOf(c)) }),
      )
  )
}
