import { request as httpRequest } from 'node:http'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { events } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import en from '#shared/locales/en/errors.json' with { type: 'json' }
import hu from '#shared/locales/hu/errors.json' with { type: 'json' }
import { MAX_BODY_BYTES } from './request-guard.ts'

const server = httpTestApp()
const FOREIGN = 'https://evil.example'
const SITE = 'http://localhost:3000'
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/**
 * The routes other sites may POST to (RFC 8058's one-click unsubscribe, the mail providers'
 * bounce and complaint webhooks, each authenticated by its own means), and nothing else.
 */
const CROSS_SITE = [
  'POST /api/newsletter/one-click',
  'POST /api/mail-webhooks/postmark',
  'POST /api/mail-webhooks/mailgun',
  'POST /api/mail-webhooks/signed',
]

type Member = Awaited<ReturnType<typeof seedMember>>
let admin: Member

beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
})

/** Every state-changing route of the app, with its path parameters filled in. */
function changingRoutes() {
  const seen = new Set<string>()
  for (const route of server.harness.app.routes) {
    if (!CHANGES.has(route.method)) continue
    seen.add(`${route.method} ${route.path}`)
  }
  return [...seen].map((line) => {
    const [method = '', path = ''] = line.split(' ')
    const filled = path
      .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')
      .replace(/\/\*$/, '/sign-out')
    return { line, method, path: filled }
  })
}

describe('changes from another site (CSRF)', () => {
  it('are refused on every state-changing route, with or without a body', async () => {
    const routes = changingRoutes()
    // The table is built from the app itself: a new route joins the matrix by existing.
    expect(routes.length).toBeGreaterThan(30)
    for (const { line, method, path } of routes) {
      if (CROSS_SITE.includes(line)) continue
      const variants: Record<string, string>[] = [
        { origin: FOREIGN },
        { origin: 'null' },
        { origin: FOREIGN, 'content-type': 'text/plain' },
        // No Origin: a foreign Referer, or cookies with neither header, are not our pages.
        { origin: '', referer: `${FOREIGN}/page` },
        { origin: '' },
      ]
      for (const headers of variants) {
        const response = await admin.client.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(method === 'DELETE' ? {} : { json: {} }),
        })
        expect(response.status, `${line} ${JSON.stringify(headers)}`).toBe(403)
        expect(await response.json()).toMatchObject({ code: 'cross_origin' })
      }
    }
  })

  it('cannot rename a member or create an event (the reported attacks)', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const renamed = await member.client.request('/api/me', {
      method: 'PATCH',
      headers: { origin: FOREIGN, 'content-type': 'text/plain' },
      json: { givenName: 'Hacked' },
    })
    expect(renamed.status).toBe(403)
    const [profile] = await server.harness.database.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.email, member.email))
    expect(profile?.fullName).not.toBe('Hacked')

    const before = await server.harness.database.db.$count(events)
    const created = await admin.client.request('/api/admin/events', {
      method: 'POST',
      headers: { origin: FOREIGN },
      json: { eventName: 'Phishing evening' },
    })
    expect(created.status).toBe(403)
    expect(await server.harness.database.db.$count(events)).toBe(before)
  })

  it('answers in the visitor’s language', async () => {
    const response = await admin.client.request('/api/me', {
      method: 'PATCH',
      headers: { origin: FOREIGN, 'accept-language': 'en' },
      json: { givenName: 'x' },
    })
    expect(await response.json()).toEqual({ code: 'cross_origin', message: en.crossOrigin })
    const hungarian = await admin.client.request('/api/me', {
      method: 'PATCH',
      headers: { origin: FOREIGN, 'accept-language': 'hu' },
      json: { givenName: 'x' },
    })
    expect((await hungarian.json()).message).toBe(hu.crossOrigin)
  })

  it('lets our own pages through, by Origin or by Referer', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const byOrigin = await member.client.request('/api/me', {
      method: 'PATCH',
      json: { givenName: 'Anna', familyName: 'Kovács' },
    })
    expect(byOrigin.status).toBe(200)
    const byReferer = await member.client.request('/api/me', {
      method: 'PATCH',
      headers: { origin: '', referer: `${SITE}/account` },
      json: { givenName: 'Anna K.' },
    })
    expect(byReferer.status).toBe(200)
    expect((await byReferer.json()).fullName).toBe('Anna K.')
  })

  it('leaves clients without cookies alone (no session to abuse), and the one-click route open', async () => {
    const subscribe = await fetch(`${server.http.origin}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ email: 'curl@example.com', name: 'Curl', source: 'landing' }),
    })
    expect(subscribe.status).toBe(200)
    // A mail provider's RFC 8058 POST: a form body, maybe a foreign Origin; the key decides.
    const oneClick = await fetch(`${server.http.origin}/api/newsletter/one-click?key=nope`, {
      method: 'POST',
      headers: {
        origin: FOREIGN,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.8',
      },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(400)
    expect(await oneClick.json()).toMatchObject({ code: 'invalid_token' })
  })
})

describe('request bodies', () => {
  it('are JSON only: a form or text body is refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const response = await admin.client.request('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': type },
        json: { givenName: 'Plain' },
      })
      expect(response.status, type).toBe(415)
      expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' })
    }
  })

  it('are at most 64 KB: a larger one gets 413 before it is read', async () => {
    const big = { givenName: 'x'.repeat(MAX_BODY_BYTES) }
    const declared = await admin.client.request('/api/me', { method: 'PATCH', json: big })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large' })

    // 100 MB announced: the answer comes without the server waiting for (or keeping) the body.
    const status = await announceHugeBody('/api/newsletter/subscribe', 100 * 1024 * 1024)
    expect(status).toBe(413)

    // Chunked, without a declared length: counted as it arrives.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(8192)))
        controller.close()
      },
    })
    const chunked = await fetch(`${server.http.origin}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
  })

  it('refuse U+0000 in the path, the query and any JSON string, with 400', async () => {
    for (const path of ['/api/media/%00', '/api/admin/newsletter?q=%00', '/api/events?x=a%00b']) {
      const response = await admin.client.get(path)
      expect(response.status, path).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'invalid_request' })
    }
    const bodies: [string, unknown][] = [
      ['/api/newsletter/subscribe', { email: 'nul@example.com', name: 'a\u0000b' }],
      ['/api/auth/update-user', { name: 'a\u0000b' }],
      ['/api/auth/reset-password', { newPassword: 'abc\u0000def', token: 'x' }],
      ['/api/auth/sign-in/email', { email: 'a@example.com', password: 'x', '\u0000': 1 }],
    ]
    for (const [path, json] of bodies) {
      const response = await admin.client.post(path, json)
      expect(response.status, path).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'invalid_request' })
    }
    const patch = await admin.client.request('/api/me', {
      method: 'PATCH',
      json: { givenName: 'nul\u0000name' },
    })
    expect(patch.status).toBe(400)
    // A backslash followed by "u0000" is ordinary text.
    const text = await admin.client.request('/api/me', {
      method: 'PATCH',
      json: { givenName: 'back\\u0000slash' },
    })
    expect(text.status).toBe(200)
  })

  it('that are not JSON at all get 400, not 500', async () => {
    const response = await admin.client.request('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      json: undefined,
    })
    expect(response.status).toBeLessThan(500)
    const broken = await fetch(`${server.http.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: '{"email": ',
    })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ code: 'invalid_request' })
  })
})

describe('security headers', () => {
  it('are on the klikkscreen read too, and HSTS only over https', async () => {
    const klikkscreen = await admin.client.get('/api/klikkscreen')
    const health = await admin.client.get('/api/health')
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'content-security-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(klikkscreen.headers.get(name), name).toBeTruthy()
      expect(klikkscreen.headers.get(name), name).toBe(health.headers.get(name))
    }
    // PUBLIC_URL is http:// here: a browser must not be told to insist on https.
    expect(health.headers.get('strict-transport-security')).toBeNull()
  })
})

/** Sends headers announcing `bytes` of body, then only the first 1 KB; returns the status. */
function announceHugeBody(path: string, bytes: number): Promise<number> {
  const url = new URL(path, server.http.origin)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(bytes),
          origin: SITE,
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
        req.destroy()
      },
    )
    req.on('error', reject)
    req.write(' '.repeat(1024))
  })
}
