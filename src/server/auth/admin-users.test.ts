import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/errors.json' with { type: 'json' }
import { USERS_PAGE_SIZE } from '#shared/schemas/admin-users.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { turnOnTwoStep } from '../test/seed.ts'

const server = httpTestApp()
const { member, ok } = eveningApi(server)

type UserList = {
  users: {
    id: string
    email: string
    fullName: string | null
    isAdmin: boolean
    userCode: string
  }[]
  matching: number
  page: number
  pageSize: number
  admins: number
}
const list = (who: Member, query: Record<string, string> = {}) =>
  ok<UserList>(who.client, `/api/admin/users?${new URLSearchParams(query)}`, { method: 'GET' })
const setRole = (who: Member, userId: string, role: 'admin' | 'member') =>
  who.client.request(`/api/admin/users/${userId}/role`, { method: 'PUT', json: { role } })

const BULK = 10_000
const bulkName = (i: number) => `Bulk ${String(i).padStart(5, '0')}`

describe('the admin users list', () => {
  let admin: Member

  beforeAll(async () => {
    // Ten thousand members who joined one a minute over the past week, oldest first.
    const db = server.harness.database.db
    const start = Date.now() - (BULK + 60) * 60_000
    for (let from = 1; from <= BULK; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, BULK - from + 1) }, (_, k) => {
        const i = from + k
        const id = `bulk${String(i).padStart(5, '0')}`
        const createdAt = new Date(start + i * 60_000)
        return { id, i, createdAt, email: `${id}@example.com` }
      })
      await db.insert(user).values(
        batch.map(({ id, email, i, createdAt }) => ({
          id,
          name: bulkName(i),
          email,
          emailVerified: true,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      await db.insert(profiles).values(
        batch.map(({ id, email, i, createdAt }) => ({
          id,
          email,
          fullName: bulkName(i),
          userCode: `Q${String(i).padStart(6, '0')}`,
          createdAt,
          updatedAt: createdAt,
        })),
      )
    }
    admin = await member({ isAdmin: true, language: 'en', name: 'Head Admin' })
  }, 120_000)

  it('pages through 10,000 members, newest first, to the very first one', async () => {
    const started = performance.now()
    const first = await list(admin)
    expect(first.users).toHaveLength(USERS_PAGE_SIZE)
    expect(first).toMatchObject({ page: 1, pageSize: USERS_PAGE_SIZE })
    expect(first.matching).toBeGreaterThanOrEqual(BULK + 1)
    expect(first.users[0]?.fullName).toBe('Head Admin')

    const pages = Math.ceil(first.matching / USERS_PAGE_SIZE)
    const last = await list(admin, { page: String(pages) })
    expect(last.users.at(-1)?.fullName).toBe(bulkName(1))
    const beyond = await list(admin, { page: String(pages + 1) })
    expect(beyond.users).toEqual([])
    // Page 101 is members 5,001 to 5,050 of the list: the bulk ones below the newer test accounts.
    const newer = first.matching - BULK
    const middle = await list(admin, { page: '101' })
    expect(middle.users.map((u) => u.fullName)).toEqual(
      Array.from({ length: USERS_PAGE_SIZE }, (_, k) => bulkName(BULK - (5000 + k - newer))),
    )
    // Five reads of 10,000 rows' worth: well within what a person waits for.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('finds a member by name, e-mail or member code, in any case', async () => {
    for (const q of ['bulk 07777', 'BULK07777@EXAMPLE', 'q007777']) {
      const started = performance.now()
      const found = await list(admin, { q })
      expect(performance.now() - started, q).toBeLessThan(2_000)
      expect(found.matching, q).toBe(1)
      expect(found.users.map((u) => u.userCode)).toEqual(['Q007777'])
    }
    // Wildcards are letters like any other.
    expect((await list(admin, { q: '%' })).matching).toBe(0)
    expect((await list(admin, { q: 'Bulk 0999' })).matching).toBe(10)
    const bad = await admin.client.get('/api/admin/users?page=0')
    expect(bad.status).toBe(400)
  })
})

describe('granting and revoking the admin role', () => {
  it('makes a member an admin and takes it back; the list counts the admins', async () => {
    const boss = await member({ isAdmin: true, language: 'en' })
    const bea = await member({ name: 'Bea' })
    expect((await bea.client.get('/api/admin/users')).status).toBe(403)
    const before = (await list(boss)).admins

    const granted = await setRole(boss, bea.userId, 'admin')
    expect(await granted.json()).toEqual({ id: bea.userId, isAdmin: true })
    // Her admin area opens once she has set up two-step sign-in.
    const gated = await bea.client.get('/api/admin/users')
    expect([gated.status, ((await gated.json()) as { code: string }).code]).toEqual([
      403,
      'two_factor_required',
    ])
    await turnOnTwoStep(bea.client, bea.password)
    expect((await bea.client.get('/api/admin/users')).status).toBe(200)
    expect((await list(boss)).admins).toBe(before + 1)
    // Granting twice changes nothing.
    expect((await setRole(boss, bea.userId, 'admin')).status).toBe(200)

    const revoked = await setRole(boss, bea.userId, 'member')
    expect(await revoked.json()).toEqual({ id: bea.userId, isAdmin: false })
    expect((await bea.client.get('/api/admin/users')).status).toBe(403)
  })

  it('never removes the last admin', async () => {
    const db = server.harness.database.db
    const only = await member({ isAdmin: true, language: 'en' })
    const other = await member()
    // This admin is the site's only one.
    for (const row of await db.select().from(profiles).where(eq(profiles.isAdmin, true)))
      if (row.id !== only.userId)
        await db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, row.id))

    const refused = await setRole(only, only.userId, 'member')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ code: 'last_admin', message: en.admin.lastAdmin })
    expect((await list(only)).admins).toBe(1)

    // With a second admin she may step down, and then the list is closed to her.
    await ok(only.client, `/api/admin/users/${other.userId}/role`, {
      method: 'PUT',
      json: { role: 'admin' },
    })
    expect((await setRole(only, only.userId, 'member')).status).toBe(200)
    expect((await only.client.get('/api/admin/users')).status).toBe(403)
    await turnOnTwoStep(other.client, other.password)
    const nowOnly = await setRole(other, other.userId, 'member')
    expect(nowOnly.status).toBe(409)
  })

  it('lets only one of two admins revoking each other at the same moment succeed', async () => {
    const db = server.harness.database.db
    const [x, y] = await Promise.all([member({ isAdmin: true }), member({ isAdmin: true })])
    if (!x || !y) throw new Error('no admins')
    for (const row of await db.select().from(profiles).where(eq(profiles.isAdmin, true)))
      if (row.id !== x.userId && row.id !== y.userId)
        await db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, row.id))

    const answers = await Promise.all([
      setRole(x, y.userId, 'member'),
      setRole(y, x.userId, 'member'),
    ])
    const statuses = answers.map((a) => a.status).sort()
    // The loser was no longer an admin (403) or would have left none (409).
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const admins = await db.select().from(profiles).where(eq(profiles.isAdmin, true))
    expect(admins).toHaveLength(1)
  })

  it('answers an unknown member or role clearly', async () => {
    const boss = await member({ isAdmin: true, language: 'en' })
    const missing = await setRole(boss, 'no-such-user', 'admin')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      code: 'not_found',
      message: en.auth.USER_NOT_FOUND,
    })
    const malformed = await setRole(boss, 'bad id!', 'admin')
    expect(malformed.status).toBe(404)
    const badRole = await boss.client.request(`/api/admin/users/${boss.userId}/role`, {
      method: 'PUT',
      json: { role: 'owner' },
    })
    expect(badRole.status).toBe(400)
  })
})
