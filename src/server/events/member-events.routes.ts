import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { register, unregister, upcomingEventsFor } from './participants.ts'

const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''

/** /api/events: the members' events page (signed-in members). */
export function memberEventsRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get('/', async (c) => c.json({ events: await upcomingEventsFor(db, userIdOf(c)) }))
    .post('/:id/registration', async (c) => {
      await register(db, c.req.param('id'), userIdOf(c))
      return c.json({ registered: true })
    })
    .delete('/:id/registration', async (c) => {
      await unregister(db, c.req.param('id'), userIdOf(c))
      return c.json({ registered: false })
    })
}
