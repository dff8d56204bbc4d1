import { Hono } from 'hono'
import { extraSeatInputSchema } from '#shared/schemas/door.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { newTableName } from '../i18n.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  eventParam,
  json,
  participantParam,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { openTable } from './commands/open-table.ts'
import { seatUnseated } from './commands/seat-unseated.ts'
import { findEvent } from './event-base.ts'
import {
  extraSeatAnswerSchema,
  newTableAnswerSchema,
  unseatedStateSchema,
} from './event-responses.ts'
import { unseatedState } from './unseated.ts'

/** /api/admin/events/:id/unseated: someone in with no seat, and the two ways out. */
export function unseatedRoutes(deps: AdminEventsDeps) {
  const { db } = deps
  return new Hono<AppEnv>()
    .get(
      '/',
      adminDoc({
        summary: 'Who is in with no seat',
        description:
          "While a round runs: everyone checked in who has no seat in it, longest waiting first, each with the table an added chair would take her best (the late-arrival rule: none she is kept apart from, fewest she has met, then fewest people); and the size a new table would have. The host's alert reads this after every change (`GET /api/admin/events/live`).",
        responses: { 200: json('Who has no seat.', unseatedStateSchema) },
        errors: [404],
      }),
      eventParam,
      async (c) => c.json(await unseatedState(db, await findEvent(db, c.req.valid('param').id))),
    )
    .post(
      '/:userId/seat',
      adminDoc({
        summary: 'Seat her at a table with an added chair',
        description:
          'She sits at `tableId` in the running round; the table gets one more seat when it is full (and one more chair when it had none spare), up to 50. One audit entry. 409 `already_seated` when she has a seat by now; 409 when no round runs.',
        responses: { 200: json('Where she sits.', extraSeatAnswerSchema) },
        errors: [400, 404, 409],
      }),
      participantParam,
      jsonBody(extraSeatInputSchema, asEvents),
      async (c) => {
        const { id, userId } = c.req.valid('param')
        const { tableId } = c.req.valid('json')
        const seated = await seatUnseated(commandContext(c, deps), id, userId, tableId)
        return c.json({
          person: seated.person,
          seat: seated.seat,
          capacityActual: seated.table.after.capacityActual,
        })
      },
    )
    .post(
      '/new-table',
      adminDoc({
        summary: 'Open a new table for those with no seat',
        description:
          "A new table, named in the admin's language and as big as the evening's usual table (or bigger when more wait), and everyone in with no seat sits there in the running round. One audit entry. 409 when nobody waits or no round runs.",
        responses: { 200: json('The table and who sits there.', newTableAnswerSchema) },
        errors: [404, 409],
      }),
      eventParam,
      async (c) => {
        const { id } = c.req.valid('param')
        const language = c.var.language
        return c.json(
          await openTable(commandContext(c, deps), id, (n) => newTableName(language, n)),
        )
      },
    )
}
