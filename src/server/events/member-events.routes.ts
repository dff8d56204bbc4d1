import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { eventStream, type LiveDeps } from '../live/live.routes.ts'
import { register, unregister, upcomingEventsFor } from './participants.ts'
import { peopleMetBy } from './people-met.ts'

const event = pathIds({ id: PATH_IDS.event })
const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''

/** /api/events: the members' events page (signed-in members). */
export function memberEventsRoutes(auth: Auth, db: Db, live: LiveDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth, db))
      .get('/', async (c) => c.json({ events: await upcomingEventsFor(db, userIdOf(c)) }))
      // The event's live state: the klikkscreen, and a member's own table on her phone.
      .get('/:id/live', event, async (c) => {
        const eventId = c.req.valid('param').id
        if (!(await live.cache.state(eventId)))
          throw new ApiError(404, 'not_found', 'events:errors.eventNotFound')
        return eventStream(c, live, eventId)
      })
      .post('/:id/registration', event, async (c) => {
        const eventId = c.req.valid('param').id
        await register(db, eventId, userIdOf(c))
        live.hub.changed(eventId)
        return c.json({ registered: true })
      })
      .delete('/:id/registration', event, async (c) => {
        const eventId = c.req.valid('param').id
        await unregister(db, eventId, userIdOf(c))
        live.hub.changed(eventId)
        return c.json({ registered: false })
      })
      // Who she sat with at her evenings, by event and round.
      .get('/people-met', async (c) => c.json({ events: await peopleMetBy(db, userIdOf(c)) }))
  )
}
