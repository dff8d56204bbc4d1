import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { createTestApp } from '../test/test-app.ts'
import { ADMIN_SETUP_VALID_MS, issueAdminSetupToken, setAdminByEmail } from './admin-setup.ts'

let harness: Awaited<ReturnType<typeof createTestApp>>
let http: Awaited<ReturnType<typeof listen>>
beforeAll(async () => {
  harness = await createTestApp({ env: { TRUST_PROXY: 'true' } })
  http = await listen(harness.app.fetch)
})
afterAll(async () => {
  await http.close()
  await harness.close()
})

describe('the first admin', () => {
  it('is whoever opens the one-time link, once, within 24 hours', async () => {
    const expired = await issueAdminSetupToken(harness.database.db, {
      now: new Date(Date.now() - ADMIN_SETUP_VALID_MS - 1000),
    })
    const member = await seedMember(harness, http.origin)
    expect((await member.client.post('/api/admin-setup', { token: expired })).status).toBe(400)

    const token = await issueAdminSetupToken(harness.database.db)
    expect(token).toBeTruthy()
    expect((await member.client.post('/api/admin-setup', { token: `${token}x` })).status).toBe(400)
    const redeemed = await member.client.post('/api/admin-setup', { token })
    expect(redeemed.status).toBe(200)
    expect((await (await member.client.get('/api/me')).json()).isAdmin).toBe(true)

    const other = await seedMember(harness, http.origin)
    expect((await other.client.post('/api/admin-setup', { token })).status).toBe(400)
    expect((await (await other.client.get('/api/me')).json()).isAdmin).toBe(false)

    // With an admin in place, no new link is issued at start.
    expect(await issueAdminSetupToken(harness.database.db)).toBeNull()
  })

  it('can be made, and unmade, by e-mail address (the CLI)', async () => {
    const member = await seedMember(harness, http.origin)
    expect(await setAdminByEmail(harness.database.db, member.email.toUpperCase(), true)).toBe(true)
    expect((await member.client.get('/api/admin/users')).status).toBe(200)
    expect(await setAdminByEmail(harness.database.db, member.email, false)).toBe(true)
    expect((await member.client.get('/api/admin/users')).status).toBe(403)
    expect(await setAdminByEmail(harness.database.db, 'nobody@example.com', true)).toBe(false)
  })
})
