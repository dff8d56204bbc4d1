import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setAdminByEmail } from '../auth/commands/set-admin-by-email.ts'
import { sessionChecks } from '../auth/session-checks.ts'
import { session } from '../db/schema/auth.ts'
import { listen } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { sseReader } from '../test/sse.ts'
import { createTestApp } from '../test/test-app.ts'
import { joinHeartbeats } from './sse-stream.ts'

// Live streams check their viewer's access at every heartbeat: 200 ms here instead of SPEC's 30 s.
const HEARTBEAT_MS = 200
let harness: Awaited<ReturnType<typeof createTestApp>>
let http: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  harness = await createTestApp({ env: { TRUST_PROXY: 'true' }, liveHeartbeatMs: HEARTBEAT_MS })
  http = await listen(harness.app.fetch)
})
afterAll(async () => {
  await http.close()
  await harness.close()
})

type Member = Awaited<ReturnType<typeof seedMember>>

const tokenOf = async (member: Member) => {
  const [row] = await harness.database.db
    .select({ token: session.token })
    .from(session)
    .where(eq(session.userId, member.userId))
  if (!row) throw new Error('no session')
  return row.token
}

async function newEvent(admin: Member, eventName: string) {
  const created = await admin.client.post('/api/admin/events', {
    eventName,
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
    duration: 90,
  })
  expect(created.status).toBe(201)
  return ((await created.json()) as { id: string }).id
}

describe("the live streams' session checks", () => {
  it('are one query for every stream of a heartbeat slot: the signed-out and the demoted are told apart from the others', async () => {
    const members = await Promise.all(
      Array.from({ length: 6 }, () => seedMember(harness, http.origin)),
    )
    const admins = await Promise.all([
      seedMember(harness, http.origin, { isAdmin: true }),
      seedMember(harness, http.origin, { isAdmin: true }),
    ])
    const tokens = await Promise.all([...members, ...admins].map(tokenOf))
    const [gone, ...stay] = members
    const [demoted, admin] = admins
    if (!gone || !demoted || !admin) throw new Error('not seeded')
    expect((await gone.client.post('/api/auth/sign-out')).status).toBe(200)
    expect(await setAdminByEmail(harness.database.db, demoted.email, false)).toBe(true)

    // Twenty streams on one slot of a heartbeat wheel of their own, each asking for its viewer.
    const checks = sessionChecks(harness.auth, harness.database.db)
    const before = checks.queries
    const answers = Array.from({ length: 20 }, (_, i) => {
      const token = tokens[i % tokens.length] ?? ''
      return new Promise<[string, unknown]>((resolve) => {
        const leave = joinHeartbeats(90, () => {
          leave()
          void checks.viewerOf(token, new Headers()).then((viewer) => resolve([token, viewer]))
        })
      })
    })
    const seen = new Map(await Promise.all(answers))
    expect(checks.queries - before).toBe(1)

    expect(seen.get(tokens[members.length + 1] ?? '')).toMatchObject({
      userId: admin.userId,
      isAdmin: true,
      twoFactorEnabled: true,
    })
    expect(seen.get(tokens[members.length] ?? '')).toMatchObject({
      userId: demoted.userId,
      isAdmin: false,
    })
    expect(seen.get(tokens[0] ?? '')).toBeNull()
    for (const [i, member] of stay.entries())
      expect(seen.get(tokens[i + 1] ?? '')).toEqual({
        userId: member.userId,
        isAdmin: false,
        twoFactorEnabled: false,
      })
  })

  it('write a session due for it again, as a request would: an evening on the stream keeps it and its "last active"', async () => {
    const member = await seedMember(harness, http.origin)
    const token = await tokenOf(member)
    // Her last write 6 minutes ago: Better Auth writes a session used 5 minutes after it again.
    const lastWrite = new Date(Date.now() - 6 * 60_000)
    const expiresAt = new Date(lastWrite.getTime() + 30 * 86_400_000)
    await harness.database.db
      .update(session)
      .set({ updatedAt: lastWrite, expiresAt })
      .where(eq(session.token, token))
    const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const checks = sessionChecks(harness.auth, harness.database.db)
    expect(await checks.viewerOf(token, new Headers({ cookie }))).toMatchObject({
      userId: member.userId,
    })
    const [row] = await harness.database.db
      .select({ updatedAt: session.updatedAt, expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, token))
    expect(row?.updatedAt.getTime()).toBeGreaterThan(lastWrite.getTime() + 5 * 60_000)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime())
  })

  it("end a signed-out member's stream and a demoted admin's, and no one else's", async () => {
    const host = await seedMember(harness, http.origin, { isAdmin: true })
    const demoted = await seedMember(harness, http.origin, { isAdmin: true })
    const eventId = await newEvent(host, 'Batched checks')
    const [leaving, staying] = await Promise.all([
      seedMember(harness, http.origin),
      seedMember(harness, http.origin),
    ])
    if (!leaving || !staying) throw new Error('not seeded')
    const open = (member: Member, path: string) => member.client.get(path).then(sseReader)
    const [leavingScreen, stayingScreen, demotedList, hostList] = await Promise.all([
      open(leaving, `/api/events/${eventId}/live`),
      open(staying, `/api/events/${eventId}/live`),
      open(demoted, '/api/admin/events/live'),
      open(host, '/api/admin/events/live'),
    ])
    await Promise.all([
      leavingScreen.next('state'),
      stayingScreen.next('state'),
      demotedList.next('hello'),
      hostList.next('hello'),
    ])

    expect((await leaving.client.post('/api/auth/sign-out')).status).toBe(200)
    expect(await setAdminByEmail(harness.database.db, demoted.email, false)).toBe(true)
    await Promise.all([
      leavingScreen.ended(HEARTBEAT_MS * 10),
      demotedList.ended(HEARTBEAT_MS * 10),
    ])

    // The others still hear the evening change, several heartbeats later.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3))
    const renamed = await host.client.request(`/api/admin/events/${eventId}`, {
      method: 'PUT',
      json: {
        eventName: 'Still batched',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        duration: 90,
      },
    })
    expect(renamed.status).toBe(200)
    expect(await stayingScreen.next('state', 2_000)).toMatchObject({
      event: { eventName: 'Still batched' },
    })
    expect(await hostList.next('changed', 2_000)).toEqual({})
    await Promise.all([stayingScreen.close(), hostList.close()])
  })
})
