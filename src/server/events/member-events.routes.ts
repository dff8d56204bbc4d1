import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/session.ts'
import { isUuid } from '../db/checks.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import { eventStream, type LiveDeps } from '../live/live.routes.ts'
import { register, unregister, upcomingEventsFor } from './participants.ts'

const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''

/** /api/events: the members' events page (signed-in members). */
export function memberEventsRoutes(auth: Auth, db: Db, live: LiveDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth, db))
      .get('/', async (c) => c.json({ events: await upcomingEventsFor(db, userIdOf(c)) }))
      // The event's live state: the klikkscreen, and a member's own table on her phone.
      .get('/:id/live', async (c) => {
        const eventId = c.req.param('id')
        const exists = isUuid(eventId) && (await live.cache.state(eventId))
        if (!exists) throw new ApiError(404, 'not_found', 'events:errors.eventNotFound')
        return eventStream(c, live, eventId)
      })
      .post('/:id/registration', async (c) => {
        await register(db, c.req.param('id'), userIdOf(c))
        live.hub.changed(c.req.param('id'))
        return c.json({ registered: true })
      })
      .delete('/:id/registration', async (c) => {
        await unregister(db, c.req.param('id'), userIdOf(c))
        live.hub.changed(c.req.param('id'))
        return c.json({ registered: false })
      })
  )
}
