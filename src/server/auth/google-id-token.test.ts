import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpTestApp } from '../test/http-test-app.ts'
import { nativeClient } from '../test/native-client.ts'
import { startOidcProvider } from '../test/oidc-provider.ts'
import { totpCode } from '../test/seed.ts'

// "Google" is a real OpenID provider on loopback: the site's web client, the iOS app's own
// client (GOOGLE_NATIVE_CLIENT_IDS), and a client of someone else's app.
const WEB = { id: 'lendulet-web', secret: 'web-secret' }
const IOS = { id: 'lendulet-ios', secret: 'ios-secret' }
const STRANGER = { id: 'another-app', secret: 'another-secret' }

const env: Record<string, string> = {}
let provider: Awaited<ReturnType<typeof startOidcProvider>>
beforeAll(async () => {
  provider = await startOidcProvider([WEB, IOS, STRANGER], {
    people: { 'toth-reka': { name: 'Réka Tóth', given_name: 'Réka', family_name: 'Tóth' } },
  })
  Object.assign(env, {
    GOOGLE_CLIENT_ID: WEB.id,
    GOOGLE_CLIENT_SECRET: WEB.secret,
    GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
    GOOGLE_NATIVE_CLIENT_IDS: IOS.id,
  })
})
afterAll(() => provider.close())
// Started after the provider: the server reads its discovery document at start.
const server = httpTestApp(env)

const signInWith = (app: ReturnType<typeof nativeClient>, token: string, nonce?: string) =>
  app.post('/api/auth/sign-in/social?lang=en', {
    provider: 'google',
    idToken: { token, ...(nonce ? { nonce } : {}) },
  })

describe('sign-in with a Google ID token (native Google Sign-In)', () => {
  it("creates the member from the token's claims and hands the app a session token", async () => {
    const login = `native-${Date.now()}`
    const token = await provider.idTokenFor(login, { clientId: IOS.id, nonce: 'n-123' })
    const app = nativeClient(server.http.origin)
    const signIn = await signInWith(app, token, 'n-123')
    const body: unknown = await signIn.json()
    expect([signIn.status, body]).toMatchObject([200, expect.anything()])
    expect(body).toMatchObject({ redirect: false, token: expect.any(String) })
    expect(app.token).toBeTruthy()
    const me = await app.get('/api/me')
    expect(await me.json()).toMatchObject({
      email: `${login}@example.com`,
      emailVerified: true,
      fullName: 'Google Tester',
      givenName: 'Google',
      familyName: 'Tester',
    })
    // The same person again: the same account, a second session.
    const again = nativeClient(server.http.origin)
    expect(
      (await signInWith(again, await provider.idTokenFor(login, { clientId: WEB.id }))).status,
    ).toBe(200)
    const sessions = (await (await again.get('/api/account/sessions')).json()) as {
      sessions: unknown[]
    }
    expect(sessions.sessions).toHaveLength(2)
  })

  it("takes her given and family name from the claims, her full name in her language's order", async () => {
    const token = await provider.idTokenFor('toth-reka', { clientId: IOS.id })
    const app = nativeClient(server.http.origin)
    const signIn = await app.post('/api/auth/sign-in/social?lang=hu', {
      provider: 'google',
      idToken: { token },
    })
    expect(signIn.status).toBe(200)
    // Google wrote "Réka Tóth"; in Hungarian she is "Tóth Réka", and called Réka.
    expect(await (await app.get('/api/me')).json()).toMatchObject({
      fullName: 'Tóth Réka',
      givenName: 'Réka',
      familyName: 'Tóth',
      language: 'hu',
    })
  })

  it("refuses a token issued to another app, a tampered one and a wrong nonce, in the user's language", async () => {
    const app = nativeClient(server.http.origin)
    const foreign = await provider.idTokenFor(`stranger-${Date.now()}`, { clientId: STRANGER.id })
    const refused = await signInWith(app, foreign)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) })

    const genuine = await provider.idTokenFor(`tamper-${Date.now()}`, { clientId: WEB.id })
    const [header, payload, signature] = genuine.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'admin@example.com' })).toString('base64url'),
      signature,
    ].join('.')
    expect((await signInWith(app, forged)).status).toBe(401)

    const withNonce = await provider.idTokenFor(`nonce-${Date.now()}`, {
      clientId: WEB.id,
      nonce: 'expected',
    })
    expect((await signInWith(app, withNonce, 'other')).status).toBe(401)
    expect(app.token).toBeNull()
  })
})

describe('an account with two-step sign-in', () => {
  it('signing in with a Google ID token still asks for the second step', async () => {
    const login = `native-2fa-${Date.now()}`
    const app = nativeClient(server.http.origin)
    expect(
      (await signInWith(app, await provider.idTokenFor(login, { clientId: IOS.id }))).status,
    ).toBe(200)
    // She turns it on from the app (a Google-only account has no password to confirm with).
    const enable = await app.post('/api/auth/two-factor/enable', {})
    expect(enable.status).toBe(200)
    const { totpURI } = (await enable.json()) as { totpURI: string }
    const verified = await app.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })
    expect(verified.status).toBe(200)

    const later = nativeClient(server.http.origin)
    const signIn = await signInWith(later, await provider.idTokenFor(login, { clientId: IOS.id }))
    expect(signIn.status).toBe(200)
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true })
    expect((await later.get('/api/me')).status).toBe(401)
  })
})
