import { Hono } from 'hono'
import { z } from 'zod'
import { keepApartInputSchema } from '#shared/schemas/events.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { deletedSchema, keepApartPairSchema } from './event-responses.ts'
import { commandContext, type AdminEventsDeps } from './admin-route-kit.ts'
import { addKeepApart } from './commands/add-keep-apart.ts'
import { removeKeepApart } from './commands/remove-keep-apart.ts'
import { listKeepApart } from './keep-apart.ts'

const event = pathIds({ id: PATH_IDS.event })
const eventPair = pathIds({ id: PATH_IDS.event, pairId: PATH_IDS.keepApart })
const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.adminEvents, access: 'admin' })

/**
 * /api/admin/events/:id/keep-apart: pairs the mixer seats at different tables. Mounted inside the
 * admin events routes, so only admins reach it, and changes reach the live screens like any other.
 */
export function keepApartRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      adminDoc({
        summary: 'Pairs kept apart',
        responses: {
          200: {
            description: 'The pairs.',
            json: z.object({ pairs: z.array(keepApartPairSchema) }),
          },
        },
        errors: [404],
      }),
      event,
      async (c) => c.json({ pairs: await listKeepApart(deps.db, c.req.valid('param').id) }),
    )
    .post(
      '/',
      adminDoc({
        summary: 'Keep two participants apart',
        description:
          'The mixer seats them at different tables in every round it plans from now on.',
        responses: { 201: { description: 'The pair.', json: keepApartPairSchema } },
        errors: [400, 404, 409],
      }),
      event,
      jsonBody(keepApartInputSchema, { messages: 'events' }),
      async (c) => {
        const { id } = c.req.valid('param')
        const { userA, userB } = c.req.valid('json')
        return c.json(await addKeepApart(commandContext(c, deps), id, userA, userB), 201)
      },
    )
    .delete(
      '/:pairId',
      adminDoc({
        summary: 'Let a pair sit together again',
        responses: { 200: { description: 'Removed.', json: deletedSchema } },
        errors: [404],
      }),
      eventPair,
      async (c) => {
        const { id, pairId } = c.req.valid('param')
        await removeKeepApart(commandContext(c, deps), id, pairId)
        return c.json({ deleted: true })
      },
    )
}
