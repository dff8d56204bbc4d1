import { describe, expect, it } from 'vitest'
import { seedMember } from '../test/seed.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { ADMIN_SETUP_VALID_MS, issueAdminSetupToken, setAdminByEmail } from './admin-setup.ts'

const server = httpTestApp()

describe('the first admin', () => {
  it('link stops working the moment any admin exists (npm run admin grant)', async () => {
    const db = server.harness.database.db
    const token = await issueAdminSetupToken(db)
    expect(token).toBeTruthy()
    const boss = await seedMember(server.harness, server.http.origin)
    expect(await setAdminByEmail(db, boss.email, true)).toBe(true)

    const member = await seedMember(server.harness, server.http.origin)
    const refused = await member.client.post('/api/admin-setup', { token })
    expect(refused.status).toBe(400)
    expect((await (await member.client.get('/api/me')).json()).isAdmin).toBe(false)

    // Spent for good: even with the admin role taken back, the old link stays dead.
    expect(await setAdminByEmail(db, boss.email, false)).toBe(true)
    expect((await member.client.post('/api/admin-setup', { token })).status).toBe(400)
    expect((await (await member.client.get('/api/me')).json()).isAdmin).toBe(false)
  })

  it('is whoever opens the one-time link, once, within 24 hours', async () => {
    const expired = await issueAdminSetupToken(server.harness.database.db, {
      now: new Date(Date.now() - ADMIN_SETUP_VALID_MS - 1000),
    })
    const member = await seedMember(server.harness, server.http.origin)
    expect((await member.client.post('/api/admin-setup', { token: expired })).status).toBe(400)

    const token = await issueAdminSetupToken(server.harness.database.db)
    expect(token).toBeTruthy()
    expect((await member.client.post('/api/admin-setup', { token: `${token}x` })).status).toBe(400)
    const redeemed = await member.client.post('/api/admin-setup', { token })
    expect(redeemed.status).toBe(200)
    expect((await (await member.client.get('/api/me')).json()).isAdmin).toBe(true)

    const other = await seedMember(server.harness, server.http.origin)
    expect((await other.client.post('/api/admin-setup', { token })).status).toBe(400)
    expect((await (await other.client.get('/api/me')).json()).isAdmin).toBe(false)

    // With an admin in place, no new link is issued at start.
    expect(await issueAdminSetupToken(server.harness.database.db)).toBeNull()
  })

  it('can be made, and unmade, by e-mail address (the CLI)', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    expect(
      await setAdminByEmail(server.harness.database.db, member.email.toUpperCase(), true),
    ).toBe(true)
    expect((await member.client.get('/api/admin/users')).status).toBe(200)
    expect(await setAdminByEmail(server.harness.database.db, member.email, false)).toBe(true)
    expect((await member.client.get('/api/admin/users')).status).toBe(403)
    expect(await setAdminByEmail(server.harness.database.db, 'nobody@example.com', true)).toBe(
      false,
    )
  })
})
