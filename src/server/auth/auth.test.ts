import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema/outbox.ts'
import { profiles } from '../db/schema/profiles.ts'
import { user } from '../db/schema/auth.ts'
import de from '#shared/locales/de/errors.json' with { type: 'json' }
import en from '#shared/locales/en/errors.json' with { type: 'json' }
import es from '#shared/locales/es/errors.json' with { type: 'json' }
import hu from '#shared/locales/hu/errors.json' with { type: 'json' }
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'

const server = httpTestAppWithMail()
let counter = 0
const newEmail = () => `member${++counter}-${Date.now()}@example.com`

const client = (language?: string) => browserClient(server.http.origin, { language })

async function signUp(
  c: ReturnType<typeof client>,
  email: string,
  password = 'secret123',
  name = 'Kiss Anna',
) {
  return c.post('/api/auth/sign-up/email', {
    name,
    email,
    password,
    callbackURL: '/auth/callback?type=signup',
  })
}

/** Signs up and follows the e-mailed link; returns the signed-in client. */
async function verifiedMember(email = newEmail(), password = 'secret123') {
  const c = client()
  expect((await signUp(c, email, password)).status).toBe(200)
  const message = await server.mail.waitFor(email, { subject: /e-mail|E-Mail|correo/i })
  const link = message.links.find((l) => l.includes('/api/auth/verify-email'))
  if (!link) throw new Error('no verification link')
  await c.follow(link)
  return { c, email, password }
}

describe('sign-up and e-mail verification', () => {
  it('creates the user with a profile and e-mails a link, in her language, that signs her in and lands on /welcome', async () => {
    const c = client('en')
    const email = newEmail()

    const response = await signUp(c, email)
    expect(response.status).toBe(200)

    const [profile] = await server.harness.database.db
      .select()
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, email))
    expect(profile?.profiles).toMatchObject({
      email,
      fullName: 'Kiss Anna',
      isAdmin: false,
      language: 'en',
    })
    expect(profile?.profiles.userCode).toMatch(/^[2-9A-HJ-NP-TW-Z]{6}$/)

    const message = await server.mail.waitFor(email)
    expect(message.subject).toBe('Confirm your e-mail address – Lendület')
    expect(message.text).toContain('Hi Kiss Anna,')
    expect(message.html).toContain('Confirm my e-mail address')
    const link = message.links.find((l) => l.includes('/api/auth/verify-email'))
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)

    // Not yet verified: no sign-in, and a clear message in her language.
    const early = await c.post('/api/auth/sign-in/email', { email, password: 'secret123' })
    expect(early.status).toBe(403)
    expect(await early.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: "Please confirm your e-mail address first – we've sent you a link.",
    })

    const { response: verified, location } = await c.follow(link ?? '')
    expect(verified.status).toBe(302)
    expect(location).toBe('/auth/callback?type=signup&lang=en')
    const me = await c.get('/api/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({
      email,
      emailVerified: true,
      fullName: 'Kiss Anna',
      isAdmin: false,
    })
  })

  it('lets an unverified user ask for the e-mail again', async () => {
    const c = client()
    const email = newEmail()
    await signUp(c, email)
    await server.mail.waitFor(email)
    await server.harness.database.db.delete(outbox).where(eq(outbox.toAddress, email)) // past the cooldown

    const resent = await c.post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/auth/callback?type=signup',
    })
    expect(resent.status).toBe(200)
    await expect.poll(() => server.mail.received.filter((m) => m.to.includes(email)).length).toBe(2)
  })

  it('requires a password of at least 6 characters', async () => {
    const short = await signUp(client('de'), newEmail(), '12345')
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Das Passwort muss mindestens 6 Zeichen lang sein.',
    })
    expect((await signUp(client(), newEmail(), '123456')).status).toBe(200)
  })

  it('answers a sign-up with a taken address exactly like a new one', async () => {
    const { email } = await verifiedMember()
    const again = await signUp(client(), email, 'another1')
    const fresh = await signUp(client(), newEmail(), 'another1')
    expect(again.status).toBe(fresh.status)
    expect(Object.keys(await again.json()).sort()).toEqual(Object.keys(await fresh.json()).sort())
  })
})

describe('sign-in', () => {
  it('signs a verified member in and out', async () => {
    const { email, password } = await verifiedMember()
    const c = client()
    const signIn = await c.post('/api/auth/sign-in/email', { email, password })
    expect(signIn.status).toBe(200)
    const cookie = [...c.cookies.keys()].find((k) => k.includes('session_token'))
    expect(cookie).toBeDefined()
    expect((await c.get('/api/me')).status).toBe(200)
    expect((await c.post('/api/auth/sign-out')).status).toBe(200)
    expect((await c.get('/api/me')).status).toBe(401)
  })

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { email, password } = await verifiedMember()
    const response = await client().post('/api/auth/sign-in/email', { email, password })
    const line = response.headers.getSetCookie().find((l) => l.includes('session_token')) ?? ''
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/SameSite=Lax/i)
  })

  it('refuses a wrong password with a message in the language of the site', async () => {
    const { email } = await verifiedMember()
    const response = await client().post('/api/auth/sign-in/email', {
      email,
      password: 'wrong-one',
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Hibás e-mail-cím vagy jelszó.',
    })
  })

  it('limits sign-in attempts per address of the client', async () => {
    const c = client('en')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await c.post('/api/auth/sign-in/email', {
            email: 'nobody@example.com',
            password: 'whatever1',
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    const limited = await c.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'whatever1',
    })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a moment and try again.',
    })
  })
})

describe('password recovery', () => {
  beforeEach(() => {
    server.mail.received.length = 0
  })

  it('e-mails a reset link that lets the member choose a new password and signs out her other sessions', async () => {
    const { c: otherDevice, email } = await verifiedMember()
    const c = client()

    const asked = await c.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/callback?type=recovery',
    })
    expect(asked.status).toBe(200)
    const message = await server.mail.waitFor(email, { subject: /jelszó/ })
    const link = message.links.find((l) => l.includes('/api/auth/reset-password/'))
    const { location } = await c.follow(link ?? '')
    const landing = new URL(location ?? '', 'http://localhost:3000')
    expect(landing.pathname).toBe('/auth/callback')
    expect(landing.searchParams.get('type')).toBe('recovery')
    const token = landing.searchParams.get('token')
    expect(token).toBeTruthy()

    const reset = await c.post('/api/auth/reset-password', { newPassword: 'brand-new-1', token })
    expect(reset.status).toBe(200)
    expect((await otherDevice.get('/api/me')).status).toBe(401)
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: 'secret123' })).status,
    ).toBe(401)
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: 'brand-new-1' })).status,
    ).toBe(200)

    const reused = await c.post('/api/auth/reset-password', { newPassword: 'another-2', token })
    expect(reused.status).toBe(400)
    expect((await reused.json()).code).toBe('INVALID_TOKEN')
  })

  it('answers the same for an unknown address, and sends nothing', async () => {
    const known = await client().post('/api/auth/request-password-reset', {
      email: (await verifiedMember()).email,
    })
    const unknown = await client().post('/api/auth/request-password-reset', { email: newEmail() })
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(
      await known
        .clone()
        .json()
        .catch(() => ({})),
    )
  })

  it('sends at most one reset e-mail a minute to an address', async () => {
    const { email } = await verifiedMember()
    await client().post('/api/auth/request-password-reset', { email })
    await client().post('/api/auth/request-password-reset', { email })
    await server.mail.waitFor(email, { subject: /jelszó/ })
    await server.harness.mailWorker.drain()
    const rows = await server.harness.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, email))
    expect(rows.filter((r) => r.kind === 'reset-password')).toHaveLength(1)
  })
})

describe('the outbox', () => {
  it('keeps an e-mail through a mail-server failure and delivers it on retry', async () => {
    const email = newEmail()
    server.mail.failNext(1)
    await signUp(client(), email)
    await server.harness.mailWorker.drain()

    const [pending] = await server.harness.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, email))
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending?.lastError).toContain('451')
    expect(pending?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

    await server.harness.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outbox.toAddress, email))
    await server.harness.mailWorker.drain()
    await server.mail.waitFor(email)
    const [sent] = await server.harness.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, email))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 })
  })
})

describe('protected routes', () => {
  it('answer 401 { code, message } without a session', async () => {
    const response = await client('es').get('/api/me')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'unauthorized',
      message: 'Inicia sesión para continuar.',
    })
  })
})

describe("Better Auth's own refusals", () => {
  it('are { code, message } in the caller’s language, an unknown path too (not an empty 404)', async () => {
    const messages = { hu, en, es, de }
    for (const [language, locale] of Object.entries(messages)) {
      for (const path of [
        '/api/auth/nothing-here',
        '/api/auth/reset-password/..',
        '/api/auth/delete-user',
      ]) {
        const response = await client(language).get(path)
        expect(response.status).toBe(404)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(await response.json()).toEqual({ code: 'not_found', message: locale.notFound })
      }
      const visitor = await client(language).get('/api/auth/list-sessions')
      expect(visitor.status).toBe(401)
      expect(await visitor.json()).toEqual({
        code: 'UNAUTHORIZED',
        message: locale.auth.unauthorized,
      })
    }
  })

  it('answer HEAD as GET, without the body (Better Auth alone would not know the path)', async () => {
    const response = await client().request('/api/auth/get-session', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.text()).toBe('')
  })

  it('refuse reading the session by POST with 405, as the API document says (decision 32)', async () => {
    const response = await client('es').post('/api/auth/get-session', {})
    expect(response.status).toBe(405)
    expect(await response.json()).toEqual({
      code: 'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED',
      message: es.auth.METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED,
    })
  })
})
