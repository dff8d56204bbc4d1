import { Hono } from 'hono'
import { keepApartInputSchema } from '#shared/schemas/events.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import type { Change } from './admin-events.routes.ts'
import { addKeepApart, listKeepApart, removeKeepApart } from './keep-apart.ts'

const event = pathIds({ id: PATH_IDS.event })
const eventPair = pathIds({ id: PATH_IDS.event, pairId: PATH_IDS.keepApart })

/**
 * /api/admin/events/:id/keep-apart: pairs the mixer seats at different tables. Mounted inside the
 * admin events routes, so only admins reach it, and changes reach the live screens like any other.
 */
export function keepApartRoutes(db: Db, change: Change) {
  return new Hono<AppEnv>()
    .get('/', event, async (c) =>
      c.json({ pairs: await listKeepApart(db, c.req.valid('param').id) }),
    )
    .post('/', event, jsonBody(keepApartInputSchema, { messages: 'events' }), async (c) => {
      const { id } = c.req.valid('param')
      const { userA, userB } = c.req.valid('json')
      return c.json(await change(id, () => addKeepApart(db, id, userA, userB)), 201)
    })
    .delete('/:pairId', eventPair, async (c) => {
      const { id, pairId } = c.req.valid('param')
      await change(id, () => removeKeepApart(db, id, pairId))
      return c.json({ deleted: true })
    })
}
