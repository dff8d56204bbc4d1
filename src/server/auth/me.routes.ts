import type { User } from 'better-auth'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  eventRemindersSchema,
  peopleMetVisibilitySchema,
  updateProfileSchema,
} from '#shared/schemas/profile.ts'
import { ApiError } from '../http/api-error.ts'
import { jsonBody } from '../http/parse-json.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { avatarSchema, meSchema, sessionSchema } from '#shared/schemas/account.ts'
import { AVATAR_SIZE, removeAvatar, replaceAvatar } from '../media/avatar.ts'
import { MAX_UPLOAD_BYTES, processImage } from '../media/process-image.ts'
import { liveEventOf } from '../events/participants.ts'
import { changeName } from './commands/change-name.ts'
import { setEventReminders } from './commands/set-event-reminders.ts'
import { setPeopleMetVisibility } from './commands/set-people-met-visibility.ts'
import { profileOf, type Profile } from './profiles.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import type { Auth } from './auth.ts'
import { requireUser } from './session.ts'

/** The name parts Better Auth's user object carries (additional fields, names.ts). */
const partOf = (user: object, key: 'givenName' | 'familyName') => {
  const value = (user as Record<string, unknown>)[key]
  return typeof value === 'string' && value ? value : null
}

function describe(
  user: User & { twoFactorEnabled?: boolean | null },
  profile: Profile,
  liveEventId: string | null = null,
) {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    fullName: profile.fullName ?? user.name,
    givenName: partOf(user, 'givenName'),
    familyName: partOf(user, 'familyName'),
    isAdmin: profile.isAdmin,
    twoFactorEnabled: user.twoFactorEnabled === true,
    avatarUrl: profile.avatarUrl,
    userCode: profile.userCode,
    language: profile.language,
    /** Whether she shows in other members' "people you met" lists (she can opt out). */
    peopleMetVisible: profile.peopleMetVisible,
    /** Whether she gets a reminder e-mail before her events (she can turn it off). */
    eventReminders: profile.eventReminders,
    /** The running event she is checked in to: the menu then links to her table. */
    liveEventId,
  }
}

function signedIn(c: { var: AppEnv['Variables'] }) {
  const { user, profile } = c.var
  if (!user || !profile) throw new Error('requireUser did not set the user')
  return { user, profile }
}

/** GET /api/session: who is signed in, if anyone (200 either way; the header asks on every page). */
export function sessionRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    documented({
      summary: 'Who is signed in',
      description: 'Answers 200 either way: `me` is null without a session.',
      tag: API_TAGS.account,
      access: 'public',
      responses: { 200: { description: 'The signed-in member, or null.', json: sessionSchema } },
    }),
    async (c) => {
      const found = await auth.api.getSession({ headers: c.req.raw.headers })
      if (!found) return c.json({ me: null })
      const [profile, liveEventId] = await Promise.all([
        profileOf(db, found.user, c.var.language),
        liveEventOf(db, found.user.id),
      ])
      return c.json({ me: describe(found.user, profile, liveEventId) })
    },
  )
}

/** /api/me: the signed-in user's account and profile (401 without a session). */
export function meRoutes(auth: Auth, db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: 'Your profile',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'Her account and profile.', json: meSchema } },
      }),
      requireUser(auth, db),
      (c) => {
        const { user, profile } = signedIn(c)
        return c.json(describe(user, profile))
      },
    )
    .patch(
      '/',
      documented({
        summary: 'Change your name',
        description:
          'Her given and family name. Her full name (`fullName`, what lists show) is composed from them in the order of the request’s language: family name first in Hungarian ("Tóth Réka"), given name first in English, Spanish and German. A missing given name is refused with 400 and the field’s message in her language.',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'The profile as saved.', json: meSchema } },
        errors: [400],
      }),
      requireUser(auth, db),
      jsonBody(updateProfileSchema, { messages: 'auth' }),
      async (c) => {
        const { user, profile } = signedIn(c)
        const saved = await changeName(db, user.id, c.req.valid('json'), c.var.language)
        return c.json(describe({ ...user, ...saved.named }, saved.updated ?? profile))
      },
    )
    .post(
      '/avatar',
      documented({
        summary: 'Upload your picture',
        description:
          'A `multipart/form-data` body with the image in `file` (JPEG, PNG, WebP or GIF, at most 5 MB); it is cropped to a square.',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'Where the new picture is.', json: avatarSchema } },
        errors: [400, 413],
      }),
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
        onError: () => {
          throw new ApiError(413, 'invalid_image', 'invalidImage')
        },
      }),
      requireUser(auth, db),
      async (c) => {
        const { user } = signedIn(c)
        const form = await c.req.formData().catch(() => null)
        const file = form?.get('file')
        if (!(file instanceof File) || file.size === 0 || file.size > MAX_UPLOAD_BYTES) {
          throw new ApiError(400, 'invalid_image', 'invalidImage')
        }
        const image = await processImage(Buffer.from(await file.arrayBuffer()), AVATAR_SIZE)
        if (!image) throw new ApiError(400, 'invalid_image', 'invalidImage')
        return c.json({ avatarUrl: await replaceAvatar(db, user.id, image) })
      },
    )
    .delete(
      '/avatar',
      documented({
        summary: 'Remove your picture',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'No picture.', json: avatarSchema } },
      }),
      requireUser(auth, db),
      async (c) => {
        const { user } = signedIn(c)
        await removeAvatar(db, user.id)
        return c.json({ avatarUrl: null })
      },
    )
    .put(
      '/people-met',
      documented({
        summary: 'Show or hide yourself in "people you met"',
        description: "Whether she appears in other members' lists of the people they sat with.",
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'The profile as saved.', json: meSchema } },
        errors: [400],
      }),
      requireUser(auth, db),
      jsonBody(peopleMetVisibilitySchema),
      async (c) => {
        const { user, profile } = signedIn(c)
        const { visible } = c.req.valid('json')
        const updated = await setPeopleMetVisibility(db, profile.id, visible)
        return c.json(describe(user, updated ?? profile))
      },
    )
    .put(
      '/event-reminders',
      documented({
        summary: 'Turn event reminders on or off',
        description:
          'Whether she gets an e-mail some hours before each event she has a place at (EVENT_REMINDER_HOURS).',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'The profile as saved.', json: meSchema } },
        errors: [400],
      }),
      requireUser(auth, db),
      jsonBody(eventRemindersSchema),
      async (c) => {
        const { user, profile } = signedIn(c)
        const { enabled } = c.req.valid('json')
        const updated = await setEventReminders(db, profile.id, enabled)
        return c.json(describe(user, updated ?? profile))
      },
    )
}
