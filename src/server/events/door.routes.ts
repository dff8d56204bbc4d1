import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { checkInInputSchema } from '#shared/schemas/door.ts'
import type { Auth } from '../auth/auth.ts'
import { actsAsAdmin, requireUser, streamViewer } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { changesStream, type LiveDeps } from '../live/live.routes.ts'
import { checkInAnswerSchema, doorStateSchema } from './event-responses.ts'
import { auditOrigin } from '../audit/audit.ts'
import { checkIn } from './commands/check-in.ts'
import { undoCheckIn } from './commands/undo-check-in.ts'
import { doorEvent, type DoorViewer } from './door.ts'
import { doorState } from './queries/door-state.ts'

const event = pathIds({ id: PATH_IDS.event })
const eventCheckIn = pathIds({ id: PATH_IDS.event, checkInId: PATH_IDS.checkIn })
const doorDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.door, access: 'door' })

// An admin's power at every door needs her two-step sign-in, as the admin area does (decision
// 0043); until she has it, she is a member there (a door helper still helps at her door).
const viewerOf = (c: { var: AppEnv['Variables'] }): DoorViewer => ({
  userId: c.var.user?.id ?? '',
  isAdmin: actsAsAdmin(c.var.user, c.var.profile),
})

/** Who is asking comes before what is asked: a member who is not this door's helper gets 403. */
const doorAccess = (db: Db) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await doorEvent(db, c.req.param('id') ?? '', viewerOf(c))
    await next()
  })

/**
 * /api/door/:id: an event's door screen, for admins and for the members an admin lets work that
 * door (from two hours before the start until the event ends). Check in by code or from the
 * list, undo for a moment, and a live list of who has come.
 */
export function doorRoutes(auth: Auth, db: Db, live: LiveDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get(
      '/:id',
      doorDoc({
        summary: 'The door list',
        description:
          'The event, head counts (registered, arrived, not yet) and everyone registered with her status and her table in the running round.',
        responses: { 200: { description: 'The door list.', json: doorStateSchema } },
        errors: [404],
      }),
      event,
      async (c) => {
        const viewer = viewerOf(c)
        const found = await doorEvent(db, c.req.valid('param').id, viewer)
        return c.json(await doorState(db, found, viewer, c.var.language))
      },
    )
    .get(
      '/:id/live',
      documented({
        summary: 'Live: the door list',
        description:
          'Server-sent events: `hello`, then `state` with a `DoorState` at once and after every change to the event (a check-in on another phone, a seat made). A `: heartbeat` comment every 30 s; the stream closes when the viewer may no longer see the door.',
        tag: API_TAGS.live,
        responses: {
          200: { description: 'A stream of `state` events.', media: 'text/event-stream' },
        },
        errors: [404],
        access: 'door',
      }),
      event,
      async (c) => {
        const viewer = viewerOf(c)
        const eventId = c.req.valid('param').id
        await doorEvent(db, eventId, viewer)
        const language = c.var.language
        const nowViewing = streamViewer(auth, db, c)
        return changesStream(c, {
          hub: live.hub,
          heartbeatMs: live.heartbeatMs,
          kind: 'door',
          key: eventId,
          event: 'state',
          read: async () =>
            JSON.stringify(
              await doorState(db, await doorEvent(db, eventId, viewer), viewer, language),
            ),
          stillAllowed: async () => {
            const found = await nowViewing()
            if (!found) return false
            return doorEvent(db, eventId, {
              userId: found.userId,
              isAdmin: actsAsAdmin(found, found),
            }).then(
              () => true,
              () => false,
            )
          },
        })
      },
    )
    .post(
      '/:id/check-ins',
      doorDoc({
        summary: 'Check someone in',
        description:
          "By the member code she shows (`code`: spaces, case and O/0, I/1 do not matter), or by her id from the door list (`userId`). `clientId` is the door device's own id for this check-in: the same one sent again (a retry, an offline queue) is applied once and answered the same. `scannedAt` is when she came in, for a check-in kept on a phone without network and sent later: it becomes her check-in time; up to 5 minutes ahead of the server's clock counts as now, and a time further ahead or before check-in opened is refused (400 `invalid_request`, field `scannedAt`). Two phones that let the same person in resolve to one check-in: the later one is answered `already_present` with the first one's time. Someone not registered is refused (409 `not_registered`) unless `walkIn`. While a round runs she is seated at once at a free table, unless the event turns that off.",
        responses: { 200: { description: 'Who came in.', json: checkInAnswerSchema } },
        errors: [400, 404, 409],
      }),
      event,
      doorAccess(db),
      jsonBody(checkInInputSchema, { messages: 'events' }),
      async (c) => {
        const { id } = c.req.valid('param')
        const ctx = { db, origin: auditOrigin(c), live: live.hub }
        return c.json(await checkIn(ctx, id, c.req.valid('json')))
      },
    )
    .delete(
      '/:id/check-ins/:checkInId',
      doorDoc({
        summary: 'Undo a check-in',
        description:
          'Within 10 s of the check-in: her registration is what it was before and her seats are freed. Undoing twice is the same as once; later, 409 `undo_expired`.',
        responses: {
          200: { description: 'Undone.', json: z.object({ undone: z.literal(true) }) },
        },
        errors: [404, 409],
      }),
      eventCheckIn,
      async (c) => {
        const viewer = viewerOf(c)
        const { id, checkInId } = c.req.valid('param')
        await doorEvent(db, id, viewer)
        await undoCheckIn({ db, origin: auditOrigin(c), live: live.hub }, id, checkInId)
        return c.json({ undone: true as const })
      },
    )
}
