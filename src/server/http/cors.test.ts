import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import { apiCors } from './cors.ts'

const SITE = 'https://app.example.com'
const options = {
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
  exposeHeaders: ['set-auth-token', 'Retry-After', 'X-Server-Time'],
  maxAge: 600,
}

/** The same little API behind Hono's CORS middleware, or ours. */
function appWith(middleware: 'hono' | 'ours') {
  const app = new Hono()
  app.use(
    '/api/*',
    middleware === 'hono'
      ? cors({
          origin: (origin) => ([SITE].includes(origin) ? origin : null),
          ...options,
        })
      : apiCors({ origins: [SITE], ...options }),
  )
  app.get('/api/plain', (c) => c.json({ ok: true }))
  app.get('/api/bytes', (c) =>
    c.body(new TextEncoder().encode('{}'), 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store, no-transform',
    }),
  )
  app.get('/api/header-first', (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Vary', 'Accept-Encoding')
    return c.text('csv')
  })
  // An answer whose headers cannot be changed.
  app.get('/api/redirect', () => Response.redirect('https://example.com/elsewhere', 302))
  app.get('/api/fails', () => {
    throw new Error('boom')
  })
  app.onError((_error, c) => c.json({ code: 'internal_error' }, 500))
  return app
}

const hono = appWith('hono')
const ours = appWith('ours')

async function both(path: string, init?: RequestInit) {
  const [theirs, mine] = await Promise.all([hono.request(path, init), ours.request(path, init)])
  return { theirs, mine }
}

const headersOf = (response: Response) => Object.fromEntries(response.headers)

describe("the API's CORS middleware", () => {
  for (const path of [
    '/api/plain',
    '/api/bytes',
    '/api/header-first',
    '/api/redirect',
    '/api/fails',
  ])
    for (const origin of [SITE, 'https://evil.example', undefined])
      it(`answers ${path} from ${origin ?? 'no origin'} as Hono's does`, async () => {
        const init = origin ? { headers: { origin } } : {}
        const { theirs, mine } = await both(path, init)
        expect(mine.status).toBe(theirs.status)
        expect(headersOf(mine)).toEqual(headersOf(theirs))
        expect(await mine.text()).toBe(await theirs.text())
      })

  it("answers a preflight as Hono's does (it is Hono's)", async () => {
    for (const origin of [SITE, 'https://evil.example']) {
      const init = {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      }
      const { theirs, mine } = await both('/api/plain', init)
      expect(mine.status).toBe(204)
      expect(headersOf(mine)).toEqual(headersOf(theirs))
    }
  })

  it('lets a listed site read the answer, and says the answer varies by Origin', async () => {
    const response = await ours.request('/api/header-first', { headers: { origin: SITE } })
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'set-auth-token,Retry-After,X-Server-Time',
    )
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Origin')
    const foreign = await ours.request('/api/plain', {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('vary')).toBe('Origin')
  })
})
