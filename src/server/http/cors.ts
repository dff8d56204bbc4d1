import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

export interface ApiCorsOptions {
  /** CORS_ORIGINS: the other sites whose pages may read our answers. */
  origins: readonly string[]
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

/**
 * Hono's CORS middleware, with the same headers on every answer, at a lower cost per request.
 * Preflights (OPTIONS) are Hono's own. Any other request gets, once its answer is made,
 * `Access-Control-Allow-Origin` when its Origin is listed, `Access-Control-Expose-Headers`, and
 * `Vary: Origin` appended, as Hono's would give it. Hono's sets the first two on the context's
 * response before the route runs and appends Vary with `c.header()` after: both make Hono copy
 * the route's answer into a new Response, and @hono/node-server then streams that copy's body
 * instead of writing its bytes at once (decision 0036). Here the headers go onto the answer
 * itself, which is copied only when its headers cannot be changed (a Response.redirect(), a
 * fetch()'s answer).
 */
export function apiCors(options: ApiCorsOptions): MiddlewareHandler {
  const listed = new Set(options.origins)
  const preflight = cors({
    origin: (origin) => (listed.has(origin) ? origin : null),
    allowMethods: options.allowMethods,
    allowHeaders: options.allowHeaders,
    exposeHeaders: options.exposeHeaders,
    maxAge: options.maxAge,
  })
  const exposed = options.exposeHeaders.join(',')
  return async function apiCors(c, next) {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const origin = c.req.header('origin')
    await next()
    const allowed = origin !== undefined && listed.has(origin)
    withHeaders(c, (headers) => {
      if (allowed) headers.set('Access-Control-Allow-Origin', origin)
      headers.set('Access-Control-Expose-Headers', exposed)
      headers.append('Vary', 'Origin')
    })
  }
}

/**
 * Changes the headers of the context's answer; an answer whose headers are immutable (a
 * Response.redirect(), a fetch()'s answer) is first replaced by a copy, as Hono's c.header() does.
 */
export function withHeaders(c: Context, change: (headers: Headers) => void): void {
  try {
    change(c.res.headers)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const answer = c.res
    c.res = undefined
    c.res = new Response(answer.body, answer)
    change(c.res.headers)
  }
}
