import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { profiles } from '../db/schema/profiles.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember, totpCode, turnOnTwoStep } from '../test/seed.ts'
import { resetTwoStepByEmail } from './commands/reset-two-step-by-email.ts'

const server = httpTestApp()
type Client = ReturnType<typeof browserClient>

const codeOf = totpCode
const turnOn = async (client: Client, password: string) => turnOnTwoStep(client, password)

const me = async (client: Client) => {
  const response = await client.get('/api/me')
  return response.ok ? ((await response.json()) as { twoFactorEnabled: boolean }) : null
}

/** Signs in with the password from a new browser: the first step only. */
async function firstStep(
  email: string,
  password: string,
  client = browserClient(server.http.origin, { language: 'en' }),
) {
  const response = await client.post('/api/auth/sign-in/email', { email, password })
  expect(response.status).toBe(200)
  return { client, body: (await response.json()) as Record<string, unknown> }
}

describe('two-step sign-in (TOTP)', () => {
  it('is set up with a QR code and a first code; a wrong first code leaves it off', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const enable = await member.client.post('/api/auth/two-factor/enable', {
      password: member.password,
    })
    const { totpURI, backupCodes } = (await enable.json()) as {
      totpURI: string
      backupCodes: string[]
    }
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Lend%C3%BClet:.+\?secret=/)
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)
    // To be read aloud and typed from paper: no 0/O, 1/I/L.
    for (const code of backupCodes)
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/)

    const wrong = await member.client.post('/api/auth/two-factor/verify-totp', { code: '000000' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      code: 'INVALID_CODE',
      message: expect.stringContaining('authenticator app'),
    })
    expect((await me(member.client))?.twoFactorEnabled).toBe(false)

    const right = await member.client.post('/api/auth/two-factor/verify-totp', {
      code: codeOf(totpURI),
    })
    expect(right.status).toBe(200)
    expect((await me(member.client))?.twoFactorEnabled).toBe(true)
    // Better Auth's issue #9132: the flag must be fresh in the same session straight away.
    const fresh = await member.client.post('/api/auth/two-factor/generate-backup-codes', {
      password: member.password,
    })
    expect(fresh.status).toBe(200)
    expect(((await fresh.json()) as { backupCodes: string[] }).backupCodes).toHaveLength(10)
  })

  it('asks for the code after the password, refuses a wrong one in her language, and signs in with the right one', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { totpURI } = await turnOn(member.client, member.password)

    const { client, body } = await firstStep(
      member.email,
      member.password,
      browserClient(server.http.origin, { language: 'de' }),
    )
    expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(await me(client)).toBeNull()

    const wrong = await client.post('/api/auth/two-factor/verify-totp', { code: '123456' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      code: 'INVALID_CODE',
      message: expect.stringContaining('Authenticator-App'),
    })
    expect(await me(client)).toBeNull()

    const right = await client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totpURI) })
    expect(right.status).toBe(200)
    expect((await me(client))?.twoFactorEnabled).toBe(true)
  })

  it('takes a backup code once; the same code a second time is refused', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { backupCodes } = await turnOn(member.client, member.password)
    const [code] = backupCodes

    const first = await firstStep(member.email, member.password)
    const used = await first.client.post('/api/auth/two-factor/verify-backup-code', { code })
    expect(used.status).toBe(200)
    expect(await me(first.client)).not.toBeNull()

    const second = await firstStep(member.email, member.password)
    const again = await second.client.post('/api/auth/two-factor/verify-backup-code', { code })
    expect(again.status).toBe(401)
    expect(await again.json()).toEqual({
      code: 'INVALID_BACKUP_CODE',
      message: 'That backup code is not right, or it has already been used.',
    })
    expect(await me(second.client)).toBeNull()
    // Another of her codes still works.
    const other = await second.client.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[1],
    })
    expect(other.status).toBe(200)
  })

  it('takes a backup code as an app or a paste sends it: spaces, no dash, small letters', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { backupCodes } = await turnOn(member.client, member.password)
    const typed = (code: string | undefined, as: (symbols: string) => string) =>
      as((code ?? '').replace('-', ''))
    for (const [index, as] of [
      (symbols: string) => ` ${symbols.slice(0, 5)} ${symbols.slice(5)} `,
      (symbols: string) => symbols.toLowerCase(),
      (symbols: string) => `${symbols.slice(0, 3)}-${symbols.slice(3, 7)} ${symbols.slice(7)}`,
    ].entries()) {
      const { client } = await firstStep(member.email, member.password)
      const code = typed(backupCodes[index], as)
      const used = await client.post('/api/auth/two-factor/verify-backup-code', { code })
      expect(used.status, code).toBe(200)
      expect(await me(client)).not.toBeNull()
    }
    // Still each code once, however it is written.
    const { client } = await firstStep(member.email, member.password)
    const again = await client.post('/api/auth/two-factor/verify-backup-code', {
      code: typed(backupCodes[0], (symbols) => symbols.toLowerCase()),
    })
    expect(again.status).toBe(401)
    expect((await again.json()).code).toBe('INVALID_BACKUP_CODE')
  })

  it('skips the second step for 30 days on a device she trusted, and only there', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { totpURI } = await turnOn(member.client, member.password)

    const trusted = await firstStep(member.email, member.password)
    const verified = await trusted.client.post('/api/auth/two-factor/verify-totp', {
      code: codeOf(totpURI),
      trustDevice: true,
    })
    expect(verified.status).toBe(200)
    const trustCookie = [...trusted.client.cookies.keys()].find((name) =>
      name.includes('trust_device'),
    )
    expect(trustCookie).toBeTruthy()
    await trusted.client.post('/api/auth/sign-out')

    const again = await firstStep(member.email, member.password, trusted.client)
    expect(again.body).not.toHaveProperty('twoFactorRedirect')
    expect(await me(trusted.client)).not.toBeNull()

    const elsewhere = await firstStep(member.email, member.password)
    expect(elsewhere.body).toMatchObject({ twoFactorRedirect: true })
  })

  it('ends a challenge after five wrong codes, and the limit counts the second step like the first', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { totpURI } = await turnOn(member.client, member.password)
    const { client } = await firstStep(member.email, member.password)
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await client.post('/api/auth/two-factor/verify-totp', { code: '000000' })).status,
      ).toBe(401)
    const spent = await client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totpURI) })
    expect(spent.status).toBe(400)
    expect(await spent.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' })
    expect(await me(client)).toBeNull()

    // One address guessing across fresh challenges meets the rate limit (10 a minute).
    const guesser = browserClient(server.http.origin, { language: 'en' })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      await guesser.post('/api/auth/sign-in/email', {
        email: member.email,
        password: member.password,
      })
      statuses.push(
        (await guesser.post('/api/auth/two-factor/verify-totp', { code: '000000' })).status,
      )
    }
    expect(statuses).toContain(429)
  })

  it('is turned off with her password, and then sign-in has one step again', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    await turnOn(member.client, member.password)
    const refused = await member.client.post('/api/auth/two-factor/disable', {
      password: 'wrong-password',
    })
    expect(refused.status).toBe(400)
    expect((await me(member.client))?.twoFactorEnabled).toBe(true)
    const off = await member.client.post('/api/auth/two-factor/disable', {
      password: member.password,
    })
    expect(off.status).toBe(200)
    expect((await me(member.client))?.twoFactorEnabled).toBe(false)
    const { body } = await firstStep(member.email, member.password)
    expect(body).not.toHaveProperty('twoFactorRedirect')
  })
})

describe('an admin without two-step sign-in', () => {
  it('is refused the admin area with a clear answer until she sets it up', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const db = server.harness.database.db
    await db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId))

    const refused = await admin.client.get('/api/admin/events')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      code: 'two_factor_required',
      message: expect.stringContaining('two-step sign-in'),
    })
    expect(await (await admin.client.get('/api/me')).json()).toMatchObject({
      isAdmin: true,
      twoFactorEnabled: false,
    })

    await turnOn(admin.client, admin.password)
    expect((await admin.client.get('/api/admin/events')).status).toBe(200)
  })
})

describe('npm run admin -- reset-2fa', () => {
  it('turns her second step off, signs every device out, and is in the audit log', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const { totpURI } = await turnOn(member.client, member.password)
    const db = server.harness.database.db

    expect(await resetTwoStepByEmail(db, member.email.toUpperCase())).toBe(true)
    expect(await me(member.client)).toBeNull()
    const { client, body } = await firstStep(member.email, member.password)
    expect(body).not.toHaveProperty('twoFactorRedirect')
    expect((await me(client))?.twoFactorEnabled).toBe(false)
    // The old secret is gone: setting up again gives a new one.
    const { totpURI: renewed } = await turnOn(client, member.password)
    expect(renewed).not.toBe(totpURI)

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.reset'), eq(auditLog.subjectId, member.userId)))
    expect(entry).toMatchObject({ actorKind: 'operator', subjectLabel: member.email })
    expect(await resetTwoStepByEmail(db, 'nobody@example.com')).toBe(false)
  })
})
