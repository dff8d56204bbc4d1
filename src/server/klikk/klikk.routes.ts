import { Hono } from 'hono'
import {
  klikkContactInputSchema,
  klikkFeedbackInputSchema,
  klikkPickInputSchema,
  klikkVisibilityInputSchema,
} from '#shared/schemas/klikk.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { rateLimit } from '../http/rate-limit.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { blockMember } from './commands/block-member.ts'
import { chooseContact } from './commands/choose-contact.ts'
import { hideFromPicks } from './commands/hide-from-picks.ts'
import { pickMember, type KlikkEffects } from './commands/pick-member.ts'
import { rateEvening } from './commands/rate-evening.ts'
import { unblockMember } from './commands/unblock-member.ts'
import { withdrawPick } from './commands/withdraw-pick.ts'
import {
  klikkBlockAnswerSchema,
  klikkContactSchema,
  klikkFeedbackSchema,
  klikkPickAnswerSchema,
  klikkSchema,
  klikkVisibilitySchema,
  klikkWithdrawnSchema,
} from './klikk-responses.ts'
import { klikkOf } from './queries/my-klikk.ts'

/** Picks per member: generous for a table of eight over five rounds, tight for a script. */
export const KLIKK_PICK_LIMIT = { windowSeconds: 600, max: 60 }

const pickPath = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.user })
const eventPath = pathIds({ id: PATH_IDS.event })
const userPath = pathIds({ userId: PATH_IDS.user })
const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user?.id ?? ''
const memberDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.klikk, access: 'member' })

/** /api/klikk: her picks after an evening, her matches, her contact choice and blocks. */
export function klikkRoutes(auth: Auth, db: Db, hub: Pick<LiveHub, 'changed'>) {
  // A match (or its end) reaches both pages at once: their events stream hears a change.
  const effects: KlikkEffects = { onMatch: (eventId) => hub.changed(eventId) }
  const picks = rateLimit(db, { name: 'klikk-picks', per: 'member', ...KLIKK_PICK_LIMIT })
  const answers = rateLimit(db, { name: 'klikk-feedback', per: 'member', ...KLIKK_PICK_LIMIT })
  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get(
      '/',
      memberDoc({
        summary: 'Her klikk',
        description:
          "Each evening she sat at that has ended, while its window is open (or where she has a match): the women she sat with, round by round (name and picture; those who opted out of people met or hid from picks are left out), her own pick of each and whom she blocked; her matches with what each chose to share. Never who picked her, unless mutual. Her contact choice and whether she is hidden. Texts in the request's language.",
        responses: { 200: { description: 'Her klikk.', json: klikkSchema } },
      }),
      async (c) => c.json(await klikkOf(db, userIdOf(c), c.var.language, new Date())),
    )
    .put(
      '/contact',
      memberDoc({
        summary: 'Choose what a match sees',
        description:
          'Her e-mail, a phone number or an Instagram handle: only the one chosen is kept. Nothing is shown to a match before she has chosen.',
        responses: { 200: { description: 'Her choice.', json: klikkContactSchema } },
        errors: [400],
      }),
      jsonBody(klikkContactInputSchema, { messages: 'events' }),
      async (c) => c.json(await chooseContact(db, userIdOf(c), c.req.valid('json'), effects)),
    )
    .put(
      '/visibility',
      memberDoc({
        summary: 'Hide her from picks',
        description: 'Hidden, nobody can pick her (her own picks still count).',
        responses: { 200: { description: 'Her choice.', json: klikkVisibilitySchema } },
        errors: [400],
      }),
      jsonBody(klikkVisibilityInputSchema, { messages: 'events' }),
      async (c) => c.json(await hideFromPicks(db, userIdOf(c), c.req.valid('json').hidden)),
    )
    .put(
      '/blocks/:userId',
      memberDoc({
        summary: 'Block someone she sat with',
        description:
          'That person never sees her contact (a match between them ends) and is seated at another table at every later evening. She is told nothing.',
        responses: { 200: { description: 'Blocked.', json: klikkBlockAnswerSchema } },
        errors: [400, 404, 409],
      }),
      userPath,
      async (c) =>
        c.json(
          await blockMember(
            db,
            {
              userId: userIdOf(c),
              blockedId: c.req.valid('param').userId,
              language: c.var.language,
            },
            effects,
          ),
        ),
    )
    .delete(
      '/blocks/:userId',
      memberDoc({
        summary: 'Lift a block',
        responses: { 200: { description: 'Not blocked.', json: klikkBlockAnswerSchema } },
        errors: [404],
      }),
      userPath,
      async (c) =>
        c.json(
          await unblockMember(db, { userId: userIdOf(c), blockedId: c.req.valid('param').userId }),
        ),
    )
    .put(
      '/:id/picks/:userId',
      memberDoc({
        summary: "I'd meet her again",
        description:
          "Picks a woman she sat with at that evening, as a friend or a training buddy (again: changes the kind), while the window is open. `match`: whether the two picked each other; a one-way pick answers the same as any other. Refused, storing nothing: herself (400), someone not at her table that evening (409 `klikk_not_tablemate`), before the evening's end (409 `klikk_not_open`), after the window (409 `klikk_closed`); an evening she was not seated at is 404. At most 60 picks and withdrawals in 10 minutes (429).",
        responses: { 200: { description: 'Picked.', json: klikkPickAnswerSchema } },
        errors: [400, 404, 409, 429],
      }),
      picks,
      pickPath,
      jsonBody(klikkPickInputSchema, { messages: 'events' }),
      async (c) => {
        const { id, userId } = c.req.valid('param')
        return c.json(
          await pickMember(
            db,
            {
              userId: userIdOf(c),
              eventId: id,
              pickedId: userId,
              kind: c.req.valid('json').kind,
              language: c.var.language,
            },
            effects,
          ),
        )
      },
    )
    .delete(
      '/:id/picks/:userId',
      memberDoc({
        summary: 'Withdraw a pick',
        description: 'Until the window closes (409 `klikk_closed` after).',
        responses: { 200: { description: 'Withdrawn.', json: klikkWithdrawnSchema } },
        errors: [404, 409, 429],
      }),
      picks,
      pickPath,
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await withdrawPick(db, { userId: userIdOf(c), eventId: id, pickedId: userId }, effects)
        return c.json({ withdrawn: true as const })
      },
    )
    .put(
      '/:id/feedback',
      memberDoc({
        summary: 'How the evening felt',
        description:
          'Her answer to "how was it": `rating` 1 to 5 and an optional `comment` (at most 1,000 characters; empty is none), one per member and evening; again, it replaces her answer. While the klikk window is open. Anonymous to the owner: the dashboard shows ratings and comments, never whose, and nothing is audited. Refused, storing nothing: an evening she was not seated at (409 `klikk_not_seated`), before the evening\'s end (409 `klikk_not_open`), after the window (409 `klikk_closed`); an unknown evening is 404. At most 60 answers in 10 minutes (429).',
        responses: { 200: { description: 'Her answer.', json: klikkFeedbackSchema } },
        errors: [400, 404, 409, 429],
      }),
      answers,
      eventPath,
      jsonBody(klikkFeedbackInputSchema, { messages: 'events' }),
      async (c) => {
        const { rating, comment } = c.req.valid('json')
        return c.json(
          await rateEvening(db, {
            userId: userIdOf(c),
            eventId: c.req.valid('param').id,
            rating,
            comment,
          }),
        )
      },
    )
}
