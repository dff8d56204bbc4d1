import { createHash, timingSafeEqual } from 'node:crypto'
import type { Handler } from 'hono'
import type { Registry } from 'prom-client'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `Authorization: Bearer <token>` names the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? ''
  // Digests of equal length: the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(given), digest(token)) && given !== ''
}

/**
 * GET /metrics on the main port: the registry in the Prometheus text format, for a scraper
 * that sends METRICS_TOKEN as a bearer token. Without a token configured, there is nothing here
 * (404, as an unknown API path); METRICS_PORT serves the same without a token on its own port.
 */
export function metricsRoute(registry: Registry, token: string | undefined): Handler<AppEnv> {
  return async (c) => {
    if (!token) throw new ApiError(404, 'not_found', 'notFound')
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new ApiError(401, 'unauthorized', 'metrics.tokenRequired')
    }
    return c.body(await registry.metrics(), 200, {
      'Content-Type': registry.contentType,
      'Cache-Control': 'no-store',
    })
  }
}
