import { Hono } from 'hono'
import { watchDatabase } from '../db/unavailable.ts'
import type { AppEnv } from '../http/app-env.ts'
import { errorMessage, hasErrorMessage } from '../i18n.ts'
import { CLIENT_IP_HEADER, type Auth } from './auth.ts'

/**
 * Better Auth's standard endpoints under /api/auth. Two things happen on the way: the client's
 * address goes into a header only the server can set (rate limits and sessions use it), and error
 * answers get their message in the user's language, keeping Better Auth's code. Better Auth answers
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
    const request = new Request(c.req.raw.url, {
      method: c.req.method,
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
    if (
      response.status < 400 ||
      !response.headers.get('content-type')?.includes('application/json')
    ) {
      return response
    }
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; message?: string } | null
    const code = response.status === 429 ? 'TOO_MANY_REQUESTS' : (body?.code ?? 'AUTH_ERROR')
    const key = response.status === 429 ? 'auth.tooManyRequests' : `auth.${code}`
    const message = hasErrorMessage(key)
      ? errorMessage(c.var.language, key)
      : (body?.message ?? errorMessage(c.var.language, 'auth.genericError'))
    const out = new Response(JSON.stringify({ code, message }), {
      status: response.status,
      headers: response.headers,
    })
    out.headers.set('content-type', 'application/json')
    out.headers.delete('content-length')
    return out
  })
}
