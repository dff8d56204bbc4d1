import { Hono } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'
import { describe, expect, it } from 'vitest'
import { CachedRouter, MAX_PATH_LENGTH, MAX_PATHS } from './route-cache.ts'

/** A few routes of the kinds the app has: static, with a parameter, a wildcard middleware. */
function appWith(router?: CachedRouter<never>) {
  const app = new Hono(router ? { router } : {})
  app.use('/api/*', async (c, next) => {
    await next()
    c.res.headers.set('x-middleware', 'yes')
  })
  app.get('/api/klikkscreen', (c) => c.text('screen'))
  app.get('/api/events/:id', (c) => c.text(`event ${c.req.param('id')}`))
  app.get('/api/events/:id/live', (c) => c.text(`live ${c.req.param('id')}`))
  app.post('/api/events/:id', (c) => c.text(`changed ${c.req.param('id')}`))
  app.all('/api/*', (c) => c.text('not found', 404))
  app.get('/*', (c) => c.text(`page ${c.req.path}`))
  return app
}

describe('the remembering router', () => {
  const plain = appWith()
  const cached = appWith(new CachedRouter())

  it('answers every request as Hono’s own router does, the second time too', async () => {
    const requests: [string, string][] = [
      ['GET', '/api/klikkscreen?eventId=1'],
      ['GET', '/api/events/a1'],
      ['GET', '/api/events/b2'],
      ['GET', '/api/events/a1/live'],
      ['POST', '/api/events/a1'],
      ['DELETE', '/api/events/a1'],
      ['GET', '/api/unknown'],
      ['GET', '/welcome'],
      ['HEAD', '/api/events/a1'],
    ]
    for (let round = 0; round < 2; round++)
      for (const [method, path] of requests) {
        const [expected, actual] = await Promise.all([
          plain.request(path, { method }),
          cached.request(path, { method }),
        ])
        expect(actual.status, `${method} ${path}`).toBe(expected.status)
        expect(await actual.text(), `${method} ${path}`).toBe(await expected.text())
        expect(actual.headers.get('x-middleware')).toBe(expected.headers.get('x-middleware'))
      }
  })

  it('gives the same answer object for the same method and path, and forgets on a new route', () => {
    // Hono's SmartRouter refuses routes after the first match; its TrieRouter takes them.
    const router = new CachedRouter<string>(new TrieRouter())
    router.add('GET', '/a/:id', 'a')
    const first = router.match('GET', '/a/1')
    expect(router.match('GET', '/a/1')).toBe(first)
    expect(router.match('POST', '/a/1')).not.toBe(first)
    router.add('GET', '/b', 'b')
    const again = router.match('GET', '/a/1')
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  it('keeps a bounded number of short paths (an id in every path does not grow it without end)', () => {
    const router = new CachedRouter<string>()
    router.add('GET', '/a/:id', 'a')
    const first = router.match('GET', '/a/0')
    for (let i = 1; i <= MAX_PATHS; i++) router.match('GET', `/a/${i}`)
    // One path too many started the memory again: the first path is matched anew.
    expect(router.match('GET', '/a/0')).not.toBe(first)
    const long = `/a/${'x'.repeat(MAX_PATH_LENGTH)}`
    expect(router.match('GET', long)).not.toBe(router.match('GET', long))
    expect(router.match('GET', long)).toEqual(router.match('GET', long))
  })
})
