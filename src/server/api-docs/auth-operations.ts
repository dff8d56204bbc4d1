import {
  freshSessionMiddleware,
  requestOnlySessionMiddleware,
  sensitiveSessionMiddleware,
  sessionMiddleware,
} from 'better-auth/api'
import { NAME_MAX_LENGTH } from '#shared/constants.ts'
import type { Auth } from '../auth/auth.ts'
import { ANY_CHANGE, ANY_ROUTE, CHANGES, SIGNED_IN, WHO, type Access } from '../http/openapi.ts'

type Json = Record<string, unknown>
export type Operation = Json & {
  summary?: string
  description?: string
  operationId?: string
  responses?: Json
  security?: unknown[]
  tags?: string[]
  'x-access'?: Access
}
export type PathItem = Record<string, Operation>

export const AUTH_PREFIX = '/api/auth'
export const AUTH_TAG = 'Sign-in and sessions (Better Auth)'
export const AUTH_TAG_DESCRIPTION =
  "Better Auth's endpoints: sign-up, sign-in with e-mail and password or Google, sessions, e-mail verification and password reset."

/** Better Auth's middlewares that refuse a caller without a session (401). */
const SESSION_MIDDLEWARES = new Set<unknown>([
  sessionMiddleware,
  sensitiveSessionMiddleware,
  freshSessionMiddleware,
  requestOnlySessionMiddleware,
])

/**
 * Endpoints that look the session up in their handler instead (Better Auth's `resolveUserId`):
 * over HTTP they refuse a visitor all the same. api-document.test.ts calls every operation as a
 * visitor, so this list cannot go stale unnoticed.
 */
export const SESSION_CHECKED_IN_HANDLER = new Set([
  '/refresh-token',
  '/get-access-token',
  '/account-info',
])

/**
 * Operations Better Auth documents that our configuration never lets succeed: left out of the
 * document, and answered 405 with `Allow` naming the method that works (auth.routes.ts). Better
 * Auth reads the session by POST only with its deferred session refresh, which we leave off
 * (decision 32): `GET /api/auth/get-session` reads it.
 */
export const NOT_OFFERED: Record<string, { allow: string; code: string }> = {
  'post /get-session': { allow: 'GET', code: 'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED' },
}

const redirect = (description: string) => ({
  description,
  headers: {
    Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
  },
})

/**
 * An `{id}` of `.` or `..` (`%2e%2e` too: URLs read it as a dot segment) makes the path another
 * one, which names no operation: 404. (Our answer for a refusal replaces the description.)
 */
const NO_SUCH_PROVIDER_PATH = {}
const NO_SUCH_PROVIDER_NOTE =
  ' An `{id}` of `.` or `..` (also written `%2e%2e`) makes the path another one: 404.'

const CALLBACK_FIELDS = ['code', 'state', 'error', 'error_description', 'iss', 'device_id', 'user']

interface Correction {
  summary?: string
  description?: string
  /** Answers Better Auth's document lacks (or describes otherwise). */
  responses?: Record<number, unknown>
  /** Answers Better Auth lists by default that this operation never gives. */
  never?: number[]
  parameters?: unknown[]
  requestBody?: unknown
  /** Fields of the JSON body Better Auth documents otherwise (merged in), and which are required. */
  bodyFields?: { properties: Record<string, unknown>; required?: string[] }
}

/** Her name's parts (decision 55), as sign-up and update-user take them, beside `name`. */
const nameParts = (name: string) => ({
  givenName: {
    type: 'string',
    maxLength: NAME_MAX_LENGTH,
    description: 'Her given name: what she is called (greetings use it).',
  },
  familyName: {
    type: 'string',
    maxLength: NAME_MAX_LENGTH,
    description: 'Her family name; may be left out or empty.',
  },
  name: { type: 'string', deprecated: true, description: name },
})
const NAME_ORDER =
  'Her full name (`name`) is composed from `givenName` and `familyName` in the order of the request’s language (its `lang` cookie, then Accept-Language): family name first in Hungarian ("Tóth Réka"), given name first in English, Spanish and German.'

/**
 * Where the server answers otherwise than Better Auth's own document says. Each is kept true by
 * the response check in tests (auth.routes.ts) and by the fuzz test.
 */
const CORRECTIONS: Record<string, Correction> = {
  'get /callback/{id}': {
    summary: 'Where Google sends the browser back after signing in',
    description:
      "The end of a sign-in with Google (OAuth 2.0 authorization code). It always redirects: to the page the sign-in started from (its `callbackURL`) with the session cookie set, or, when the sign-in failed (an unknown `state`, a refused consent...), to the sign-in's error page or `/api/auth/error`, with `?error=<code>`." +
      NO_SUCH_PROVIDER_NOTE,
    responses: {
      302: redirect('To the next page, or to the error page with `?error=<code>`.'),
      404: NO_SUCH_PROVIDER_PATH,
    },
    never: [401, 403],
    parameters: CALLBACK_FIELDS.map((name) => ({
      name,
      in: 'query',
      required: false,
      schema: { type: 'string' },
    })),
  },
  'post /callback/{id}': {
    summary: "Google's answer as a form post",
    description:
      'For a provider that answers with a form post (`response_mode=form_post`): redirects to `GET` of the same path with the fields in the query, which ends the sign-in.' +
      NO_SUCH_PROVIDER_NOTE,
    responses: {
      302: redirect('To `GET` of the same path, the fields in the query.'),
      404: NO_SUCH_PROVIDER_PATH,
    },
    never: [401],
    requestBody: {
      required: false,
      content: Object.fromEntries(
        ['application/x-www-form-urlencoded', 'application/json'].map((type) => [
          type,
          {
            schema: {
              type: 'object',
              properties: Object.fromEntries(CALLBACK_FIELDS.map((f) => [f, { type: 'string' }])),
            },
          },
        ]),
      ),
    },
  },
  // Better Auth reads the account from the query without documenting it. Its alternative,
  // `useAccountCookie=true`, needs the account cookie, which our configuration does not set.
  'get /account-info': {
    parameters: [
      {
        name: 'accountId',
        in: 'query',
        required: true,
        description: 'The linked account (its `id` in `GET /api/auth/list-accounts`).',
        schema: { type: 'string' },
      },
    ],
  },
  'post /change-email': {
    summary: 'Change your sign-in address',
    description:
      'Sends a link to the new address; the address changes only when that link is opened (`GET /api/auth/verify-email`, which then redirects to `callbackURL`, or to it with `?error=EMAIL_TAKEN` or `?error=INVALID_TOKEN`). Until then she signs in with the old address, which gets a notice naming the new one masked. A taken address gets the same answer as a free one, and no e-mail. Accounts without a password are refused with 403 `CHANGE_EMAIL_NEEDS_PASSWORD`; the current address with 400 `EMAIL_IS_THE_SAME`, a malformed one with 400 `INVALID_EMAIL`. A newer request, or a new password, cancels an older link. 5 requests a minute (decision 0042).',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              newEmail: { type: 'string', description: 'The new address.' },
              callbackURL: {
                type: 'string',
                description:
                  'Where the link in the e-mail brings her back to (a path of this site).',
              },
              moveNewsletter: {
                type: 'boolean',
                description:
                  'Whether her newsletter subscription moves to the new address when it is confirmed: whichever she has then, confirmed or still waiting for its link. `false` leaves it on the old address (default true; decision 0048).',
              },
            },
            required: ['newEmail'],
          },
        },
      },
    },
  },
  'post /sign-up/email': {
    description: `Creates the account and e-mails her a link that confirms the address (and signs her in). ${NAME_ORDER} A missing given name is refused with 400 \`GIVEN_NAME_REQUIRED\`, a part longer than 100 characters with 400 \`NAME_TOO_LONG\`, in her language.`,
    bodyFields: {
      properties: nameParts(
        'Her full name in one piece, from clients made before names had two parts: ignored when `givenName` or `familyName` is sent. Sent alone, the account holds only this name (never split by guesswork), and greetings use it until she gives her given name.',
      ),
      required: ['email', 'password'],
    },
  },
  'post /update-user': {
    description: `${NAME_ORDER} Sending one part keeps the other as it was; her profile's full name (\`fullName\` in \`GET /api/me\`) follows. A given name left empty is refused with 400 \`GIVEN_NAME_REQUIRED\`.`,
    bodyFields: {
      properties: nameParts(
        'Her full name in one piece; prefer `givenName` and `familyName`. Sent alone, it replaces her whole name and clears the two parts (greetings then use it until she gives them again).',
      ),
    },
  },
  'get /verify-email': {
    responses: {
      302: redirect('With `callbackURL`: to that page (signed in, when the address is confirmed).'),
    },
  },
  'get /reset-password/{token}': {
    description:
      'The link of a password-reset e-mail. Redirects to `callbackURL` with `?token=…`, or with `?error=INVALID_TOKEN` when the token is unknown or has expired.',
    responses: { 302: redirect('To `callbackURL`, with `?token=…` or `?error=INVALID_TOKEN`.') },
    never: [200],
  },
}

interface AuthEndpoint {
  path?: string
  options?: { method?: string | string[]; use?: unknown[] }
}

/** Who may call each Better Auth endpoint, by `method path` (OpenAPI's `{param}` form). */
function endpointAccess(auth: Auth): Map<string, Access> {
  const access = new Map<string, Access>()
  for (const endpoint of Object.values(auth.api) as AuthEndpoint[]) {
    if (!endpoint.path) continue
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
    const needsSession =
      SESSION_CHECKED_IN_HANDLER.has(endpoint.path) ||
      (endpoint.options?.use ?? []).some((middleware) => SESSION_MIDDLEWARES.has(middleware))
    for (const method of [endpoint.options?.method ?? 'POST'].flat())
      access.set(`${method.toLowerCase()} ${path}`, needsSession ? 'member' : 'public')
  }
  return access
}

const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` })

/**
 * Better Auth's part of the API document: its openAPI plugin's paths under /api/auth, made true
 * to what our server answers (who may call, our error shape, redirects, corrections above), and
 * its models as AuthUser, AuthSession... Built once per auth instance.
 */
export function authDocument(auth: Auth): Promise<{
  paths: Record<string, PathItem>
  schemas: Record<string, unknown>
}> {
  let built = cache.get(auth)
  if (!built) {
    built = buildAuthDocument(auth)
    cache.set(auth, built)
  }
  return built
}
const cache = new WeakMap<Auth, ReturnType<typeof buildAuthDocument>>()

async function buildAuthDocument(auth: Auth) {
  const generated = openApi31(
    renameAuthSchemas(
      (await auth.api.generateOpenAPISchema()) as unknown as {
        paths: Record<string, PathItem>
        components: { schemas: Record<string, Json> }
      },
    ),
  )
  const access = endpointAccess(auth)
  const usedIds = new Set<string>()
  const paths: Record<string, PathItem> = {}
  // Endpoints our configuration turns off answer 404 (auth.ts says why): not in the document.
  const off = new Set(auth.options.disabledPaths ?? [])
  for (const [path, given] of Object.entries(generated.paths)) {
    if (off.has(path)) continue
    const item = Object.fromEntries(
      Object.entries(given).filter(([method]) => !NOT_OFFERED[`${method} ${path}`]),
    )
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method} ${path}`
      const correction = CORRECTIONS[key] ?? {}
      const who = access.get(key)
      if (!who) throw new Error(`Better Auth documents ${key}, which auth.api does not have`)
      const summary = correction.summary ?? operation.description
      if (!summary) throw new Error(`Better Auth's ${key} has no summary: add one to CORRECTIONS`)
      operation.summary = summary
      operation.description = [
        correction.description ??
          (summary === operation.description ? undefined : operation.description),
        `**Who may call:** ${WHO[who]}`,
      ]
        .filter(Boolean)
        .join('\n\n')
      operation.operationId = uniqueOperationId(operation.operationId, method, path, usedIds)
      operation.tags = [AUTH_TAG]
      // A session is optional for public endpoints (sign-out, get-session) and required for the rest.
      operation.security = who === 'public' ? [{}, ...SIGNED_IN] : SIGNED_IN
      operation['x-access'] = who
      if (correction.parameters)
        operation.parameters = [
          ...((operation.parameters as unknown[] | undefined) ?? []),
          ...correction.parameters,
        ]
      if (correction.requestBody) operation.requestBody = correction.requestBody
      if (correction.bodyFields) mergeBodyFields(operation, correction.bodyFields)
      const never = new Set((correction.never ?? []).map(String))
      const responses: Json = Object.fromEntries(
        Object.entries({ ...operation.responses, ...correction.responses })
          .filter(([status]) => !never.has(status))
          // Our server answers Better Auth's refusals as { code, message } in the user's language.
          .map(([status, answer]) => [
            status,
            Number(status) >= 400 ? errorRef(Number(status)) : answer,
          ]),
      )
      const common = [...ANY_ROUTE, ...(CHANGES.has(method) ? ANY_CHANGE : []), 429]
      if (who === 'member') common.push(401)
      for (const status of common) responses[status] ??= errorRef(status)
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
      )
    }
    paths[`${AUTH_PREFIX}${path}`] = item
  }
  // Better Auth's models that no operation refers to (Account, RateLimit...) are left out.
  const referred = JSON.stringify(paths)
  const schemas = Object.fromEntries(
    Object.entries(generated.components.schemas)
      .map(([name, schema]) => [`Auth${name}`, schema] as const)
      .filter(([name]) => referred.includes(`"#/components/schemas/${name}"`)),
  )
  return { paths, schemas }
}

/** Correction.bodyFields: merged into the JSON body's schema Better Auth wrote. */
function mergeBodyFields(operation: Operation, fields: NonNullable<Correction['bodyFields']>) {
  const body = operation.requestBody as
    | { content?: Record<string, { schema?: Json & { properties?: Json; required?: string[] } }> }
    | undefined
  const schema = body?.content?.['application/json']?.schema
  if (!schema) throw new Error(`${operation.operationId ?? 'an operation'} has no JSON body`)
  schema.properties = { ...schema.properties, ...fields.properties }
  if (fields.required) schema.required = fields.required
}

/**
 * Better Auth's own operationId (or one from its path), prefixed `auth`: ours begin with their
 * method (`getSession` is GET /api/session), so the two never meet.
 */
function uniqueOperationId(
  given: string | undefined,
  method: string,
  path: string,
  used: Set<string>,
): string {
  const words = path.split('/').filter((part) => part && !part.startsWith('{'))
  const base = given ?? words.join('-').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())
  let id = `auth${base.charAt(0).toUpperCase()}${base.slice(1)}`
  if (used.has(id)) id += method.charAt(0).toUpperCase() + method.slice(1)
  used.add(id)
  return id
}

/** Better Auth's models (User, Session...) are AuthUser, AuthSession... beside ours. */
function renameAuthSchemas<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replace(
      /"#\/components\/schemas\/([A-Za-z]+)"/g,
      '"#/components/schemas/Auth$1"',
    ),
  ) as T
}

/**
 * OpenAPI 3.0's `nullable: true`, which Better Auth still writes, as 3.1 says it: `null` among
 * the types (`anyOf` with `null` beside a reference).
 */
function openApi31<T>(value: T): T {
  if (Array.isArray(value)) return value.map(openApi31) as T
  if (typeof value !== 'object' || value === null) return value
  const { nullable, ...rest } = value as Json
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, openApi31(v)])) as Json
  if (nullable !== true) return out as T
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] } as T
  if (Array.isArray(out.type))
    return { ...out, type: out.type.includes('null') ? out.type : [...out.type, 'null'] } as T
  return { anyOf: [out, { type: 'null' }] } as T
}

/** The documented operation a request reaches under /api/auth, if any (`path` without prefix). */
export function findAuthOperation(
  paths: Record<string, PathItem>,
  method: string,
  path: string,
): Operation | undefined {
  const candidates = Object.entries(paths)
    .filter(([template]) =>
      new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(`${AUTH_PREFIX}${path}`),
    )
    // The most literal template first: /reset-password before /reset-password/{token}.
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
  const wanted = method === 'HEAD' ? 'get' : method.toLowerCase()
  return candidates.map(([, item]) => item[wanted]).find(Boolean)
}
