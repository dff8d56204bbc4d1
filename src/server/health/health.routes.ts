import { Hono } from 'hono'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'

const readinessSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().optional(),
    migrations: z.number().int().optional(),
  }),
})

/** Readiness answers within this long, whatever the database does (a hung server included). */
export const READINESS_TIMEOUT_MS = 1_500

/** `work`'s result, or `fallback` when it takes longer than `ms`. */
async function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(resolve, ms, fallback)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GET /api/health: readiness. 200 when this process can serve, which needs the database; 503
 * (within 1.5 s) while the database is unavailable, so a load balancer sends traffic elsewhere.
 * GET /api/health/live: liveness. 200 while the process runs and answers HTTP, whatever the
 * database does: an orchestrator must not restart a server for a database outage, which it
 * rides out by itself.
 */
export function healthRoutes(database: Database) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: 'Readiness',
        description: 'For load balancers: 503 (within 1.5 s) while the database is unavailable.',
        tag: API_TAGS.health,
        access: 'public',
        responses: {
          200: { description: 'Ready.', json: readinessSchema },
          503: { description: 'The database is unavailable.', json: readinessSchema },
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store')
        const started = performance.now()
        const unreachable = { ok: false as const, error: 'timed out' }
        const ping = await within(database.ping(), READINESS_TIMEOUT_MS, unreachable)
        let migrations: number | null = null
        if (ping.ok) {
          // What is left of the time limit, with a floor: the answer still comes within 2 s.
          const left = Math.max(250, READINESS_TIMEOUT_MS - (performance.now() - started))
          try {
            migrations = await within(database.appliedMigrations(), left, null)
          } catch (error) {
            // A database that answers but is broken is a bug to report (500), not an outage.
            if (!isDatabaseUnavailable(error)) throw error
          }
        }
        if (!ping.ok || migrations === null) {
          c.var.log.error(
            { err: ping.ok ? 'migrations ledger unreadable' : ping.error },
            'health check: database unreachable',
          )
          return c.json(
            { status: 'error' as const, database: { driver: database.driver, ok: false as const } },
            503,
          )
        }
        return c.json({
          status: 'ok' as const,
          database: {
            driver: database.driver,
            ok: true as const,
            latencyMs: ping.latencyMs,
            migrations,
          },
        })
      },
    )
    .get(
      '/live',
      documented({
        summary: 'Liveness',
        description:
          'For orchestrators: 200 while the process answers, whatever the database does.',
        tag: API_TAGS.health,
        access: 'public',
        responses: {
          200: { description: 'Alive.', json: z.object({ status: z.literal('ok') }) },
        },
      }),
      (c) => {
        c.header('Cache-Control', 'no-store')
        return c.json({ status: 'ok' as const })
      },
    )
}
