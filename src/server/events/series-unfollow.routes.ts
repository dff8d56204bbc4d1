import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { unfollowSeriesByToken } from './commands/follow-series.ts'
import { seriesUnfollowedSchema } from './event-responses.ts'

const unfollowSchema = z.object({ token: z.string().min(1).max(400) })

/**
 * /api/series: the link in a series' e-mail that stops them, for that series alone, without
 * signing in (the page /series/unfollow posts its token here; opening the link changes nothing,
 * as mail scanners open links).
 */
export function seriesUnfollowRoutes(db: Db, secret: string) {
  return new Hono<AppEnv>().post(
    '/unfollow',
    documented({
      tag: API_TAGS.events,
      access: 'public',
      summary: "Stop a series' e-mails by the e-mailed link",
      description:
        "The token of the link in a series' e-mail: she no longer follows that series (again: the same answer). A token that is not ours is 400 `invalid_token`.",
      responses: { 200: { description: 'Not following.', json: seriesUnfollowedSchema } },
      errors: [400, 404],
    }),
    jsonBody(unfollowSchema, { messages: 'events' }),
    async (c) => c.json(await unfollowSeriesByToken(db, secret, c.req.valid('json').token)),
  )
}
