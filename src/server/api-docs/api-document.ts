import { generateSpecs, resolver } from 'hono-openapi'
import type { Hono } from 'hono'
import { apiErrorSchema } from '#shared/api-error.ts'
import { liveStateSchema } from '#shared/live-state.ts'
import type { Auth } from '../auth/auth.ts'
import { AUTH_TAG, AUTH_TAG_DESCRIPTION, authDocument, type PathItem } from './auth-operations.ts'
import {
  ANY_CHANGE,
  ANY_ROUTE,
  API_TAGS,
  CHANGES,
  ERROR_DESCRIPTIONS,
  SECURITY_SCHEMES,
  TAG_DESCRIPTIONS,
} from '../http/openapi.ts'

type Json = Record<string, unknown>

export const API_PREFIX = '/api'

const DESCRIPTION = `The API of Lendület's site and mobile app. Every route is under \`/api\`.

**Signing in from an app.** \`POST /api/auth/sign-in/email\` (or \`POST /api/auth/sign-in/social\`
with \`{ "provider": "google", "idToken": { "token": "…" } }\` from native Google Sign-In) answers
with the session token in the \`set-auth-token\` header. Send it as \`Authorization: Bearer <token>\`
on every call; \`POST /api/auth/sign-out\` with it ends the session. Members see and end their
sessions at \`/api/account/sessions\`.

**Errors.** Every refusal is \`{ "code": "…", "message": "…" }\` (a form's also has \`fields\`),
the message in the caller's language: \`?lang=hu|en|es|de\`, then the \`lang\` cookie, then
\`Accept-Language\`, then Hungarian. Rate limits, roles and messages are the same for bearer and
cookie sessions.

**Browsers on other sites** may call the API only when the server lists their origin
(CORS_ORIGINS), and then without cookies.

**Live updates.** \`GET /api/events/{id}/live\` is a server-sent events stream: a \`state\` event
(a \`LiveState\`) at once and after every change, a comment every 30 s.`

/** The OpenAPI 3.1 document of every /api route: ours from their validators and docs, and Better Auth's. */
export async function buildApiDocument(api: Hono<never, never, never>, auth: Auth) {
  const ours = await generateSpecs(api as unknown as Hono, {
    documentation: {
      info: { title: 'Lendület API', version: '1.0.0', description: DESCRIPTION },
    },
    defaultValidationErrorResponse: false,
    excludeStaticFile: false,
  })
  const paths: Record<string, PathItem> = {}
  for (const [path, item] of Object.entries(ours.paths)) {
    const operations = item as PathItem
    for (const [method, operation] of Object.entries(operations)) {
      const common = [...ANY_ROUTE, ...(CHANGES.has(method) ? ANY_CHANGE : [])]
      const responses = operation.responses ?? {}
      for (const status of common) responses[status] ??= errorRef(status)
      operation.responses = sortedByStatus(responses)
    }
    paths[`${API_PREFIX}${path === '/' ? '' : path}`] = operations
  }

  const better = await authDocument(auth)
  Object.assign(paths, better.paths)

  const schemas: Record<string, unknown> = { ...ours.components.schemas }
  Object.assign(schemas, better.schemas)
  schemas.ApiError = (await resolver(apiErrorSchema).toOpenAPISchema()).schema
  schemas.LiveState = (await resolver(liveStateSchema).toOpenAPISchema()).schema

  // Every error response an operation refers to, described once.
  const referred = new Set(
    [...JSON.stringify(paths).matchAll(/#\/components\/responses\/Error(\d{3})/g)].map((m) =>
      Number(m[1]),
    ),
  )
  const responses: Record<string, unknown> = {}
  for (const status of [...referred].sort())
    responses[`Error${status}`] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Refused.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    }

  return {
    openapi: '3.1.0',
    info: ours.info,
    // Relative: the server that serves this document (paths begin with /api).
    servers: [{ url: '/', description: 'The server that serves this document.' }],
    // Anonymous unless an operation says otherwise (members and admins: bearer or session).
    security: [],
    tags: [
      ...Object.values(API_TAGS).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      { name: AUTH_TAG, description: AUTH_TAG_DESCRIPTION },
    ],
    paths,
    components: {
      schemas: sortedByKey(schemas),
      parameters: ours.components.parameters,
      responses,
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}

export type ApiDocument = Awaited<ReturnType<typeof buildApiDocument>>

const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` })

const sortedByStatus = (responses: Json) =>
  Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)))
const sortedByKey = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)))
