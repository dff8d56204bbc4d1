import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { httpTestApp } from '../test/http-test-app.ts'
import { clientAddress } from './client-address.ts'

const server = httpTestApp()

/** The address a server behind `proxies` trusted proxies sees for this X-Forwarded-For. */
async function seenBehind(proxies: number, forwardedFor?: string) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, proxies) ?? 'none'))
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}
  return (await app.request('/', { headers })).text()
}

describe('the client address', () => {
  it('is the hop the outermost trusted proxy wrote, never one the client wrote', async () => {
    expect(await seenBehind(1, '203.0.113.9')).toBe('203.0.113.9')
    expect(await seenBehind(1, '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9')
    expect(await seenBehind(2, '1.2.3.4, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9')
    // Fewer hops than proxies: the farthest one there is.
    expect(await seenBehind(2, '203.0.113.9')).toBe('203.0.113.9')
    // No trusted proxy: the header is the client's word, and ignored.
    expect(await seenBehind(0, '203.0.113.9')).toBe('none')
  })

  it('cannot be varied to escape the sign-in limit behind a proxy', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await fetch(`${server.http.origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          // The client prepends a new address each time; the proxy appends the real one.
          'x-forwarded-for': `192.0.2.${attempt}, 198.51.100.250`,
        },
        body: JSON.stringify({ email: 'victim@example.com', password: `guess-${attempt}` }),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})
