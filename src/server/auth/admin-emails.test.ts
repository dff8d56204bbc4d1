import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { user } from '../db/schema/auth.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { issueAdminSetupToken } from './admin-setup.ts'
import { promoteListedAdmins } from './commands/promote-listed-admins.ts'

const LISTED = 'Owner@Example.com'
const server = httpTestAppWithMail({ ADMIN_EMAILS: ` ${LISTED} , second@example.com` })

async function signUpAndConfirm(email: string) {
  const client = browserClient(server.http.origin)
  await client.post('/api/auth/sign-up/email', { name: 'Owner', email, password: 'secret123' })
  const mail = await server.mail.waitFor(email.toLowerCase())
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))
  return { client, link: link ?? '' }
}

const isAdmin = async (client: ReturnType<typeof browserClient>) =>
  ((await (await client.get('/api/me')).json()) as { isAdmin: boolean }).isAdmin

describe('ADMIN_EMAILS', () => {
  it('makes a listed address admin once it is confirmed, and nobody else', async () => {
    const db = server.harness.database.db
    // As at a first start: no admin yet, so the server printed a setup link.
    const setupToken = await issueAdminSetupToken(db)
    expect(setupToken).toBeTruthy()
    const owner = await signUpAndConfirm(LISTED)
    expect(await promoteListedAdmins(db, ['owner@example.com'])).toBe(0) // not confirmed yet
    await owner.client.follow(owner.link)
    expect(await isAdmin(owner.client)).toBe(true)

    const stranger = await signUpAndConfirm('stranger@example.com')
    await stranger.client.follow(stranger.link)
    expect(await isAdmin(stranger.client)).toBe(false)

    // The printed link made no admin, but it must not make a second one either.
    const redeemed = await stranger.client.post('/api/admin-setup', { token: setupToken })
    expect(redeemed.status).toBe(400)
    expect(await redeemed.json()).toMatchObject({ code: 'invalid_request' })
    expect(await isAdmin(stranger.client)).toBe(false)
  })

  it('promotes confirmed accounts that were listed later, at start', async () => {
    const second = await signUpAndConfirm('second@example.com')
    const db = server.harness.database.db
    // As if the account had been confirmed before the address was listed.
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, 'second@example.com'))
    expect(await promoteListedAdmins(db, ['second@example.com'])).toBe(1)
    expect(await promoteListedAdmins(db, ['second@example.com'])).toBe(0)
    await second.client.post('/api/auth/sign-in/email', {
      email: 'second@example.com',
      password: 'secret123',
    })
    expect(await isAdmin(second.client)).toBe(true)
  })
})
