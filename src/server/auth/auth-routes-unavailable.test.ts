import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { noteDatabaseUnavailable } from '../db/unavailable.ts'
import type { AppEnv } from '../http/app-env.ts'
import type { Auth } from './auth.ts'
import { authRoutes } from './auth.routes.ts'

/** authRoutes in front of a stand-in Better Auth that answers its own 500. */
function appWith(handler: () => Promise<Response>) {
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('language', 'de')
    c.set('clientAddress', undefined)
    await next()
  })
  return app.route('/api/auth', authRoutes({ handler } as unknown as Auth))
}

const failed = () =>
  new Response(
    JSON.stringify({ code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' }),
    {
      status: 500,
      headers: { 'content-type': 'application/json' },
    },
  )

describe('Better Auth’s own 500s', () => {
  it('become 503 database_unavailable when the database was unavailable', async () => {
    const app = appWith(async () => {
      // What the database gate does when a query is refused or fails as unavailable.
      await Promise.resolve()
      noteDatabaseUnavailable()
      return failed()
    })
    const response = await app.request('/api/auth/get-session')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.json()).toEqual({
      code: 'database_unavailable',
      message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es in Kürze erneut.',
    })
  })

  it('stay 500 when the database was not the cause', async () => {
    const response = await appWith(async () => failed()).request('/api/auth/get-session')
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ code: 'FAILED_TO_GET_SESSION' })
  })
})
