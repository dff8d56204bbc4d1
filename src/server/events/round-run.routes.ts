import { Hono } from 'hono'
import { roundStartQuerySchema } from '#shared/schemas/events.ts'
import type { AppEnv } from '../http/app-env.ts'
import { queryParams } from '../http/query-params.ts'
import {
  adminDoc,
  commandContext,
  json,
  roundParam,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { endRound } from './commands/end-round.ts'
import { removeRound } from './commands/remove-round.ts'
import { skipQuestion } from './commands/skip-question.ts'
import { startRound } from './commands/start-round.ts'
import { deletedSchema, roundQuestionSchema, roundRowSchema } from './event-responses.ts'

/** /api/admin/events/:id/rounds/:roundId: a round started, ended early, or removed. */
export function roundRunRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .post(
      '/:roundId/start',
      adminDoc({
        summary: 'Start a round',
        description:
          'While another round runs this is refused (409 `conflict`), unless `endRunning=true`: then the running round ends and this one starts in one step, with an audit entry for each (`round.end`, then `round.start`).',
        responses: { 200: json('The round, running.', roundRowSchema) },
        errors: [404, 409],
      }),
      roundParam,
      queryParams(roundStartQuerySchema),
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        const endRunning = c.req.valid('query').endRunning === 'true'
        return c.json(await startRound(commandContext(c, deps), id, roundId, { endRunning }))
      },
    )
    .post(
      '/:roundId/end',
      adminDoc({
        summary: 'End a round early',
        responses: { 200: json('The round, finished.', roundRowSchema) },
        errors: [404, 409],
      }),
      roundParam,
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await endRound(commandContext(c, deps), id, roundId))
      },
    )
    .post(
      '/:roundId/question/skip',
      adminDoc({
        summary: 'Another question for the running round',
        description:
          "The round's conversation starter changes to the next one, at once on the big screen and every phone: never one this round has shown, and by the rule that chose the first (not asked tonight, not heard at tonight's women's previous evening, least recently asked). 409 `conflict` when the round is not running, `no_other_question` when the list has none left for it. Audited (`round.question_skip`).",
        responses: { 200: json("The round's question now.", roundQuestionSchema) },
        errors: [404, 409],
      }),
      roundParam,
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        return c.json(await skipQuestion(commandContext(c, deps), id, roundId))
      },
    )
    .delete(
      '/:roundId',
      adminDoc({
        summary: 'Remove a round',
        responses: { 200: json('Removed.', deletedSchema) },
        errors: [404, 409],
      }),
      roundParam,
      async (c) => {
        const { id, roundId } = c.req.valid('param')
        await removeRound(commandContext(c, deps), id, roundId)
        return c.json({ deleted: true })
      },
    )
}
