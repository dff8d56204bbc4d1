import { Hono, type MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import { accessStillHolds, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { ApiError } from '../http/api-error.ts'
import { jsonBody } from '../http/parse-json.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { friendInvitationInputSchema } from '#shared/schemas/friend-invitations.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { changedPings, eventStream, LIVE_STREAM, type LiveDeps } from '../live/live.routes.ts'
import {
  friendAcceptedSchema,
  friendInvitationResponseSchema,
  friendInvitationViewSchema,
  memberEventListSchema,
  peopleMetSchema,
  registrationSchema,
  seriesFollowSchema,
} from './event-responses.ts'
import { followSeries, unfollowSeries } from './commands/follow-series.ts'
import { register } from './commands/register.ts'
import { unregister } from './commands/unregister.ts'
import { acceptPlaceOffer } from './commands/accept-place-offer.ts'
import { declinePlaceOffer } from './commands/decline-place-offer.ts'
import { inviteFriend } from './commands/invite-friend.ts'
import { withdrawFriendInvitation } from './commands/withdraw-friend-invitation.ts'
import { acceptFriendInvitation } from './commands/accept-friend-invitation.ts'
import { friendInvitation } from './queries/friend-invitation.ts'
import { endedEveningOf, upcomingEventsFor } from './queries/member-events.ts'
import type { PlaceMail } from './calendar-mail.ts'
import { peopleMetBy } from './people-met.ts'
import { findEvent } from './event-base.ts'
import { calendarFile, eventFileName } from './ics.ts'

const event = pathIds({ id: PATH_IDS.event })
const series = pathIds({ id: PATH_IDS.series })
const invitation = pathIds({ id: PATH_IDS.friendInvitation })

/** Invitations and withdrawals of a friend, per member (decision 0092): a flood is refused. */
export const FRIEND_INVITATION_LIMIT = { windowSeconds: 3600, max: 10 }
const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''
const memberDoc = (doc: Omit<RouteDoc, 'tag' | 'access'> & Partial<RouteDoc>) =>
  documented({ tag: API_TAGS.events, access: 'member', ...doc })
/**
 * A member's change to one of her evenings (`/:id/…`): her registration, the place offered, her
 * friend's invitation. Documented as a member's with what it answers and its refusals; the
 * evening's id read from the path after any guard (a rate limit).
 */
const onHerEvening = <const G extends MiddlewareHandler<AppEnv>[]>(
  {
    answer: [description, json],
    ...doc
  }: Pick<RouteDoc, 'summary' | 'description' | 'errors'> & {
    /** The 200's description and schema. */
    answer: [description: string, json: z.ZodType]
  },
  ...guards: G
) => [memberDoc({ ...doc, responses: { 200: { description, json } } }), ...guards, event] as const

/** /api/events: the members' events page (signed-in members). */
export function memberEventsRoutes(auth: Auth, db: Db, live: LiveDeps, mail: PlaceMail) {
  const invitations = rateLimit(db, {
    name: 'friend-invitations',
    per: 'member',
    ...FRIEND_INVITATION_LIMIT,
  })
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth, db))
      .get(
        '/',
        memberDoc({
          summary: 'Events to come',
          description:
            "Running or still to come, the running one first, each with her registration. The name, description and place are in the request's language (`lang`, the `lang` cookie, Accept-Language), or in Hungarian where the host has not written them in it; `textLanguages` says which. `ended`: the evening she came to that ended in the last 12 hours, with what the room did, for its closing.",
          responses: { 200: { description: 'The events.', json: memberEventListSchema } },
        }),
        async (c) => {
          const [list, ended] = await Promise.all([
            upcomingEventsFor(db, userIdOf(c), c.var.language),
            endedEveningOf(db, userIdOf(c), c.var.language),
          ])
          return c.json({ events: list, ended })
        },
      )
      // Her events page follows the evenings: it reads its list again when something changed.
      .get(
        '/live',
        memberDoc({
          summary: 'Live: her events changed',
          description:
            'Server-sent events: `hello`, then `changed` (at most one a second) whenever an event changes (it starts or ends, a check-in, a seat made or moved, a round starting, a registration); then read `GET /api/events` again. A `: heartbeat` comment every 30 s.',
          tag: API_TAGS.live,
          responses: {
            200: { description: 'A stream of `changed` events.', media: 'text/event-stream' },
          },
        }),
        (c) =>
          changedPings(c, live, {
            kind: 'member_events',
            minIntervalMs: 1_000,
            stillAllowed: accessStillHolds(auth, db, c, { admin: false }),
          }),
      )
      // The event's live state: the klikkscreen, and a member's own table on her phone.
      .get(
        '/:id/live',
        memberDoc({
          summary: 'Live: the event as it runs',
          description:
            'The event\'s state as a server-sent events stream: the running round and who sits at which table. Her own table is the one whose `people` include her id ("my table now"). Native clients send the bearer token as with any call.',
          tag: API_TAGS.live,
          responses: { 200: { description: 'A stream of `state` events.', ...LIVE_STREAM } },
          errors: [404],
        }),
        event,
        async (c) => {
          const eventId = c.req.valid('param').id
          if (!(await live.cache.state(eventId)))
            throw new ApiError(404, 'not_found', 'events:errors.eventNotFound')
          return eventStream(c, live, eventId, accessStillHolds(auth, db, c, { admin: false }))
        },
      )
      .post(
        '/:id/registration',
        ...onHerEvening({
          summary: 'Register for an event',
          description:
            'She gets a place while the event has places left, otherwise a place on its waiting list (`waiting`, with her `position`). Either way an e-mail in her language confirms it; a place comes with the evening as a calendar invitation (.ics). Twice is 409 `already_registered`; a past event 409.',
          answer: ['Registered.', registrationSchema],
          errors: [404, 409],
        }),
        async (c) => {
          const eventId = c.req.valid('param').id
          const ctx = { db, live: live.hub }
          const { status, position } = await register(ctx, eventId, userIdOf(c), mail)
          return c.json({ registered: true, waiting: status === 'waiting', position })
        },
      )
      .delete(
        '/:id/registration',
        ...onHerEvening({
          summary: 'Withdraw a registration',
          description:
            "Until the event starts (409 after). After the evening's deadline (`cancelDeadline`) it is recorded as late (`late: true`). A place given up is offered to the first on the waiting list, by e-mail.",
          answer: ['Not registered.', registrationSchema],
          errors: [404, 409],
        }),
        async (c) => {
          const eventId = c.req.valid('param').id
          const { late } = await unregister({ db, live: live.hub }, eventId, userIdOf(c), mail)
          return c.json({ registered: false, waiting: false, position: null, late })
        },
      )
      .post(
        '/:id/offer',
        ...onHerEvening({
          summary: 'Accept the place offered',
          description:
            'She takes the place offered to her from the waiting list; an e-mail with the calendar invitation confirms it. Accepting twice is the same answer. 409 `offer_lapsed` when its time ran out, 409 `place_gone` when an offer to everyone in line went to someone quicker; 404 with no offer.',
          answer: ['She has the place.', registrationSchema],
          errors: [404, 409],
        }),
        async (c) => {
          const eventId = c.req.valid('param').id
          await acceptPlaceOffer({ db, live: live.hub }, eventId, userIdOf(c), mail)
          return c.json({ registered: true, waiting: false, position: null })
        },
      )
      .delete(
        '/:id/offer',
        ...onHerEvening({
          summary: 'Decline the place offered',
          description:
            'She says no: she leaves the waiting list, and the place is offered to the next in line. 409 `offer_lapsed` when its time ran out; 404 with no offer.',
          answer: ['Not registered.', registrationSchema],
          errors: [404, 409],
        }),
        async (c) => {
          const eventId = c.req.valid('param').id
          await declinePlaceOffer({ db, live: live.hub }, eventId, userIdOf(c), mail)
          return c.json({ registered: false, waiting: false, position: null })
        },
      )
      .post(
        '/:id/friend',
        ...onHerEvening(
          {
            summary: 'Invite a friend',
            description:
              "When the host allows it (`friendsAllowed`), a member with a place invites one friend by e-mail. The e-mail goes out in the member's language with the evening's details and a link to `/events/friend/:id`; a place is held for the friend for 48 hours or until the cancellation deadline, whichever comes first. Refused, storing nothing: her own address (400 `invite_self`), a malformed address (400), friends not allowed (409 `friends_not_allowed`), no place of her own (409 `not_registered`), a second invitation to the evening or an address someone else invited (409 `already_invited`), an address that has an account (409 `friend_has_account`), after the deadline (409 `invitation_too_late`), no free place or a waiting list (409 `event_full`). At most 10 invitations and withdrawals an hour (429).",
            answer: ['Invited.', friendInvitationResponseSchema],
            errors: [400, 404, 409, 429],
          },
          invitations,
        ),
        jsonBody(friendInvitationInputSchema, { messages: 'events' }),
        async (c) => {
          const eventId = c.req.valid('param').id
          const { email } = c.req.valid('json')
          const sent = await inviteFriend({ db, live: live.hub }, eventId, userIdOf(c), email, mail)
          return c.json({
            invitation: {
              id: sent.id,
              email: sent.email,
              status: 'open' as const,
              expiresAt: sent.expiresAt,
            },
          })
        },
      )
      .delete(
        '/:id/friend',
        ...onHerEvening(
          {
            summary: "Withdraw a friend's invitation",
            description:
              'Until the friend accepts (409 `invitation_accepted` after). The place it held is offered to the waiting list at once. 404 with no invitation.',
            answer: ['Withdrawn.', friendInvitationResponseSchema.partial()],
            errors: [404, 409, 429],
          },
          invitations,
        ),
        async (c) => {
          const eventId = c.req.valid('param').id
          await withdrawFriendInvitation({ db, live: live.hub }, eventId, userIdOf(c), mail)
          return c.json({})
        },
      )
      .get(
        '/friend-invitations/:id',
        memberDoc({
          summary: 'A friend’s invitation, for the friend',
          description:
            "What the e-mailed link's page shows the invited friend, signed in with the invited address: who invited her, to which evening, where it stands. Opening it changes nothing (mail scanners open links). Another account: 404.",
          responses: { 200: { description: 'The invitation.', json: friendInvitationViewSchema } },
          errors: [404],
        }),
        invitation,
        async (c) => c.json(await friendInvitation(db, c.req.valid('param').id, userIdOf(c))),
      )
      .post(
        '/friend-invitations/:id/accept',
        memberDoc({
          summary: 'Accept a friend’s invitation',
          description:
            'The invited friend takes the place held for her: she is registered, and an e-mail with the calendar invitation confirms it. Twice is the same answer. 409 `invitation_withdrawn`, `invitation_lapsed`, `already_registered`; 404 for another account.',
          responses: { 200: { description: 'Registered.', json: friendAcceptedSchema } },
          errors: [404, 409],
        }),
        invitation,
        async (c) => {
          const { eventId } = await acceptFriendInvitation(
            { db, live: live.hub },
            c.req.valid('param').id,
            userIdOf(c),
            mail,
          )
          return c.json({ registered: true as const, eventId })
        },
      )
      .get(
        '/:id/calendar.ics',
        memberDoc({
          summary: 'The event as a calendar file',
          description:
            "An iCalendar file (RFC 5545, METHOD:PUBLISH) to import into a calendar app, its texts in the request's language (Hungarian where the host has not written them in it). Its UID and SEQUENCE are those of the e-mailed invitation, so the e-mailed updates replace this entry.",
          responses: { 200: { description: 'The .ics file.', media: 'text/calendar' } },
          errors: [404],
        }),
        event,
        async (c) => {
          const found = await findEvent(db, c.req.valid('param').id)
          c.header('Content-Type', 'text/calendar; charset=utf-8')
          c.header(
            'Content-Disposition',
            `attachment; filename="${eventFileName(found, c.var.language)}"`,
          )
          c.header('Cache-Control', 'no-store')
          return c.body(
            calendarFile({ method: 'PUBLISH', event: found, site: mail, language: c.var.language }),
          )
        },
      )
      .post(
        '/series/:id/follow',
        memberDoc({
          summary: 'Follow a series',
          description:
            'She gets one e-mail, in her language, each time registration opens for an evening of the series, with a link that stops them for this series alone. Twice is once.',
          responses: { 200: { description: 'Following.', json: seriesFollowSchema } },
          errors: [404],
        }),
        series,
        async (c) => {
          await followSeries(db, c.req.valid('param').id, userIdOf(c))
          return c.json({ following: true })
        },
      )
      .delete(
        '/series/:id/follow',
        memberDoc({
          summary: 'Stop following a series',
          responses: { 200: { description: 'Not following.', json: seriesFollowSchema } },
          errors: [404],
        }),
        series,
        async (c) => {
          await unfollowSeries(db, c.req.valid('param').id, userIdOf(c))
          return c.json({ following: false })
        },
      )
      // Who she sat with at her evenings, by event and round.
      .get(
        '/people-met',
        memberDoc({
          summary: 'People you met',
          description:
            "Who she sat with at her evenings, by event and round, once a round has started (name and picture; people who opted out are left out). Each evening's name and place in the request's language, or Hungarian (`textLanguages`).",
          responses: { 200: { description: 'Her evenings.', json: peopleMetSchema } },
        }),
        async (c) => c.json({ events: await peopleMetBy(db, userIdOf(c), c.var.language) }),
      )
  )
}
