import { Hono } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { deleteAccountSchema } from '#shared/schemas/delete-account.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import type { Auth } from './auth.ts'
import { accountProviders, deleteAccountData, freshGoogleSession } from './delete-account.ts'
import { requireUser } from './session.ts'

/** POST /api/account/delete: SPEC's account deletion, confirmed by password or a fresh Google sign-in. */
export function accountRoutes(auth: Auth, db: Db) {
  // Who is asking comes before what she sent: a signed-out request is a 401 whatever its body.
  const signedInFirst = requireUser(auth, db)
  return new Hono<AppEnv>()
    .get('/sign-in-methods', requireUser(auth, db), async (c) => {
      const providers = await accountProviders(db, c.var.user?.id ?? '')
      return c.json({ password: providers.passwordHash !== null, google: providers.google })
    })
    .post('/delete', signedInFirst, jsonBody(deleteAccountSchema), async (c) => {
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

      await deleteAccountData(db, found.user.id)
      c.var.log.info({ userId: found.user.id }, 'account deleted')
      // The session rows are gone; the browser's session cookies go too.
      for (const name of Object.keys(getCookie(c))) {
        if (/session_(token|data)$/.test(name))
          deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') })
      }
      return c.json({ deleted: true })
    })
}
