import { Hono } from 'hono'
import { z } from 'zod'
import { doorHelperInputSchema } from '#shared/schemas/door.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  eventParam,
  json,
  participantParam,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { addDoorHelper } from './commands/add-door-helper.ts'
import { removeDoorHelper } from './commands/remove-door-helper.ts'
import { deletedSchema, doorHelperListSchema } from './event-responses.ts'
import { doorHelpers } from './queries/door-helpers.ts'

/** /api/admin/events/:id/door-helpers: members who may work this event's door. */
export function doorHelperRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      adminDoc({
        summary: 'Door helpers',
        description:
          "Members who may work this event's door screen (only that), from two hours before its start until it ends.",
        responses: { 200: json('The helpers.', doorHelperListSchema) },
        errors: [404],
      }),
      eventParam,
      async (c) => c.json({ helpers: await doorHelpers(deps.db, c.req.valid('param').id) }),
    )
    .post(
      '/',
      adminDoc({
        summary: 'Let a member work the door',
        description: 'By her member code.',
        responses: { 201: json('Her user id.', z.object({ userId: z.string() })) },
        errors: [400, 404],
      }),
      eventParam,
      jsonBody(doorHelperInputSchema, asEvents),
      async (c) => {
        const { id } = c.req.valid('param')
        const { userCode } = c.req.valid('json')
        return c.json({ userId: await addDoorHelper(commandContext(c, deps), id, userCode) }, 201)
      },
    )
    .delete(
      '/:userId',
      adminDoc({
        summary: 'Stop a member working the door',
        responses: { 200: json('Removed.', deletedSchema) },
        errors: [404],
      }),
      participantParam,
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await removeDoorHelper(commandContext(c, deps), id, userId)
        return c.json({ deleted: true })
      },
    )
}
