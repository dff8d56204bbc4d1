import { resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi'
import type { ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { apiErrorSchema } from '#shared/api-error.ts'
import type { AppEnv } from './app-env.ts'

/** Who may call a route: anyone, a signed-in member (any role), or an admin. */
export type Access = 'public' | 'member' | 'admin' | 'door'

/** The document's sections, in the order the reference shows them. */
export const API_TAGS = {
  account: 'Account',
  newsletter: 'Newsletter',
  events: 'Events',
  klikk: 'Klikk',
  live: 'Live',
  media: 'Media',
  health: 'Health',
  admin: 'Admin',
  adminEvents: 'Admin: events',
  door: 'Door',
  adminNewsletter: 'Admin: newsletter campaigns',
  mailWebhooks: 'Mail provider webhooks',
  reference: 'Reference',
} as const
type Tag = (typeof API_TAGS)[keyof typeof API_TAGS]

/** What each section holds, for the reference page. */
export const TAG_DESCRIPTIONS: Record<Tag, string> = {
  Account: "The signed-in member's own account: profile, avatar, reminders, sessions, deletion.",
  Newsletter:
    'Subscribing and unsubscribing (a visitor confirms by an e-mailed link), and published issues.',
  Events: 'Klikk evenings for members: what is coming, registering, calendar files, people met.',
  Klikk:
    "After an evening: whom she'd meet again among the women she sat with, her matches and what they share, her blocks. Picks are private: no answer tells anyone she was picked unless it is mutual.",
  Live: 'What a screen or a phone shows during an evening: its state, and streams of changes (server-sent events).',
  Media: 'Avatars and event images.',
  Health: 'Whether the server is up, and ready (its database reachable).',
  Admin:
    "For admins: the first admin's setup, users and roles, newsletter subscribers, site settings.",
  'Admin: events': 'For admins: events, tables, participants, rounds and seating.',
  Door: "Check-in at the door: admins, and the event's door helpers.",
  'Admin: newsletter campaigns': 'For admins: newsletter campaigns, from draft to sent.',
  'Mail provider webhooks':
    "For mail providers: bounces and spam complaints, each authenticated by the provider's own means. An address the newsletter does not know is accepted and ignored.",
  Reference: 'This document and its reference page.',
}

/** Refusals a route may answer with `{ code, message }`, beyond the ones its access implies. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429
// 503: readiness answers its own body when the database is away.
type SuccessStatus = 200 | 201 | 503

type Success =
  | { description: string; json: z.ZodType }
  | { description: string; media: string; schema?: Record<string, unknown> }

export interface RouteDoc {
  summary: string
  description?: string
  tag: Tag
  access: Access
  /** What the route answers when it succeeds, by status. */
  responses: Partial<Record<SuccessStatus, Success>>
  /** The route's own refusals (validation, not found, conflict, rate limit...). */
  errors?: readonly ErrorStatus[]
  /** Parameters no validator describes (a query read by hand). */
  parameters?: DescribeRouteOptions['parameters']
}

/** Every request may be refused before a route sees it (request guard) or fail on our side. */
const ANY_ROUTE: readonly number[] = [400, 500, 503]
/** Changes are also refused from foreign pages, with a body that is not JSON, or too large. */
const ANY_CHANGE: readonly number[] = [403, 413, 415]
const CHANGES = new Set(['post', 'put', 'patch', 'delete'])

/** The statuses a route may answer: its own, what its access implies, and the request guard's. */
export function possibleStatuses(doc: RouteDoc, method: string): Set<number> {
  const statuses = new Set<number>([
    ...Object.keys(doc.responses).map(Number),
    ...(doc.errors ?? []),
    ...ANY_ROUTE,
  ])
  if (doc.access !== 'public') statuses.add(401)
  if (doc.access === 'admin' || doc.access === 'door') statuses.add(403)
  if (CHANGES.has(method.toLowerCase())) for (const status of ANY_CHANGE) statuses.add(status)
  return statuses
}

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token, for native apps: the `set-auth-token` header (or the `token` field) of a sign-in answer. Send it as `Authorization: Bearer <token>`.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      "The browser session of the site's own pages (`__Secure-` prefixed over https). Changes need the site's own Origin.",
  },
} as const

export const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { session: [] }]
export const WHO: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  member: 'Signed-in members (any role).',
  admin: 'Admins only.',
  door: "Admins, and the event's door helpers from two hours before its start until it ends.",
}

/** The reference of a shared error response (components.responses, see errorResponses). */
const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` })

function operation(doc: RouteDoc): DescribeRouteOptions {
  const responses: NonNullable<DescribeRouteOptions['responses']> = {}
  for (const [status, success] of Object.entries(doc.responses)) {
    responses[status] =
      'json' in success
        ? {
            description: success.description,
            content: { 'application/json': { schema: resolver(success.json) } },
          }
        : {
            description: success.description,
            content: { [success.media]: { schema: success.schema ?? { type: 'string' } } },
          }
  }
  for (const status of doc.errors ?? []) responses[status] = errorRef(status)
  if (doc.access !== 'public') responses[401] = errorRef(401)
  if (doc.access === 'admin' || doc.access === 'door') responses[403] = errorRef(403)
  return {
    summary: doc.summary,
    description: [doc.description, `**Who may call:** ${WHO[doc.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [doc.tag],
    ...(doc.parameters ? { parameters: doc.parameters } : {}),
    security: doc.access === 'public' ? [] : SIGNED_IN,
    responses,
    // For tools: the same as the description's "who may call", as a value.
    ...({ 'x-access': doc.access } as object),
  }
}

/**
 * A route's entry in the API document (/api/openapi.json), as a middleware placed first in its
 * chain: summary, who may call it, and each answer with its schema. Parameters and bodies come
 * from the route's validators (jsonBody, pathIds, queryParams), so they are never written twice.
 *
 * In tests (`checkResponses`), it also checks every answer the route gives against what it
 * documents: a status it does not list, or a JSON body its schema refuses, becomes a 500 that
 * names the difference, so the whole API test suite keeps the document honest.
 */
export function documented(doc: RouteDoc) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    await next()
    if (c.get('checkResponses')) {
      const problem = await differenceFromDocument(doc, c.req.method, c.res)
      if (problem) {
        c.res = undefined
        c.res = differsFromDocument(c.req.method, c.req.path, problem)
      }
    }
  })
  return Object.assign(middleware, { [uniqueSymbol]: { spec: operation(doc) } })
}

/** Tests: the 500 that replaces an answer the API document does not describe, naming why. */
export function differsFromDocument(method: string, path: string, problem: string): Response {
  return Response.json(
    {
      code: 'internal_error',
      message: `${method} ${path}: the answer differs from the API document: ${problem}`,
    },
    { status: 500 },
  )
}

async function differenceFromDocument(
  doc: RouteDoc,
  method: string,
  response: Response,
): Promise<string | null> {
  const status = response.status
  // Not modified: the client's cached copy of the documented answer.
  if (status === 304) return null
  if (!possibleStatuses(doc, method).has(status)) return `status ${status} is not documented`
  const success = doc.responses[status as SuccessStatus]
  const type = response.headers.get('content-type') ?? ''
  if (success && 'media' in success)
    return type.startsWith(success.media.replace(/\*$/, ''))
      ? null
      : `content type ${type}, not ${success.media}`
  if (!type.startsWith('application/json')) return `content type ${type}, not JSON`
  const schema = success ? success.json : apiErrorSchema
  const parsed = schema.safeParse(await response.clone().json())
  return parsed.success ? null : JSON.stringify(parsed.error.issues.slice(0, 3))
}

/**
 * Puts a validator's schema into the API document (as hono-openapi's own validator does), while
 * the validator keeps our error answers: `{ code, message }` in the user's language.
 */
export function withSchema<M extends object>(
  middleware: M,
  target: keyof ValidationTargets,
  schema: z.ZodType,
): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } })
}

/** A query read by hand (not through a validator) as the document's parameters. */
export function queryParameters(schema: z.ZodObject): DescribeRouteOptions['parameters'] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, Record<string, unknown>>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }))
}

/** components.responses: one `{ code, message }` answer per error status. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed, or a field is invalid (`fields` then names each, with its message).',
  401: 'Not signed in: no session, or it has ended (signed out, revoked, expired).',
  403: 'Not allowed: a member who is not an admin, a change from a foreign page, or a confirmation that is missing.',
  404: 'Not found (a malformed id is not found either).',
  405: 'Not offered with this method (the description says which to use).',
  409: 'Conflicts with the current state (the `code` and `message` say which).',
  413: 'The body is too large (64 KB; image uploads 5 MB).',
  422: 'Refused by the sign-in service (the address is already taken, say).',
  415: 'The body is neither JSON (`application/json`) nor an image upload (`multipart/form-data`).',
  429: 'Too many requests from this address; `Retry-After` says in how many seconds to try again.',
  500: 'Our mistake.',
  503: 'The database is unavailable for a moment; `Retry-After` says when to try again.',
}
export { ANY_CHANGE, ANY_ROUTE, CHANGES }
