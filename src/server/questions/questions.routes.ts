import { Hono } from 'hono'
import { z } from 'zod'
import {
  questionInputSchema,
  questionListSchema,
  questionOrderSchema,
  questionSchema,
} from '#shared/schemas/questions.ts'
import { auditOrigin } from '../audit/audit.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { addQuestion } from './commands/add-question.ts'
import type { QuestionCommandContext } from './commands/question-change.ts'
import { removeQuestion } from './commands/remove-question.ts'
import { reorderQuestions } from './commands/reorder-questions.ts'
import { updateQuestion } from './commands/update-question.ts'
import { listQuestions } from './queries/list-questions.ts'

const doc = (route: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...route, tag: API_TAGS.admin, access: 'admin' })
const asQuestions = { messages: 'questions' } as const
const questionParam = pathIds({ id: PATH_IDS.question })
const listAnswer = { description: 'The whole list, in order.', json: questionListSchema }

/** /api/admin/questions: the owner's conversation starters (decision 86). Admins only. */
export function adminQuestionsRoutes(auth: Auth, db: Db, hub: Pick<LiveHub, 'changed'>) {
  const context = (c: Parameters<typeof auditOrigin>[0]): QuestionCommandContext => ({
    db,
    origin: auditOrigin(c),
    live: hub,
  })
  const list = async () => ({ questions: await listQuestions(db) })
  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get(
      '/',
      doc({
        summary: 'The conversation starters',
        description:
          "Every question in the owner's order, with its text in each language written, the languages it lacks (those readers see the Hungarian, else the English), whether it is switched on, and when it was last asked.",
        responses: { 200: listAnswer },
      }),
      async (c) => c.json(await list()),
    )
    .post(
      '/',
      doc({
        summary: 'Add a conversation starter',
        description: 'At the end of the list; its text in at least one language. Audited.',
        responses: { 200: { description: 'The question.', json: questionSchema } },
        errors: [400],
      }),
      jsonBody(questionInputSchema, asQuestions),
      async (c) => {
        const row = await addQuestion(context(c), c.req.valid('json'))
        const added = (await listQuestions(db)).find((question) => question.id === row.id)
        return c.json(added)
      },
    )
    .put(
      '/order',
      doc({
        summary: 'Reorder the conversation starters',
        description:
          "Every question's id once, in the order wanted; a list that changed since it was read is refused (409) and nothing moves. Among questions equally fresh for an evening, the first is asked first. Audited.",
        responses: { 200: listAnswer },
        errors: [400, 409],
      }),
      jsonBody(questionOrderSchema, asQuestions),
      async (c) => {
        await reorderQuestions(context(c), c.req.valid('json').ids)
        return c.json(await list())
      },
    )
    .put(
      '/:id',
      doc({
        summary: 'Change a conversation starter',
        description:
          'Its texts and whether it is asked; a round showing it shows the new text at once. Audited.',
        responses: { 200: { description: 'The question.', json: questionSchema } },
        errors: [400, 404],
      }),
      questionParam,
      jsonBody(questionInputSchema, asQuestions),
      async (c) => {
        const { id } = c.req.valid('param')
        await updateQuestion(context(c), id, c.req.valid('json'))
        const updated = (await listQuestions(db)).find((question) => question.id === id)
        return c.json(updated)
      },
    )
    .delete(
      '/:id',
      doc({
        summary: 'Remove a conversation starter',
        description:
          'For good, with the record of the rounds that showed it; to stop asking one but keep it, switch it off. Audited.',
        responses: { 200: { description: 'Removed.', json: z.object({ deleted: z.boolean() }) } },
        errors: [404],
      }),
      questionParam,
      async (c) => {
        await removeQuestion(context(c), c.req.valid('param').id)
        return c.json({ deleted: true })
      },
    )
}
