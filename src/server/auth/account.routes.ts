import { Hono } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { z } from 'zod'
import { deviceSessionsSchema, signInMethodsSchema } from '#shared/schemas/account.ts'
import { deleteAccountSchema } from '#shared/schemas/delete-account.ts'
import type { Db } from '../db/client.ts'
import type { PlaceMail } from '../events/calendar-mail.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { pathIds } from '../http/path-ids.ts'
import type { Auth } from './auth.ts'
import { exportFileName, exportedMember, memberDataZip } from './data-export.ts'
import { accountProviders, deleteAccountData, freshGoogleSession } from './delete-account.ts'
import {
  listDeviceSessions,
  revokeDeviceSession,
  revokeOtherDeviceSessions,
} from './device-sessions.ts'
import { requireUser } from './session.ts'

// Better Auth's session ids: letters and digits.
const sessionId = pathIds({
  sessionId: { schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), notFound: 'notFound' },
})

/**
 * /api/account: how she signs in, her signed-in devices (each revocable), and SPEC's account
 * deletion, confirmed by password or a fresh Google sign-in.
 */
export function accountRoutes(auth: Auth, db: Db, mail: PlaceMail) {
  // Who is asking comes before what she sent: a signed-out request is a 401 whatever its body.
  const signedInFirst = requireUser(auth, db)
  return new Hono<AppEnv>()
    .get(
      '/sign-in-methods',
      documented({
        summary: 'How you sign in',
        description:
          'With a password, with Google, or both: an account deletion is confirmed the same way.',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'Her sign-in methods.', json: signInMethodsSchema } },
      }),
      requireUser(auth, db),
      async (c) => {
        const providers = await accountProviders(db, c.var.user?.id ?? '')
        return c.json({ password: providers.passwordHash !== null, google: providers.google })
      },
    )
    .get(
      '/sessions',
      documented({
        summary: 'Your signed-in devices',
        description:
          'Every browser and app signed in to her account, most recently used first; `current` marks the one asking.',
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'Her sessions.', json: deviceSessionsSchema } },
      }),
      async (c) => {
        const found = await auth.api.getSession({ headers: c.req.raw.headers })
        if (!found) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
        const sessions = await listDeviceSessions(db, found.user.id, found.session.id)
        return c.json({ sessions })
      },
    )
    .delete(
      '/sessions',
      documented({
        summary: 'Sign out everywhere else',
        description:
          'Ends every session of hers except the one asking: each other browser and app, bearer tokens included, is signed out at its next request, and its open live streams close within 30 s. `ended` is how many.',
        tag: API_TAGS.account,
        access: 'member',
        responses: {
          200: { description: 'Ended.', json: z.object({ ended: z.number().int() }) },
        },
      }),
      signedInFirst,
      async (c) => {
        const found = await auth.api.getSession({ headers: c.req.raw.headers })
        if (!found) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
        const ended = await revokeOtherDeviceSessions(db, found.user.id, found.session.id)
        c.var.log.info({ userId: found.user.id, ended }, 'other sessions revoked')
        return c.json({ ended })
      },
    )
    .delete(
      '/sessions/:sessionId',
      documented({
        summary: 'Sign a device out',
        description:
          'Ends one of her sessions at once: its next request, by cookie or bearer token, is signed out.',
        tag: API_TAGS.account,
        access: 'member',
        responses: {
          200: { description: 'Ended.', json: z.object({ revoked: z.literal(true) }) },
        },
        errors: [404],
      }),
      signedInFirst,
      sessionId,
      async (c) => {
        const userId = c.var.user?.id ?? ''
        if (!(await revokeDeviceSession(db, userId, c.req.valid('param').sessionId)))
          throw new ApiError(404, 'not_found', 'notFound')
        c.var.log.info({ userId }, 'session revoked')
        return c.json({ revoked: true as const })
      },
    )
    .get(
      '/export',
      documented({
        summary: 'Download your data',
        description:
          "A ZIP of everything stored about her: `data.json`, `data.html` (the same to read, in the page's language, self-contained) and her profile picture. Her account, sessions (never their tokens), sign-in methods, profile, newsletter subscription and consent record, event places and seats with the names of the people she met, the e-mails sent to her (subjects and dates) and her account's recorded changes. Streamed as it is read (decision 0042).",
        tag: API_TAGS.account,
        access: 'member',
        responses: { 200: { description: 'The ZIP file.', media: 'application/zip' } },
      }),
      signedInFirst,
      async (c) => {
        const member = await exportedMember(db, c.var.user?.id ?? '')
        if (!member) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
        c.var.log.info({ userId: member.id }, 'data export')
        return zipAnswer(memberDataZip(db, { ...member, language: c.var.language }))
      },
    )
    .post(
      '/delete',
      documented({
        summary: 'Delete your account',
        description:
          'Removes her profile, picture, sessions, linked accounts and newsletter subscription in one transaction. Password accounts confirm with e-mail and password; Google accounts sign in with Google again first (within 5 minutes).',
        tag: API_TAGS.account,
        access: 'member',
        responses: {
          200: { description: 'Deleted.', json: z.object({ deleted: z.literal(true) }) },
        },
        errors: [400, 403],
      }),
      signedInFirst,
      jsonBody(deleteAccountSchema),
      async (c) => {
        const found = await auth.api.getSession({ headers: c.req.raw.headers })
        if (!found) throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
        const request = c.req.valid('json')
        const providers = await accountProviders(db, found.user.id)

        if (request.method === 'password') {
          const context = await auth.$context
          const emailMatches = request.email.toLowerCase() === found.user.email.toLowerCase()
          const passwordMatches =
            providers.passwordHash !== null &&
            (await context.password.verify({
              hash: providers.passwordHash,
              password: request.password,
            }))
          if (!emailMatches || !passwordMatches) {
            throw new ApiError(400, 'incorrect_credentials', 'deleteAccount.incorrectCredentials')
          }
        } else if (!providers.google || !(await freshGoogleSession(db, found.session.id))) {
          throw new ApiError(403, 'reauthentication_required', 'deleteAccount.confirmWithGoogle')
        }

        await deleteAccountData(db, found.user.id, mail)
        c.var.log.info({ userId: found.user.id }, 'account deleted')
        // The session rows are gone; the browser's session cookies go too.
        for (const name of Object.keys(getCookie(c))) {
          if (/session_(token|data)$/.test(name))
            deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') })
        }
        return c.json({ deleted: true as const })
      },
    )
}

/** A member's data as a download: the ZIP streams into the answer as it is made. */
export function zipAnswer(zip: ReadableStream<Uint8Array>, now = new Date()): Response {
  return new Response(zip, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
    },
  })
}
