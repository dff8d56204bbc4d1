import { Hono } from 'hono'
import { watchDatabase } from '../db/unavailable.ts'
import type { AppEnv } from '../http/app-env.ts'
import { apiErrorSchema, type ErrorCode } from '#shared/api-error.ts'
import {
  AUTH_PREFIX,
  NOT_OFFERED,
  SESSION_CHECKED_IN_HANDLER,
  authDocument,
  findAuthOperation,
} from '../api-docs/auth-operations.ts'
import { ApiError } from '../http/api-error.ts'
import { differsFromDocument } from '../http/openapi.ts'
import { errorMessage, hasErrorMessage, type ErrorMessageKey } from '../i18n.ts'
import { CLIENT_IP_HEADER, type Auth } from './auth.ts'

/**
 * Better Auth's standard endpoints under /api/auth. Two things happen on the way: the client's
 * address goes into a header only the server can set (rate limits and sessions use it), and error
 * answers become our `{ code, message }`, the message in the user's language (Better Auth's code
 * kept; an empty answer, such as its 404 for an unknown path, gets ours). Better Auth answers
 * its own 500 when the database fails: when that was the database being unavailable, the answer
 * is the same 503 `database_unavailable` as everywhere else.
 */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER)
    if (c.var.clientAddress) headers.set(CLIENT_IP_HEADER, c.var.clientAddress)
    // Better Auth reads Sec-Fetch-* as "a browser sent this" and then insists on an Origin.
    // Browsers send Origin with every POST, and a cross-site form cannot send JSON (request
    // guard), so a request with neither Origin nor cookies is an app's (Node's fetch adds
    // Sec-Fetch-Mode by itself): the headers are dropped and it signs in like any native app.
    if (!headers.has('origin') && !headers.has('cookie'))
      for (const name of ['sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'])
        headers.delete(name)
    const operationPath = c.req.path.slice(AUTH_PREFIX.length)
    // An operation that never succeeds here is answered before Better Auth reads anything.
    const notOffered = NOT_OFFERED[`${c.req.method.toLowerCase()} ${operationPath}`]
    if (notOffered) {
      const { allow, code } = notOffered
      const message = errorMessage(c.var.language, `auth.${code}` as ErrorMessageKey)
      return c.json({ code, message }, 405, { Allow: allow })
    }
    // These look the session up only after checking their input: a visitor would hear that her
    // input is wrong before hearing that she must sign in (the document promises the 401).
    if (
      SESSION_CHECKED_IN_HANDLER.has(operationPath) &&
      !(await auth.api.getSession({ headers }).catch(() => null))
    )
      throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
    const request = new Request(c.req.raw.url, {
      // Better Auth's router knows no HEAD (an empty 404): it is asked for the GET, and Hono
      // sends its headers without the body, as for our own routes.
      method: c.req.method === 'HEAD' ? 'GET' : c.req.method,
      headers,
      // Through Hono's body cache: the request guard has already read a JSON body.
      // HEAD is routed as GET, and neither may carry a body (new Request would throw).
      body: ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer(),
      duplex: 'half',
    } as RequestInit)
    const { value: response, databaseUnavailable } = await watchDatabase(() =>
      auth.handler(request),
    )
    if (databaseUnavailable && response.status >= 500) {
      const message = errorMessage(c.var.language, 'databaseUnavailable')
      return c.json({ code: 'database_unavailable', message }, 503, { 'Retry-After': '5' })
    }
    const answer = response.status >= 400 ? await asApiError(response, c.var.language) : response
    if (!c.var.checkResponses) return answer
    const problem = await differenceFromDocument(auth, c.req.method, c.req.path, answer)
    return problem ? differsFromDocument(c.req.method, c.req.path, problem) : answer
  })
}

type Language = AppEnv['Variables']['language']

/** What an error of Better Auth's says when its code has no message of ours, by status. */
function fallbackKey(status: number): ErrorMessageKey {
  if (status === 401) return 'auth.unauthorized'
  if (status === 403) return 'auth.forbidden'
  if (status === 404) return 'notFound'
  if (status === 429) return 'auth.tooManyRequests'
  if (status >= 500) return 'internal'
  return 'auth.genericError'
}

/**
 * A refusal of Better Auth's as `{ code, message }`: its code kept, the message in the user's
 * language. Its router answers an unknown path with an empty 404: that becomes our `not_found`.
 */
async function asApiError(response: Response, language: Language): Promise<Response> {
  const { status } = response
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  const body = isJson
    ? ((await response
        .clone()
        .json()
        .catch(() => null)) as { code?: unknown } | null)
    : null
  const given = typeof body?.code === 'string' && body.code ? body.code : undefined
  const code =
    status === 429 ? 'TOO_MANY_REQUESTS' : (given ?? STATUS_CODES[status] ?? 'AUTH_ERROR')
  const key = `auth.${code}`
  const message = errorMessage(language, hasErrorMessage(key) ? key : fallbackKey(status))
  const out = new Response(JSON.stringify({ code, message }), {
    status,
    headers: response.headers,
  })
  out.headers.set('content-type', 'application/json')
  out.headers.delete('content-length')
  return out
}

/** The code of a Better Auth refusal that came without one (an empty 404, a bare 401). */
const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal_error',
}

/**
 * Tests (`checkResponses`): whether Better Auth's answer is one the API document lists for the
 * operation (its status; `{ code, message }` for a refusal; a Location for a redirect). A path
 * the document does not have must be our 404.
 */
async function differenceFromDocument(
  auth: Auth,
  method: string,
  path: string,
  response: Response,
): Promise<string | null> {
  const { paths } = await authDocument(auth)
  const operation = findAuthOperation(paths, method, path.slice(AUTH_PREFIX.length))
  const status = response.status
  if (!operation) {
    if (status !== 404) return `status ${status} for a path the document does not have`
  } else if (!Object.hasOwn(operation.responses ?? {}, String(status)))
    return `status ${status} is not documented`
  if (status >= 300 && status < 400 && !response.headers.has('location'))
    return `a ${status} without Location`
  if (status < 400) return null
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('application/json')) return `content type ${type}, not JSON`
  const parsed = apiErrorSchema.safeParse(await response.clone().json())
  return parsed.success ? null : JSON.stringify(parsed.error.issues.slice(0, 3))
}
