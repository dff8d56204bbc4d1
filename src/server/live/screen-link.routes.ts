import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { eventStateSchema, type EventState } from '#shared/live-state.ts'
import {
  formatScreenCode,
  normalizeScreenCode,
  screenCodeInputSchema,
} from '#shared/screen-codes.ts'
import type { Db } from '../db/client.ts'
import { commandContext, type AdminEventsDeps } from '../events/admin-route-kit.ts'
import { createScreenLink } from '../events/commands/create-screen-link.ts'
import { revokeScreenLink } from '../events/commands/revoke-screen-link.ts'
import { findEvent } from '../events/event-base.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { rateLimit } from '../http/rate-limit.ts'
import {
  holdOpen,
  latestReader,
  LIVE_STREAM,
  openStream,
  RETRY_MS,
  SERVER_TIME_HEADER,
  withServerTime,
  type LiveDeps,
} from './live.routes.ts'
import { encodeSse, sseMessage } from './sse-stream.ts'
import {
  keyForCode,
  screenKey,
  screenKeyChecked,
  screenLinkStatus,
  type ScreenKey,
} from './screen-links.ts'

const event = pathIds({ id: PATH_IDS.event })
const key = pathIds({ key: PATH_IDS.screenKey })
const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.adminEvents, access: 'admin' })
const screenDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.live, access: 'public' })

/** Where a screen link opens the big screen (the web app's /screen/:key). */
export const screenPath = (token: string) => `/screen/${token}`

const statusSchema = z.object({ working: z.boolean(), createdAt: z.string().nullable() })
const createdSchema = z.object({
  /** The address to open on the projector (from the site's origin). */
  path: z.string(),
  /** The short code to type at /screen instead, `ABCD-EFGH`. */
  code: z.string(),
  createdAt: z.string(),
  /** A link that worked until now stopped. */
  replaced: z.boolean(),
})

/**
 * /api/admin/events/:id/screen-link: the host's big-screen link and code (decision 0066). Mounted
 * inside the admin events routes, so only admins reach it; each change is audited, and the
 * event's screens hear it (a revoked link's screen says so at once).
 */
export function screenLinkAdminRoutes(deps: Pick<AdminEventsDeps, 'db' | 'live'>) {
  const { db } = deps
  return new Hono<AppEnv>()
    .get(
      '/',
      adminDoc({
        summary: 'The big-screen link',
        description:
          'Whether the event has a working big-screen link, and since when. Its address and code are shown only when it is made.',
        responses: { 200: { description: 'Its state.', json: statusSchema } },
        errors: [404],
      }),
      event,
      async (c) => {
        const { id } = c.req.valid('param')
        await findEvent(db, id)
        return c.json(await screenLinkStatus(db, id))
      },
    )
    .post(
      '/',
      adminDoc({
        summary: 'Make a big-screen link',
        description:
          "An address and a short code that open only this event's big screen, without an account, until the evening ends or the host revokes it. A new one stops the old one. Refused (409 `event_ended`) once the evening has ended.",
        responses: { 201: { description: 'The link, shown this once.', json: createdSchema } },
        errors: [404, 409],
      }),
      event,
      async (c) => {
        const { id } = c.req.valid('param')
        const made = await createScreenLink(commandContext(c, deps), id)
        return c.json(
          {
            path: screenPath(made.token),
            code: formatScreenCode(made.code),
            createdAt: made.createdAt,
            replaced: made.replaced,
          },
          201,
        )
      },
    )
    .delete(
      '/',
      adminDoc({
        summary: 'Revoke the big-screen link',
        description:
          'Its address and code stop working; a screen showing it says so at once. 404 when no link works.',
        responses: { 200: { description: 'Revoked.', json: z.object({ revoked: z.boolean() }) } },
        errors: [404],
      }),
      event,
      async (c) => {
        const { id } = c.req.valid('param')
        await revokeScreenLink(commandContext(c, deps), id)
        return c.json({ revoked: true })
      },
    )
}

/** A key that opens nothing (any more), as the projector's page hears it. */
function refusal(found: ScreenKey | null): ApiError {
  if (!found) return new ApiError(404, 'not_found', 'events:errors.screenLinkNotFound')
  if (found.status === 'ended' && found.because === 'ended')
    return new ApiError(404, 'screen_link_ended', 'events:errors.screenLinkEnded')
  return new ApiError(404, 'screen_link_revoked', 'events:errors.screenLinkRevoked')
}

/**
 * The state as the projector gets it: member ids become ids of this screen alone (the same
 * person keeps hers all evening), so a screen link carries no id the rest of the API knows.
 */
const screenStates = new Map<string, { json: string; screen: string }>()
function forScreen(eventId: string, json: string): string {
  const known = screenStates.get(eventId)
  if (known?.json === json) return known.screen
  const state = JSON.parse(json) as EventState
  const alias = (userId: string) =>
    createHash('sha256').update(`screen:${eventId}:${userId}`).digest('base64url').slice(0, 16)
  const screen = JSON.stringify({
    ...state,
    tables: state.tables.map((table) => ({
      ...table,
      people: table.people.map((person) => ({ ...person, userId: alias(person.userId) })),
    })),
  })
  if (screenStates.size >= 1_000) screenStates.clear()
  screenStates.set(eventId, { json, screen })
  return screen
}

/**
 * /api/screen: the big screen by a screen link, without an account (decision 0066). A key opens
 * one event's live state and nothing else; it stops at the evening's end (a screen already
 * showing keeps the closing it received) or when the host revokes it.
 */
export function screenRoutes(db: Db, live: LiveDeps) {
  const { cache } = live
  const state = async (eventId: string) => {
    const json = await cache.state(eventId)
    return json ? forScreen(eventId, json) : null
  }
  return new Hono<AppEnv>()
    .post(
      '/code',
      screenDoc({
        summary: 'Open a big screen by its code',
        description:
          "The short code the host reads out: a key of this projector's own to the event's big screen, for `GET /api/screen/{key}`. 404 `screen_code_unknown` for a code no working link has; at most 10 tries in 10 minutes from one address, and 300 a minute from everyone.",
        responses: {
          200: {
            description: "The key, and the screen's address.",
            json: z.object({ key: z.string(), path: z.string() }),
          },
        },
        errors: [400, 404, 429],
      }),
      rateLimit(db, { name: 'screen-code-all', windowSeconds: 60, max: 300, per: 'site' }),
      rateLimit(db, { name: 'screen-code', windowSeconds: 600, max: 10 }),
      jsonBody(screenCodeInputSchema, { messages: 'events' }),
      async (c) => {
        const code = normalizeScreenCode(c.req.valid('json').code)
        const token = code ? await keyForCode(db, code) : null
        if (!token)
          throw new ApiError(404, 'screen_code_unknown', 'events:errors.screenCodeUnknown')
        return c.json({ key: token, path: screenPath(token) })
      },
    )
    .get(
      '/:key',
      screenDoc({
        summary: 'The big screen by its link',
        description:
          "The event's state, as `GET /api/klikkscreen` gives it (member ids replaced by ids of this screen alone). 404: `not_found` (no such link), `screen_link_revoked` (the host revoked it or made a new one), `screen_link_ended` (the evening ended).",
        responses: { 200: { description: 'The event as it runs.', json: eventStateSchema } },
        errors: [404],
      }),
      key,
      async (c) => {
        const found = await screenKey(db, c.req.valid('param').key)
        if (found?.status !== 'working') throw refusal(found)
        const body = await state(found.eventId)
        if (!body) throw refusal(null)
        return c.body(body, 200, {
          'Content-Type': 'application/json',
          'Cache-Control': 'no-store',
          [SERVER_TIME_HEADER]: String(Date.now()),
        })
      },
    )
    .get(
      '/:key/live',
      screenDoc({
        summary: 'Live: the big screen by its link',
        description:
          'As `GET /api/events/{id}/live`, for a screen link. When the link stops, a `gone` event (`{ "code": "screen_link_revoked" | "screen_link_ended" }`) ends the stream; an evening that ended sends its closing state first.',
        responses: { 200: { description: 'A stream of `state` events.', ...LIVE_STREAM } },
        errors: [404],
      }),
      key,
      async (c) => {
        const token = c.req.valid('param').key
        const found = await screenKey(db, token)
        if (found?.status !== 'working') throw refusal(found)
        return screenStream(c, live, found.eventId, {
          read: () => state(found.eventId),
          check: () => screenKeyChecked(db, token),
        })
      },
    )
}

/**
 * The live state of a screen link's event, sent at once and after every change, until the link
 * stops: then the state it ended on (an evening's closing), a `gone` message, and the end.
 */
function screenStream(
  c: Context<AppEnv>,
  { hub, heartbeatMs }: LiveDeps,
  eventId: string,
  { read, check }: { read: () => Promise<string | null>; check: () => Promise<ScreenKey | null> },
) {
  return openStream(c, async (stream) => {
    let open = true
    let last: string | null = null
    let finish = () => {}
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const send = latestReader(
      async () => {
        const [data, key] = await Promise.all([read(), check()])
        if (!open) return
        const working = key?.status === 'working'
        const closing = key?.status === 'ended' && key.because === 'ended'
        if (data && data !== last && (working || closing)) {
          last = data
          stream.sendLatest(sseMessage('state', withServerTime(eventId, data)))
        }
        if (working) return
        open = false
        stream.send(encodeSse('gone', JSON.stringify({ code: refusal(key).code })))
        finish()
      },
      (error) => c.var.log.warn({ err: error, eventId }, 'screen read failed'),
    )
    const stop = hub.subscribe(eventId, send)
    stream.send(encodeSse('hello', '{}', RETRY_MS))
    send()
    await holdOpen(stream, {
      hub,
      kind: 'event',
      heartbeatMs,
      stillAllowed: async () => (await check())?.status === 'working',
      closeWhen: finished,
      cleanUp: () => {
        open = false
        stop()
      },
    })
  })
}
