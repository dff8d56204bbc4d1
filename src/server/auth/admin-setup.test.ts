import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { appSettings } from '../db/schema/app-settings.ts'
import { profiles } from '../db/schema/profiles.ts'
import { seedMember, turnOnTwoStep } from '../test/seed.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { ADMIN_SETUP_VALID_MS, issueAdminSetupToken } from './admin-setup.ts'
import { setAdminByEmail } from './commands/set-admin-by-email.ts'

const server = httpTestApp()

/** A site without admins, whatever the tests before left behind. */
async function noAdminYet() {
  await server.harness.database.db
    .update(profiles)
    .set({ isAdmin: false })
    .where(eq(profiles.isAdmin, true))
}

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

  it('links printed by several processes starting together all work, until one is used', async () => {
    const db = server.harness.database.db
    await noAdminYet()
    // Five processes start at once, each printing its own link.
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => issueAdminSetupToken(db)))
    expect(new Set(tokens).size).toBe(5)
    // A restart with the provisioned token keeps one entry for it, with a fresh 24 hours.
    const provisioned = 'p'.repeat(32)
    await issueAdminSetupToken(db, { token: provisioned, now: new Date(Date.now() - 60_000) })
    await issueAdminSetupToken(db, { token: provisioned })

    const member = await seedMember(server.harness, server.http.origin)
    // Whichever link she has, the first process's included, is good.
    expect((await member.client.post('/api/admin-setup', { token: 'x'.repeat(32) })).status).toBe(
      400,
    )
    expect((await member.client.post('/api/admin-setup', { token: tokens[0] })).status).toBe(200)
    expect((await (await member.client.get('/api/me')).json()).isAdmin).toBe(true)

    // Now there is an admin: every other link is spent.
    const other = await seedMember(server.harness, server.http.origin)
    for (const token of [...tokens.slice(1), provisioned])
      expect((await other.client.post('/api/admin-setup', { token })).status).toBe(400)
    expect((await (await other.client.get('/api/me')).json()).isAdmin).toBe(false)
  })

  it('a link printed before an upgrade (one stored token) still works', async () => {
    const db = server.harness.database.db
    await noAdminYet()
    const token = 'legacy-token-of-at-least-24-chars'
    await db.delete(appSettings).where(eq(appSettings.key, 'admin_setup'))
    await db.insert(appSettings).values({
      key: 'admin_setup',
      value: {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    })
    // Another process starts meanwhile: both links work.
    const fresh = await issueAdminSetupToken(db)
    expect(fresh).toBeTruthy()
    const member = await seedMember(server.harness, server.http.origin)
    expect((await member.client.post('/api/admin-setup', { token })).status).toBe(200)
  })

  it('can be made, and unmade, by e-mail address (the CLI)', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    expect(
      await setAdminByEmail(server.harness.database.db, member.email.toUpperCase(), true),
    ).toBe(true)
    // Her admin area opens once she has two-step sign-in.
    expect((await member.client.get('/api/admin/users')).status).toBe(403)
    await turnOnTwoStep(member.client, member.password)
    expect((await member.client.get('/api/admin/users')).status).toBe(200)
    expect(await setAdminByEmail(server.harness.database.db, member.email, false)).toBe(true)
    expect((await member.client.get('/api/admin/users')).status).toBe(403)
    expect(await setAdminByEmail(server.harness.database.db, 'nobody@example.com', true)).toBe(
      false,
    )
  })
})
