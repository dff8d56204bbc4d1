import { Hono } from 'hono'
import type { Database } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'

export function healthRoutes(database: Database) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const ping = await database.ping()
    if (!ping.ok) {
      c.var.log.error({ err: ping.error }, 'health check: database unreachable')
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
        migrations: await database.appliedMigrations(),
      },
    })
  })
}
