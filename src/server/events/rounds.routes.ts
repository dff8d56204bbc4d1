import { Hono } from 'hono'
import { z } from 'zod'
import { roundInputSchema, seatingChangeSchema } from '#shared/schemas/events.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  eventParam,
  json,
  roundParam,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { addRound } from './commands/add-round.ts'
import { changeSeating } from './commands/change-seating.ts'
import { reseatRound } from './commands/reseat-round.ts'
import { roundRowSchema } from './event-responses.ts'

/** /api/admin/events/:id/rounds: a round added and seated, seated again, or seats changed by hand. */
export function roundRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .post(
      '/',
      adminDoc({
        summary: 'Add a round, seated by the mixer',
        responses: { 201: json('The round.', roundRowSchema) },
        errors: [400, 404, 409],
      }),
      eventParam,
      jsonBody(roundInputSchema, asEvents),
      async (c) => {
        const { durationMinutes } = c.req.valid('json')
        const { id } = c.req.valid('param')
        const round = await addRound(commandContext(c, deps), deps.planner, id, durationMinutes)
        return c.json(round, 201)
      },
    )
    .post(
      '/:roundId/reseat',
      adminDoc({
        summary: 'Seat a round again',
        responses: { 200: json('Reseated.', z.object({ reseated: z.literal(true) })) },
        errors: [404, 409],
      }),
      roundParam,
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        await reseatRound(commandContext(c, deps), deps.planner, id, roundId)
        return c.json({ reseated: true as const })
      },
    )
    .post(
      '/:roundId/seating',
      adminDoc({
        summary: 'Swap or move people',
        responses: { 200: json('Changed.', z.object({ changed: z.literal(true) })) },
        errors: [400, 404, 409],
      }),
      roundParam,
      jsonBody(seatingChangeSchema),
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        await changeSeating(commandContext(c, deps), id, roundId, c.req.valid('json'))
        return c.json({ changed: true as const })
      },
    )
}
