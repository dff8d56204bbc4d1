import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { session } from '../db/schema/auth.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { browserClient } from '../test/http-client.ts'
import { nativeClient } from '../test/native-client.ts'
import { seedMember, totpCode } from '../test/seed.ts'

const APP_SITE = 'https://app.example.com'
const server = httpTestApp({ CORS_ORIGINS: APP_SITE })

/** A member signed in from a native app: her bearer token, no cookies. */
async function appMember(options: { isAdmin?: boolean; userAgent?: string } = {}) {
  const seeded = await seedMember(server.harness, server.http.origin, options)
  const app = nativeClient(server.http.origin, options)
  const signIn = await app.signIn(seeded.email, seeded.password)
  expect(signIn.status).toBe(200)
  return { ...seeded, app }
}

describe('bearer sessions for native apps', () => {
  it('signs in without cookies and calls the API with Authorization: Bearer', async () => {
    const { app, email } = await appMember()
    expect(app.token).toMatch(/\S{20,}/)
    const me = await app.get('/api/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ email })
    // A change without Origin or cookies: nothing a foreign page could borrow.
    const renamed = await app.request('/api/me', { method: 'PATCH', json: { givenName: 'Anna' } })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ fullName: 'Anna' })
  })

  it('refuses a token that is not a session, as a signed-out call', async () => {
    const app = nativeClient(server.http.origin)
    app.token = 'not-a-session-token'
    const me = await app.get('/api/me', { 'accept-language': 'en' })
    expect(me.status).toBe(401)
    expect(await me.json()).toMatchObject({ code: 'unauthorized' })
  })

  it('gets the same roles and messages as a browser session, in every language', async () => {
    const { app, client } = await appMember()
    for (const lang of ['hu', 'en', 'es', 'de']) {
      const byToken = await app.get(`/api/admin/users?lang=${lang}`)
      const byCookie = await client.get(`/api/admin/users?lang=${lang}`)
      expect(byToken.status).toBe(403)
      expect(byCookie.status).toBe(403)
      expect(await byToken.json()).toEqual(await byCookie.json())
    }
    // An admin's app takes the second step as a browser does: the challenge's cookie, and the
    // site's own Origin (Better Auth refuses a cookie without one).
    const seeded = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const adminApp = nativeClient(server.http.origin)
    const firstStep = await adminApp.signIn(seeded.email, seeded.password)
    expect(await firstStep.json()).toMatchObject({ twoFactorRedirect: true })
    // No session yet: whatever token the first step handed out opens nothing.
    expect((await adminApp.get('/api/me')).status).toBe(401)
    const challenge = firstStep.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const secondStep = await adminApp.request('/api/auth/two-factor/verify-totp', {
      json: { code: totpCode(seeded.totpURI ?? '') },
      headers: { cookie: challenge, origin: 'http://localhost:3000' },
    })
    expect(secondStep.status).toBe(200)
    expect(adminApp.token).toBeTruthy()
    expect((await adminApp.get('/api/admin/users')).status).toBe(200)
  })

  it('is rate-limited exactly as a browser session (per address)', async () => {
    const { app, email } = await appMember()
    const browser = await seedMember(server.harness, server.http.origin)
    const statuses = async (send: () => Promise<Response>) => {
      const seen: number[] = []
      for (let i = 0; i < 11; i++) seen.push((await send()).status)
      return seen
    }
    const byToken = await statuses(() => app.post('/api/newsletter/unsubscribe?lang=en', { email }))
    const byCookie = await statuses(() =>
      browser.client.post('/api/newsletter/unsubscribe?lang=en', { email: browser.email }),
    )
    expect(byToken).toEqual([...Array<number>(10).fill(200), 429])
    expect(byCookie).toEqual(byToken)
    const refused = await app.post('/api/newsletter/unsubscribe?lang=en', { email })
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toEqual({
      code: 'too_many_requests',
      message: expect.any(String),
    })
  })

  it('ends at sign-out', async () => {
    const { app } = await appMember()
    const signOut = await app.post('/api/auth/sign-out')
    expect(signOut.status).toBe(200)
    expect((await app.get('/api/me')).status).toBe(401)
  })
})

describe('signed-in devices', () => {
  it('lists her browser and her phone; revoking the phone signs it out at once', async () => {
    const { app, client, userId } = await appMember({ userAgent: 'Lendulet/1.0 (Android 15)' })
    const listed = await client.api.account.sessions.$get()
    expect(listed.status).toBe(200)
    const { sessions } = await listed.json()
    expect(sessions).toHaveLength(2)
    const phone = sessions.find((s) => s.userAgent === 'Lendulet/1.0 (Android 15)')
    const browser = sessions.find((s) => s.current)
    expect(phone).toMatchObject({ current: false, ipAddress: app.address })
    expect(browser?.id).not.toBe(phone?.id)
    // Tokens never leave the server.
    expect(JSON.stringify(sessions)).not.toContain(app.token ?? '-')

    expect((await app.get('/api/me')).status).toBe(200)
    const revoked = await client.api.account.sessions[':sessionId'].$delete({
      param: { sessionId: phone?.id ?? '' },
    })
    expect(revoked.status).toBe(200)
    expect((await app.get('/api/me')).status).toBe(401)
    expect((await app.get('/api/newsletter/status')).status).toBe(401)

    // Her browser is still signed in; the phone's session is gone from the list.
    const after = await (await client.api.account.sessions.$get()).json()
    expect(after.sessions.map((s) => s.id)).toEqual([browser?.id])
    expect(userId).toBeTruthy()
  })

  it('shows when each device was last used, not when it signed in, without a write per request', async () => {
    const { app, client } = await appMember({ userAgent: 'Lendulet/1.0 (iOS 19)' })
    const db = server.harness.database.db
    const phoneSession = async () => {
      const { sessions } = await (await client.api.account.sessions.$get()).json()
      const phone = sessions.find((s) => s.userAgent === 'Lendulet/1.0 (iOS 19)')
      if (!phone) throw new Error('the phone is not listed')
      return phone
    }
    const { id } = await phoneSession()
    /** As if she had signed in on the phone `ago` ms ago and not used it since. */
    const signedInAgo = (ago: number) =>
      db
        .update(session)
        .set({
          createdAt: new Date(Date.now() - ago),
          updatedAt: new Date(Date.now() - ago),
          expiresAt: new Date(Date.now() + 30 * 86_400_000 - ago),
        })
        .where(eq(session.id, id))

    // Signed in three hours ago, used the phone just now: last active is now.
    await signedInAgo(3 * 3_600_000)
    const before = Date.now()
    expect((await app.get('/api/me')).status).toBe(200)
    const used = await phoneSession()
    expect(Date.parse(used.updatedAt)).toBeGreaterThanOrEqual(before - 1_000)
    expect(Date.parse(used.createdAt)).toBeLessThan(before - 3 * 3_600_000 + 60_000)

    // Used a minute ago: another request within the 5 minutes writes nothing.
    await signedInAgo(60_000)
    const { updatedAt } = await phoneSession()
    expect((await app.get('/api/me')).status).toBe(200)
    expect((await app.get('/api/newsletter/status')).status).toBe(200)
    expect((await phoneSession()).updatedAt).toBe(updatedAt)
  })

  it("cannot end someone else's session", async () => {
    const owner = await appMember()
    const other = await seedMember(server.harness, server.http.origin)
    const { sessions } = (await (await owner.app.get('/api/account/sessions')).json()) as {
      sessions: { id: string }[]
    }
    const [session] = sessions
    const attempt = await other.client.request(`/api/account/sessions/${session?.id}`, {
      method: 'DELETE',
    })
    expect(attempt.status).toBe(404)
    expect((await owner.app.get('/api/me')).status).toBe(200)
  })
})

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${server.http.origin}/api/me`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    })

  it('lets the pages of a CORS_ORIGINS site call with a bearer token', async () => {
    const allowed = await preflight(APP_SITE)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_SITE)
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    )
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull()

    const { app } = await appMember()
    const renamed = await app.request('/api/me', {
      method: 'PATCH',
      json: { givenName: 'From the app site' },
      headers: { origin: APP_SITE },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.headers.get('access-control-allow-origin')).toBe(APP_SITE)
    expect(renamed.headers.get('access-control-expose-headers')).toContain('set-auth-token')
  })

  it('signs in from a CORS_ORIGINS page and hands it the token', async () => {
    const { email, password } = await seedMember(server.harness, server.http.origin)
    const app = nativeClient(server.http.origin)
    const signIn = await app.request('/api/auth/sign-in/email', {
      json: { email, password },
      headers: { origin: APP_SITE, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.get('access-control-allow-origin')).toBe(APP_SITE)
    expect(app.token).toBeTruthy()
  })

  it('refuses every other site, and cookies from a listed one', async () => {
    const foreign = await preflight('https://evil.example.com')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const { app } = await appMember()
    const fromForeign = await app.request('/api/me?lang=en', {
      method: 'PATCH',
      json: { givenName: 'X' },
      headers: { origin: 'https://evil.example.com' },
    })
    expect(fromForeign.status).toBe(403)
    expect(await fromForeign.json()).toMatchObject({ code: 'cross_origin' })

    // A cookie session belongs to our own pages only.
    const browser = browserClient(server.http.origin, { siteOrigin: APP_SITE })
    browser.cookies.set('better-auth.session_token', 'anything')
    const withCookies = await browser.request('/api/me', {
      method: 'PATCH',
      json: { givenName: 'X' },
    })
    expect(withCookies.status).toBe(403)
  })
})
