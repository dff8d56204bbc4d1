import { Hono } from 'hono'
import { z } from 'zod'
import { addParticipantSchema, participantStatusSchema } from '#shared/schemas/events.ts'
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
import { addParticipant } from './commands/add-participant.ts'
import { removeParticipant } from './commands/remove-participant.ts'
import { setParticipantStatus } from './commands/set-participant-status.ts'
import { waiveLateCancellation } from './commands/waive-late-cancellation.ts'
import { clearNoShow } from './commands/clear-no-show.ts'
import { deletedSchema, participantRowSchema } from './event-responses.ts'

/** /api/admin/events/:id/participants: the host checks people in and out, and takes them off. */
export function participantRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .post(
      '/',
      adminDoc({
        summary: 'Check someone in by member code',
        responses: { 201: json('Her user id.', z.object({ userId: z.string() })) },
        errors: [400, 404, 409],
      }),
      eventParam,
      jsonBody(addParticipantSchema, asEvents),
      async (c) => {
        const { id } = c.req.valid('param')
        const { userCode } = c.req.valid('json')
        return c.json({ userId: await addParticipant(commandContext(c, deps), id, userCode) }, 201)
      },
    )
    .patch(
      '/:userId',
      adminDoc({
        summary: 'Check a participant in or out',
        responses: { 200: json('Her participation.', participantRowSchema) },
        errors: [400, 404],
      }),
      participantParam,
      jsonBody(participantStatusSchema),
      async (c) => {
        const { id, userId } = c.req.valid('param')
        const { status } = c.req.valid('json')
        return c.json(await setParticipantStatus(commandContext(c, deps), id, userId, status))
      },
    )
    .delete(
      '/:userId',
      adminDoc({
        summary: 'Remove a participant',
        responses: { 200: json('Removed.', deletedSchema) },
        errors: [404, 409],
      }),
      participantParam,
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await removeParticipant(commandContext(c, deps), id, userId, deps.mail)
        return c.json({ deleted: true })
      },
    )
    .post(
      '/:userId/late-cancellation/waive',
      adminDoc({
        summary: 'Wave a late cancellation away',
        description:
          'The place she gave back after the deadline no longer counts against her; the record stays, marked waived (audited). 404 when there is none, or it was already waved away.',
        responses: { 200: json('Waved away.', z.object({ waived: z.literal(true) })) },
        errors: [404],
      }),
      participantParam,
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await waiveLateCancellation(commandContext(c, deps), id, userId)
        return c.json({ waived: true as const })
      },
    )
    .post(
      '/:userId/no-show/clear',
      adminDoc({
        summary: 'Clear a no-show',
        description:
          'She held a place and was not checked in when the evening ended ("she called, she was ill"): the no-show no longer counts on her or the evening; the record stays, marked cleared (audited). 404 when there is none, or it was already cleared.',
        responses: { 200: json('Cleared.', z.object({ cleared: z.literal(true) })) },
        errors: [404],
      }),
      participantParam,
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await clearNoShow(commandContext(c, deps), id, userId)
        return c.json({ cleared: true as const })
      },
    )
}
