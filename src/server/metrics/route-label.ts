import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { RouterRoute } from 'hono/types'

/** A middleware for many paths (the request guard, CORS, the file server): it stands for no route. */
const isSharedMiddleware = (route: RouterRoute) =>
  route.path.endsWith('*') && route.handler.length >= 2

/**
 * The route a request is counted under: its pattern as registered (`/api/events/:id`), never
 * the path itself, so that ids do not become labels. When a shared middleware answered (a file
 * served, a request refused), the route the request was meant for, the first handler after it.
 * The web app's files and pages are one label, `static`; what reached no route is `unmatched`
 * (the API's not-found answer too).
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c)
  const route = routes.find((r, index) => index >= c.req.routeIndex && !isSharedMiddleware(r))
  if (!route) return 'unmatched'
  if (route.method === 'ALL' && route.path.endsWith('*')) return 'unmatched'
  if (route.path === '/*') return 'static'
  return route.path
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The request's method, or `other` for the rest (a label's values stay few). */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other')
