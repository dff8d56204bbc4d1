import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client.ts'
import { rateLimit as rateLimitTable } from '../db/schema/auth.ts'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'

export interface RateLimitRule {
  /** Names the counter; requests to routes with the same name count together. */
  name: string
  windowSeconds: number
  max: number
  /**
   * Whom the window counts: each client address (the default), everyone together, or each
   * signed-in member (behind requireUser; her picks, wherever she sends them from).
   */
  per?: 'address' | 'site' | 'member'
}

/**
 * A fixed-window limit per client address, counted in the database (Better Auth's rate_limit
 * table) so that every server process shares it. One upsert per request: no read-then-write race.
 */
export function rateLimit(db: Db, rule: RateLimitRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const address =
      rule.per === 'site'
        ? 'everyone'
        : rule.per === 'member'
          ? `member:${c.var.user?.id ?? 'unknown'}`
          : (c.var.clientAddress ?? 'unknown')
    const key = `app:${rule.name}:${address}`
    const now = Date.now()
    const windowStart = now - rule.windowSeconds * 1000
    const [row] = await db
      .insert(rateLimitTable)
      .values({ id: randomUUID(), key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimitTable.key,
        set: {
          count: sql`case when ${rateLimitTable.lastRequest} < ${windowStart} then 1 else ${rateLimitTable.count} + 1 end`,
          lastRequest: sql`case when ${rateLimitTable.lastRequest} < ${windowStart} then ${now} else ${rateLimitTable.lastRequest} end`,
        },
      })
      .returning({ count: rateLimitTable.count, lastRequest: rateLimitTable.lastRequest })
    if (row && row.count > rule.max) {
      const retryAfter = Math.max(
        1,
        Math.ceil((row.lastRequest + rule.windowSeconds * 1000 - now) / 1000),
      )
      c.header('Retry-After', String(retryAfter))
      throw new ApiError(429, 'too_many_requests', 'auth.tooManyRequests')
    }
    await next()
  })
}
