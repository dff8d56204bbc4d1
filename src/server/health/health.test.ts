import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiErrorSchema } from '#shared/api-error.ts'
import type { Database } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { createLogger } from '../logger.ts'
import { createTestApp } from '../test/test-app.ts'
import { healthRoutes, READINESS_TIMEOUT_MS } from './health.routes.ts'

describe('GET /api/health', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('reports a reachable database and its applied migrations', async () => {
    const harness = await createTestApp()
    const { app } = harness
    close = harness.close

    const response = await app.request('/api/health')

    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      status: 'ok',
      database: { driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ok: true },
    })
    expect(body.database.migrations).toBeGreaterThanOrEqual(1)
  })

  it('answers 503 when the database is gone', async () => {
    const { app, database, stop } = await createTestApp()
    await stop()
    await database.close()

    const response = await app.request('/api/health')

    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'error', database: { ok: false } })
  })
})

describe('readiness and liveness', () => {
  /** The health routes on a stand-in database that behaves as told. */
  function healthOf(database: Partial<Database>) {
    const app = new Hono<AppEnv>()
    app.use(async (c, next) => {
      c.set('log', createLogger('silent'))
      await next()
    })
    return app.route('/api/health', healthRoutes({ driver: 'postgres', ...database } as Database))
  }
  const unreachable = () =>
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })

  it('answers readiness 503 within its time limit when the database does not answer at all', async () => {
    const app = healthOf({ ping: () => new Promise(() => {}) })
    const started = performance.now()
    const response = await app.request('/api/health')
    const elapsed = performance.now() - started
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      status: 'error',
      database: { driver: 'postgres', ok: false },
    })
    expect(elapsed).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50)
    expect(elapsed).toBeLessThan(2_000)
  })

  it('answers readiness 503 when the database goes away between its two reads', async () => {
    const app = healthOf({
      ping: async () => ({ ok: true, latencyMs: 1 }),
      appliedMigrations: () => Promise.reject(unreachable()),
    })
    const response = await app.request('/api/health')
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('answers liveness 200 whatever the database does', async () => {
    const app = healthOf({ ping: () => new Promise(() => {}) })
    const response = await app.request('/api/health/live')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

describe('API errors', () => {
  it('answers an unknown /api path with 404 { code, message } in the requested language', async () => {
    const { app, close } = await createTestApp()
    try {
      const german = await app.request('/api/no-such-thing', { headers: { cookie: 'lang=de' } })
      expect(german.status).toBe(404)
      expect(await german.json()).toEqual({
        code: 'not_found',
        message: 'Wir konnten nicht finden, wonach du suchst.',
      })

      const hungarian = await app.request('/api/no-such-thing')
      expect(await hungarian.json()).toEqual({
        code: 'not_found',
        message: 'Nem találjuk, amit keresel.',
      })
    } finally {
      await close()
    }
  })

  it('answers 503 database_unavailable in the requested language when the database is unreachable', async () => {
    const { app, database, close } = await createTestApp()
    const headers = {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      cookie: 'lang=en',
    }
    const subscribe = () =>
      app.request('/api/newsletter/subscribe', {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'outage@example.com', name: 'Outage' }),
      })
    try {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      })
      const insert = vi.spyOn(database.db, 'insert').mockImplementation(() => {
        throw refused
      })
      const response = await subscribe()
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('5')
      expect(await response.json()).toEqual({
        code: 'database_unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      })

      // A library's own error (Better Auth wraps the database's) while the database is known
      // to be down is the same outage.
      insert.mockImplementation(() => {
        throw new Error('FAILED_TO_GET_SESSION')
      })
      database.available = () => false
      expect((await subscribe()).status).toBe(503)
      database.available = () => true
      expect((await subscribe()).status).toBe(500)
      insert.mockRestore()
    } finally {
      await close()
    }
  })

  it('turns an unexpected failure into 500 { code, message } without a stack trace', async () => {
    const { app, database, close } = await createTestApp()
    try {
      // Break the database under the handler: the migrations ledger disappears.
      await database.db.execute(sql`drop table drizzle.__drizzle_migrations`)

      const response = await app.request('/api/health?lang=en')

      expect(response.status).toBe(500)
      const body = await response.json()
      expect(apiErrorSchema.strict().parse(body)).toEqual({
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      })
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|Error:/)
    } finally {
      await close()
    }
  })
})
