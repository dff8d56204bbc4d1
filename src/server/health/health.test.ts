import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { apiErrorSchema } from '../../shared/api-error.ts'
import { createTestApp } from '../test/test-app.ts'

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
