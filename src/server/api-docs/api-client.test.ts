import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import type { components, paths } from '../../../docs/api/openapi.d.ts'
import { liveStateSchema } from '#shared/live-state.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedEvening } from '../test/seed-evening.ts'
import { seedMember } from '../test/seed.ts'
import { sseReader } from '../test/sse.ts'

const server = httpTestAppWithMail()

/**
 * What an app developer does: `npm run api:types`, then a client on those types (openapi-fetch),
 * no cookies, the session token in Authorization, as a phone would send it.
 */
function appClient() {
  let token: string | undefined
  const client = createClient<paths>({ baseUrl: server.http.origin })
  client.use({
    onRequest({ request }) {
      request.headers.set('x-forwarded-for', '203.0.113.77')
      request.headers.set('user-agent', 'Lendulet/1.0 (iPhone; iOS 18.1)')
      if (token) request.headers.set('authorization', `Bearer ${token}`)
      return request
    },
    onResponse({ response }) {
      token = response.headers.get('set-auth-token') ?? token
    },
  })
  return { client, token: () => token }
}

describe('a client generated from the API document', () => {
  it('is built on the committed types, which are what npm run api:types makes of the document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-types-'))
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        join(root, 'docs/api/openapi.json'),
        '--output',
        join(dir, 'openapi.d.ts'),
      ],
      { stdio: 'ignore' },
    )
    expect(readFileSync(join(dir, 'openapi.d.ts'), 'utf8')).toBe(
      readFileSync(join(root, 'docs/api/openapi.d.ts'), 'utf8'),
    )
  })

  it('signs up, confirms by the e-mailed link, signs in with a bearer token and uses the API', async () => {
    const { client, token } = appClient()
    const email = `app-${Date.now()}@example.com`
    const password = 'app-password-1'

    // Sign up; the confirmation link arrives by real e-mail.
    const signUp = await client.POST('/api/auth/sign-up/email', {
      body: { name: 'Appy Member', email, password },
    })
    expect(signUp.response.status).toBe(200)
    const mail = await server.mail.waitFor(email)
    const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))
    expect(link).toBeTruthy()
    const confirmed = await fetch(
      `${server.http.origin}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`,
      {
        redirect: 'manual',
      },
    )
    expect(confirmed.status).toBe(302)

    // Sign in: the session token comes back in set-auth-token.
    const signIn = await client.POST('/api/auth/sign-in/email', { body: { email, password } })
    expect(signIn.response.status).toBe(200)
    expect(token()).toBeTruthy()

    const me = await client.GET('/api/me')
    const profile: components['schemas']['Me'] | undefined = me.data
    expect(profile).toMatchObject({ email, emailVerified: true, fullName: 'Appy Member' })

    const status = await client.GET('/api/newsletter/status')
    expect(status.data).toEqual({ subscribed: false })

    // An evening to come, made by an admin; she registers from the app.
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const evening = await seedEvening(
      async (path, body = {}) => (await admin.client.post(path, body)).json(),
      { started: false, seated: false },
    )
    const upcoming = await client.GET('/api/events')
    expect(upcoming.data?.events.map((e) => e.id)).toContain(evening.eventId)
    const registered = await client.POST('/api/events/{id}/registration', {
      params: { path: { id: evening.eventId } },
    })
    expect(registered.data).toEqual({ registered: true, waiting: false, position: null })

    // The live stream: the state at once, and again when the host starts the evening.
    const live = await client.GET('/api/events/{id}/live', {
      params: { path: { id: evening.eventId } },
      parseAs: 'stream',
    })
    expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const stream = sseReader(live.response)
    try {
      const first = liveStateSchema.parse(await stream.next('state'))
      expect(first.event).toMatchObject({ id: evening.eventId, status: 'inactive' })
      await admin.client.post(`/api/admin/events/${evening.eventId}/start`)
      const next = liveStateSchema.parse(await stream.next('state'))
      expect(next.event.status).toBe('active')
    } finally {
      await stream.close()
    }

    // Refusals are typed too: { code, message }.
    const missing = await client.POST('/api/events/{id}/registration', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    })
    const refusal: components['schemas']['ApiError'] | undefined = missing.error
    expect(missing.response.status).toBe(404)
    expect(refusal).toMatchObject({ code: 'not_found', message: expect.any(String) })
  })
})
