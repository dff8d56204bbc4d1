import { Hono } from 'hono'
import {
  welcomeEmailDraftSchema,
  welcomeIncludeEarlierSchema,
  welcomeSeriesSchema,
  welcomeSwitchSchema,
  welcomeTestSchema,
  type WelcomePosition,
} from '#shared/schemas/welcome-series.ts'
import { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import { auditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { includeEarlierSubscribers } from './commands/include-earlier-subscribers.ts'
import { removeWelcomeEmail } from './commands/remove-welcome-email.ts'
import { switchWelcomeSeries } from './commands/switch-welcome-series.ts'
import { testSendWelcomeEmail } from './commands/test-send-welcome-email.ts'
import { updateWelcomeEmail } from './commands/update-welcome-email.ts'
import type { WelcomeCommandContext } from './commands/welcome-command.ts'
import { readWelcomeSeries } from './welcome-series.ts'

export interface WelcomeRoutesDeps {
  db: Db
  auth: Auth
  baseUrl: string
  /** Welcome e-mails may be due now: the mail worker looks at once. */
  wakeSender: () => void
}

const doc = (d: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...d, tag: API_TAGS.adminNewsletter, access: 'admin' })
const seriesAnswer = (description: string) => ({
  200: { description, json: welcomeSeriesSchema },
})
const positions = pathIds({ position: PATH_IDS.welcomePosition })
const positionOf = (param: { position: string }) => Number(param.position) as WelcomePosition

/** /api/admin/newsletter/welcome: the welcome series new subscribers get (decision 0090). */
export function adminWelcomeRoutes({ db, auth, baseUrl, wakeSender }: WelcomeRoutesDeps) {
  const command = (
    c: Parameters<typeof auditOrigin>[0] & AppEnvContext,
  ): WelcomeCommandContext => ({
    db,
    origin: auditOrigin(c),
    log: c.var.log,
    wakeSender,
  })

  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get(
      '/',
      doc({
        summary: 'The welcome series',
        description:
          'Its e-mails (up to three) with how many of each went out, whether it is on, and how many earlier subscribers the include button would add.',
        responses: seriesAnswer('The series.'),
      }),
      async (c) => c.json(await readWelcomeSeries(db)),
    )
    .put(
      '/enabled',
      doc({
        summary: 'Turn the series on or off',
        description:
          'The first time it is turned on is its start: subscribers who confirmed before it get it only when included. Off, no further welcome e-mail is queued; on again, each goes on where she stopped. Turning it on needs one complete e-mail.',
        responses: seriesAnswer('The series.'),
        errors: [400, 409],
      }),
      jsonBody(welcomeSwitchSchema, { messages: 'newsletter' }),
      async (c) => c.json(await switchWelcomeSeries(command(c), c.req.valid('json').enabled)),
    )
    .post(
      '/include-earlier',
      doc({
        summary: 'Include earlier subscribers, once',
        description:
          'Subscribers who confirmed before the series started get it too, their delays counted from now. `count` is the number the admin confirmed. Once only.',
        responses: seriesAnswer('The series.'),
        errors: [400, 409],
      }),
      jsonBody(welcomeIncludeEarlierSchema, { messages: 'newsletter' }),
      async (c) => c.json(await includeEarlierSubscribers(command(c), c.req.valid('json').count)),
    )
    .put(
      '/emails/:position',
      doc({
        summary: 'Write a welcome e-mail',
        description:
          'The e-mail in place 1, 2 or 3: its delay in days after her confirmation (0: at once) and its versions. An edit reaches only e-mails not yet sent; who got it does not get it again.',
        responses: seriesAnswer('The series.'),
        errors: [400, 404],
      }),
      positions,
      jsonBody(welcomeEmailDraftSchema, { messages: 'newsletter' }),
      async (c) =>
        c.json(
          await updateWelcomeEmail(
            command(c),
            positionOf(c.req.valid('param')),
            c.req.valid('json'),
          ),
        ),
    )
    .delete(
      '/emails/:position',
      doc({
        summary: 'Remove a welcome e-mail',
        description: 'Nobody gets it any more. The series, while on, keeps one complete e-mail.',
        responses: seriesAnswer('The series.'),
        errors: [404, 409],
      }),
      positions,
      async (c) => c.json(await removeWelcomeEmail(command(c), positionOf(c.req.valid('param')))),
    )
    .post(
      '/emails/:position/test',
      doc({
        summary: 'Send a welcome e-mail to yourself',
        description:
          "The saved version in `language` (the Hungarian one when it has none), to the admin's own address, subject marked as a test. Once a minute per e-mail and language.",
        responses: {
          200: { description: 'On its way.', json: z.object({ sentTo: z.string() }) },
        },
        errors: [400, 404, 429],
      }),
      positions,
      jsonBody(welcomeTestSchema, { messages: 'newsletter' }),
      async (c) =>
        c.json(
          await testSendWelcomeEmail({ ...command(c), baseUrl }, positionOf(c.req.valid('param')), {
            language: c.req.valid('json').language,
            to: c.var.user?.email ?? '',
          }),
        ),
    )
}

type AppEnvContext = { var: AppEnv['Variables'] }
