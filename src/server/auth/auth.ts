import { passkey as passkeyPlugin } from '@better-auth/passkey'
import { betterAuth, type BetterAuthPlugin } from 'better-auth'
import type { Logger } from 'pino'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { bearer } from 'better-auth/plugins/bearer'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { openAPI } from 'better-auth/plugins'
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor'
import { randomInt } from 'node:crypto'
import {
  BACKUP_CODE_ALPHABET,
  BACKUP_CODE_LENGTH,
  formatBackupCode,
  normalizeBackupCode,
} from '#shared/backup-codes.ts'
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts'
import { callName } from '#shared/people-names.ts'
import type { Db } from '../db/client.ts'
import {
  account,
  passkey,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from '../db/schema/auth.ts'
import { truncate } from '../http/truncate.ts'
import { languageOfRequest } from '../i18n.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { authLink } from '../mail/site-link.ts'
import {
  changeEmailConfirmTemplate,
  resetPasswordTemplate,
  verifyEmailTemplate,
} from '../mail/templates.ts'
import { followEmailChange } from './commands/follow-email-change.ts'
import { promoteListedAdmins } from './commands/promote-listed-admins.ts'
import { changeEmailPlugin, forgetPendingChange, isChangeEmailToken } from './change-email.ts'
import {
  composedOnCreate,
  composedOnUpdate,
  followNameChange,
  NAME_FIELDS,
  namesFromClaims,
  namesOnSignUp,
} from './names.ts'
import { createProfile, findProfile } from './profiles.ts'

export const AUTH_BASE_PATH = '/api/auth'
/** Header our server sets to the client's address before Better Auth sees the request. */
export const CLIENT_IP_HEADER = 'x-lendulet-client-ip'
const VERIFY_EMAIL_EXPIRES_S = 24 * 60 * 60
const RESET_PASSWORD_EXPIRES_S = 60 * 60
/** "Trust this device": no second step on this browser for 30 days. */
const TRUST_DEVICE_S = 30 * 24 * 60 * 60
/** Where a browser that signed in with Google takes its second step. */
export const SECOND_STEP_PATH = '/login?step=two-factor'

/** Ten backup codes without look-alike characters (shared/backup-codes.ts). */
export const makeBackupCodes = () =>
  Array.from({ length: 10 }, () =>
    formatBackupCode(
      Array.from(
        { length: BACKUP_CODE_LENGTH },
        () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)],
      ).join(''),
    ),
  )

/** How close to the truth a session's "last active" is, in seconds (session.updateAge below). */
export const SESSION_ACTIVITY_RESOLUTION_S = 5 * 60
/** How long a session lasts after its last write, in seconds (session.expiresIn below). */
export const SESSION_EXPIRES_IN_S = 30 * 24 * 60 * 60

export interface AuthDeps {
  db: Db
  baseUrl: string
  secret: string
  /** Called after an e-mail was queued, so the worker sends it at once. */
  onEmailQueued: () => void
  google?: {
    clientId: string
    clientSecret: string
    discoveryUrl: string
    /** GOOGLE_NATIVE_CLIENT_IDS: the apps' own client ids, whose ID tokens are also accepted. */
    nativeClientIds?: readonly string[]
  }
  /** CORS_ORIGINS: other sites whose pages may call the API (with bearer tokens). */
  corsOrigins?: readonly string[]
  logger: Logger
  /** ADMIN_EMAILS: made admins once their address is confirmed. */
  adminEmails?: readonly string[]
}

export function createAuth({
  db,
  baseUrl,
  secret,
  onEmailQueued,
  google,
  logger,
  adminEmails = [],
  corsOrigins = [],
}: AuthDeps) {
  return betterAuth({
    appName: 'Lendület',
    // Better Auth's own messages go into our structured log, not to the console.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // "Invalid callbackURL: …", "Invalid origin: …": a client's bad input, quoted whole at
        // error level by Better Auth. It is the client's mistake (warn), and only its start is kept.
        const refused = level === 'error' && /^Invalid [\w ]+:/.test(message)
        logger[refused ? 'warn' : level](
          {
            args: args.map((arg) => (typeof arg === 'string' ? truncate(arg) : arg)),
            source: 'better-auth',
          },
          truncate(message),
        )
      },
    },
    // Refused requests (bad password, foreign origin...) are routine: debug level. Failures: error.
    onAPIError: {
      onError(error) {
        const status =
          typeof error === 'object' && error !== null && 'statusCode' in error
            ? Number(error.statusCode)
            : 500
        if (status < 500)
          logger.debug({ err: error, source: 'better-auth' }, 'auth request refused')
        else logger.error({ err: error, source: 'better-auth' }, 'auth request failed')
      },
    },
    baseURL: baseUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // Pages of a CORS_ORIGINS site sign in from their own origin, which Better Auth checks.
    trustedOrigins: [baseUrl, ...corsOrigins],
    // The openAPI plugin's own routes: /api/openapi.json and /api/docs serve the whole API.
    // Deleting a user goes through POST /api/account/delete, which removes her data in one
    // transaction. Off here, these answer 404 (and are left out of the API document).
    disabledPaths: [
      '/open-api/generate-schema',
      '/reference',
      '/delete-user',
      '/delete-user/callback',
    ],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_S,
      // A reset cancels a pending change of her address (change-email.ts).
      async onPasswordReset({ user }) {
        await forgetPendingChange(db, user.id)
      },
      async sendResetPassword({ user, url }, request) {
        const profile = await findProfile(db, user.id)
        const language = languageOfRequest(request)
        const queued = await enqueueEmail(db, {
          kind: 'reset-password',
          to: user.email,
          language,
          ...resetPasswordTemplate(language, {
            name: callName({
              givenName: greetable(user),
              fullName: profile?.fullName ?? user.name,
            }),
            url: authLink(url, language),
            baseUrl,
          }),
        })
        if (queued) onEmailQueued()
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_S,
      async sendVerificationEmail({ user, url, token }, request) {
        const profile = await findProfile(db, user.id)
        const language = profile?.language ?? languageOfRequest(request)
        const data = {
          name: callName({ givenName: greetable(user), fullName: profile?.fullName ?? user.name }),
          url: authLink(url, language),
          baseUrl,
        }
        // Changing her address: `user.email` is the new address, which gets its own e-mail.
        const changing = isChangeEmailToken(token)
        const queued = await enqueueEmail(db, {
          kind: changing ? 'change-email-confirm' : 'verify-email',
          to: user.email,
          language,
          ...(changing
            ? changeEmailConfirmTemplate(language, { ...data, address: user.email })
            : verifyEmailTemplate(language, data)),
        })
        if (queued) onEmailQueued()
      },
    },
    // Only with a confirmation by the new address; the old one gets a notice (change-email.ts).
    user: { changeEmail: { enabled: true }, additionalFields: NAME_FIELDS },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      // A session used again 5 minutes or more after its last write is written again (its
      // updatedAt, and the 30 days start anew): "last active" on her devices card is true to the
      // nearest 5 minutes, at one write per session per 5 minutes, never one per request.
      // Freshness for sensitive changes counts from createdAt, so this does not extend it.
      updateAge: SESSION_ACTIVITY_RESOLUTION_S,
    },
    // Better Auth limits only in production by default; we limit everywhere, in the database so
    // that every server process shares the counts.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        // The second step counts like the first: a code of six digits is guessed no faster than a
        // password. (Better Auth also ends a challenge after 5 wrong codes and locks the account's
        // second step for 15 minutes after 10.)
        '/two-factor/verify-totp': { window: 60, max: 10 },
        '/two-factor/verify-backup-code': { window: 60, max: 10 },
        '/two-factor/enable': { window: 60, max: 5 },
        '/two-factor/disable': { window: 60, max: 5 },
        '/two-factor/generate-backup-codes': { window: 60, max: 5 },
        '/passkey/verify-authentication': { window: 60, max: 10 },
        '/change-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth skips the origin (CSRF) check when it detects a test run; we never do, so the
      // tests see what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          // Her name's parts as stored, and `name` composed from them (names.ts).
          async before(created, context) {
            return { data: composedOnCreate(created, context?.request) }
          },
          async after(created, context) {
            await createProfile(db, created, languageOfRequest(context?.request))
            await promoteListedAdmins(db, adminEmails, created.id)
          },
        },
        update: {
          // Better Auth's update-user takes any JSON for these (a null name reached the
          // database's not-null constraint as a 500); its other updates only set them as text.
          async before(changes, context) {
            const { name, image } = changes as { name?: unknown; image?: unknown }
            const badName = name !== undefined && (typeof name !== 'string' || !name.trim())
            const badImage = image !== undefined && image !== null && typeof image !== 'string'
            if (badName || badImage)
              throw new APIError('BAD_REQUEST', {
                code: 'VALIDATION_ERROR',
                message: badName ? 'The name must be text.' : 'The image must be a URL.',
              })
            // A new given or family name: `name` is composed again from both (names.ts).
            const current = context?.context.session?.user as Record<string, unknown> | undefined
            const composed = composedOnUpdate(changes, current, context?.request)
            if (composed) return { data: composed }
          },
          async after(updated, context) {
            // Her name as lists show it follows a new name (update-user with a name in its body).
            const body = context?.body as Record<string, unknown> | undefined
            if (body && ['name', 'givenName', 'familyName'].some((key) => body[key] !== undefined))
              await followNameChange(db, updated)
            // Her profile's address first: ADMIN_EMAILS is matched against it.
            await followEmailChange(db, updated, secret)
            await promoteListedAdmins(db, adminEmails, updated.id)
          },
        },
      },
    },
    plugins: [
      // Native apps: the session token in `Authorization: Bearer`, handed out in the
      // `set-auth-token` header of every answer that starts a session (decision 22).
      bearer(),
      // Better Auth's endpoints in our API document; its own reference page (which loads
      // Scalar from a CDN, outside our CSP) is off: /api/docs shows everything.
      openAPI({ disableDefaultReference: true }),
      // Two-step sign-in with an authenticator app (decision 0043): required for admins
      // (requireAdmin), open to everyone. Google sign-ins take the second step too.
      secondStepAfterEverySignIn(
        twoFactorPlugin({
          issuer: 'Lendület',
          // An account without a password (Google only) sets it up from her session; one with a
          // password confirms with it.
          allowPasswordless: true,
          backupCodeOptions: { amount: 10, customBackupCodesGenerate: makeBackupCodes },
          trustDeviceMaxAge: TRUST_DEVICE_S,
        }),
        baseUrl,
      ),
      backupCodesAsTyped(),
      // Passkeys: a device's key signs her in, without a password or a second step.
      passkeyAnswerChecked(),
      passkeyPlugin({
        rpName: 'Lendület',
        rpID: new URL(baseUrl).hostname,
        origin: new URL(baseUrl).origin,
      }),
      changeEmailPlugin({ db, baseUrl, onEmailQueued }),
      namesOnSignUp(),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  accessType: 'offline',
                  prompt: 'select_account',
                  pkce: true,
                  // Her given and family name from Google's OpenID claims (decision 55).
                  mapProfileToUser: (profile) => namesFromClaims(profile),
                },
              ],
            }),
            acceptIdTokensFor('google', [google.clientId, ...(google.nativeClientIds ?? [])]),
          ]
        : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

/** The given name Better Auth's user object carries (an additional field, names.ts). */
const greetable = (user: object) =>
  'givenName' in user && typeof user.givenName === 'string' ? user.givenName : null

/**
 * Native Google Sign-In (POST /api/auth/sign-in/social with `idToken`) hands the app an ID token
 * whose audience is the app's own client id (iOS), not the web client's. The generic OAuth
 * provider verifies ID tokens against the discovery document's keys and issuer, with the web
 * client id as the only audience; this widens the audience to the apps' ids too.
 */
function acceptIdTokensFor(providerId: string, audiences: string[]): BetterAuthPlugin {
  return {
    id: 'id-token-audiences',
    init(context) {
      const provider = context.socialProviders.find((p) => p.id === providerId)
      if (provider?.idToken && 'jwks' in provider.idToken) provider.idToken.audience = audiences
    },
  }
}

/**
 * Better Auth's two-step sign-in asks for the second step only after a sign-in with a password:
 * a Google sign-in would open her account with one step. The same check runs after Google's
 * callback (the browser is sent to the second step instead of on) and after a native app's
 * sign-in with a Google ID token (answered `{ twoFactorRedirect: true }`, as for a password).
 * Passkeys sign in on their own: the device's key is already something she has.
 */
function secondStepAfterEverySignIn(
  plugin: ReturnType<typeof twoFactorPlugin>,
  baseUrl: string,
): ReturnType<typeof twoFactorPlugin> {
  const [hook] = plugin.hooks.after
  if (!hook) throw new Error("Better Auth's two-factor plugin has no sign-in hook")
  const googleSignIns = new Set(['/callback/:id', '/sign-in/social'])
  return {
    ...plugin,
    hooks: {
      after: [
        {
          matcher: (context) => hook.matcher(context) || googleSignIns.has(context.path ?? ''),
          // Better Auth's hook, called as Better Auth calls it: its answer is
          // { response, headers } (the second step's cookie in the headers).
          handler: Object.assign(
            async (input: Parameters<typeof hook.handler>[0]) => {
              const answer = await hook.handler(input)
              const { path, context } = input as { path?: string; context?: { returned?: unknown } }
              if (path !== '/callback/:id' || !asksSecondStep(answer)) return answer
              const target = new URL(SECOND_STEP_PATH, baseUrl)
              const next = nextOf(context?.returned)
              if (next) target.searchParams.set('next', next)
              const headers = new Headers((answer as { headers?: HeadersInit }).headers)
              headers.set('location', target.pathname + target.search)
              throw new APIError('FOUND', undefined, headers)
            },
            { options: hook.handler.options },
          ),
        },
      ],
    },
  }
}

function asksSecondStep(answer: unknown): boolean {
  const response = (answer as { response?: { twoFactorRedirect?: unknown } } | null)?.response
  return response?.twoFactorRedirect === true
}

/** The page the Google sign-in was to go on to (its callback's `next`), if any. */
function nextOf(returned: unknown): string | null {
  const headers = (returned as { headers?: unknown } | null)?.headers
  const location = headers instanceof Headers ? headers.get('location') : null
  if (!location) return null
  return new URL(location, 'http://x').searchParams.get('next')
}

/**
 * Better Auth compares a backup code exactly as stored (`ABCDE-FGHJK`): a code sent with spaces,
 * without its dash or in small letters (an app, a paste from notes) was refused. It is read the
 * way the sign-in page reads it (shared/backup-codes.ts) before Better Auth checks it.
 */
function backupCodesAsTyped(): BetterAuthPlugin {
  return {
    id: 'backup-codes-as-typed',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/two-factor/verify-backup-code',
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined
            if (typeof body?.code !== 'string') return
            return { context: { body: { ...body, code: normalizeBackupCode(body.code) } } }
          }),
        },
      ],
    },
  }
}

/**
 * The passkey plugin looks the credential up by `response.id` before checking anything: an
 * answer without one reached PostgreSQL as an undefined parameter (a 500). It is refused first.
 */
function passkeyAnswerChecked(): BetterAuthPlugin {
  return {
    id: 'passkey-answer-checked',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/passkey/verify-authentication',
          handler: createAuthMiddleware(async (ctx) => {
            const id = (ctx.body as { response?: { id?: unknown } } | undefined)?.response?.id
            if (typeof id !== 'string' || id === '')
              throw new APIError('BAD_REQUEST', {
                code: 'AUTHENTICATION_FAILED',
                message: 'The passkey answer has no credential id.',
              })
          }),
        },
      ],
    },
  }
}
