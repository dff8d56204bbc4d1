import { validator } from 'hono/validator'
import { z } from 'zod'
import type { ErrorMessageKey } from '../i18n.ts'
import { ApiError } from './api-error.ts'
import { withSchema } from './openapi.ts'

/** One kind of id in a path: what it must look like, and what a missing one is called. */
export interface PathId {
  schema: z.ZodType<string>
  notFound: ErrorMessageKey
}

// Lower-cased, so one row has one spelling (the live hub and the state cache key by the id).
const uuid = (notFound: ErrorMessageKey): PathId => ({
  schema: z.uuid().transform((id) => id.toLowerCase()),
  notFound,
})

/**
 * The ids our paths carry. Row ids are uuids (PostgreSQL refuses anything else in a uuid column);
 * user ids are Better Auth's (32 letters and digits), or uuids for accounts imported from the
 * original, so letters, digits, '-' and '_' up to 64.
 */
export const PATH_IDS = {
  event: uuid('events:errors.eventNotFound'),
  series: uuid('events:errors.seriesNotFound'),
  table: uuid('notFound'),
  round: uuid('events:errors.roundNotFound'),
  media: uuid('notFound'),
  subscriber: uuid('notFound'),
  campaign: uuid('newsletter:campaigns.errors.notFound'),
  keepApart: uuid('events:errors.keepApartNotFound'),
  checkIn: uuid('events:errors.checkInNotFound'),
  question: uuid('notFound'),
  friendInvitation: uuid('events:errors.friendInvitationNotFound'),
  participant: {
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    notFound: 'events:errors.participantNotFound',
  },
  user: {
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    notFound: 'auth.USER_NOT_FOUND',
  },
  /** A welcome e-mail's place in the series: 1, 2 or 3. */
  welcomePosition: {
    schema: z.string().regex(/^[1-3]$/),
    notFound: 'newsletter:welcome.errors.notFound',
  },
  /** A screen link's key: 32 random bytes, base64url (decision 0066). */
  screenKey: {
    schema: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    notFound: 'events:errors.screenLinkNotFound',
  },
} satisfies Record<string, PathId>

/**
 * Validates a route's path ids (`pathIds({ id: PATH_IDS.event })`): a malformed id is answered
 * like one that does not exist, 404 `not_found` in the user's language, without asking the
 * database. The handler reads them with `c.req.valid('param')`.
 */
export function pathIds<K extends string>(ids: Record<K, PathId>) {
  const entries = Object.entries(ids) as [K, PathId][]
  const validate = validator('param', (params): Record<K, string> => {
    const valid = {} as Record<K, string>
    for (const [name, { schema, notFound }] of entries) {
      const parsed = schema.safeParse(params[name])
      if (!parsed.success) throw new ApiError(404, 'not_found', notFound)
      valid[name] = parsed.data
    }
    return valid
  })
  // The API document shows each id with its form (uuid, or a user id's pattern).
  const shape = z.object(Object.fromEntries(entries.map(([name, id]) => [name, id.schema])))
  return withSchema(validate, 'param', shape)
}
