import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setAdminByEmail } from '../auth/commands/set-admin-by-email.ts'
import { browserClient, listen } from '../test/http-client.ts'
import { nativeClient } from '../test/native-client.ts'
import { seedMember } from '../test/seed.ts'
import { sseReader } from '../test/sse.ts'
import { createTestApp } from '../test/test-app.ts'

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

async function newEvent(admin: Member) {
  const created = await admin.client.post('/api/admin/events', {
    eventName: 'Open streams',
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
    duration: 90,
  })
  expect(created.status).toBe(201)
  return ((await created.json()) as { id: string }).id
}

type Member = Awaited<ReturnType<typeof seedMember>>

/** The admin renames the event; the stream must then hear of it. */
async function renameAndHear(
  admin: Member,
  eventId: string,
  stream: ReturnType<typeof sseReader>,
  eventName: string,
) {
  const renamed = await admin.client.request(`/api/admin/events/${eventId}`, {
    method: 'PUT',
    json: { eventName, startTime: new Date(Date.now() + 86_400_000).toISOString(), duration: 90 },
  })
  expect(renamed.status).toBe(200)
  expect(await stream.next('state', 2_000)).toMatchObject({ event: { eventName } })
}

describe('an open live stream', () => {
  it('keeps going while its session stands, and tells proxies not to buffer it', async () => {
    const admin = await seedMember(harness, http.origin, { isAdmin: true })
    const eventId = await newEvent(admin)
    const member = await seedMember(harness, http.origin)
    const response = await member.client.get(`/api/events/${eventId}/live`)
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const stream = sseReader(response)
    try {
      await stream.next('state')
      // Several heartbeats, each with its check, then a change still arrives.
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4))
      await renameAndHear(admin, eventId, stream, 'Still open')
    } finally {
      await stream.close()
    }
  })

  it('ends soon after its member signs out, and cannot be opened again', async () => {
    const admin = await seedMember(harness, http.origin, { isAdmin: true })
    const eventId = await newEvent(admin)
    const member = await seedMember(harness, http.origin)
    const stream = sseReader(await member.client.get(`/api/events/${eventId}/live`))
    await stream.next('state')
    // Signed out (in another tab, say): the stream was opened with that same session.
    expect((await member.client.post('/api/auth/sign-out')).status).toBe(200)
    await stream.ended(HEARTBEAT_MS * 10)
    expect((await member.client.get(`/api/events/${eventId}/live`)).status).toBe(401)
  })

  it('"sign out everywhere else" ends her other browsers, apps and their streams; this one stays', async () => {
    const admin = await seedMember(harness, http.origin, { isAdmin: true })
    const eventId = await newEvent(admin)
    const member = await seedMember(harness, http.origin)
    // The same member on a second browser and in the app.
    const laptop = browserClient(http.origin)
    expect(
      (
        await laptop.post('/api/auth/sign-in/email', {
          email: member.email,
          password: member.password,
        })
      ).status,
    ).toBe(200)
    const app = nativeClient(http.origin)
    expect((await app.signIn(member.email, member.password)).status).toBe(200)
    const onLaptop = sseReader(await laptop.get(`/api/events/${eventId}/live`))
    const inApp = sseReader(await app.get(`/api/events/${eventId}/live`))
    const here = sseReader(await member.client.get(`/api/events/${eventId}/live`))
    await Promise.all([onLaptop.next('state'), inApp.next('state'), here.next('state')])

    const ended = await member.client.request('/api/account/sessions', { method: 'DELETE' })
    expect(ended.status).toBe(200)
    expect(await ended.json()).toEqual({ ended: 2 })
    // The others' next requests are signed out; their streams end at the next heartbeat.
    expect((await laptop.get('/api/me')).status).toBe(401)
    expect((await app.get('/api/me')).status).toBe(401)
    await Promise.all([onLaptop.ended(HEARTBEAT_MS * 10), inApp.ended(HEARTBEAT_MS * 10)])
    // Hers goes on: still signed in, her stream still hears changes.
    expect((await member.client.get('/api/me')).status).toBe(200)
    const sessions = (await (await member.client.get('/api/account/sessions')).json()) as {
      sessions: { current: boolean }[]
    }
    expect(sessions.sessions).toEqual([expect.objectContaining({ current: true })])
    await renameAndHear(admin, eventId, here, 'Still hers')
    await here.close()
    // A visitor has no sessions to end.
    const visitor = browserClient(http.origin)
    expect((await visitor.request('/api/account/sessions', { method: 'DELETE' })).status).toBe(401)
  })

  it('ends soon after an admin is made a member again: her admin streams close', async () => {
    const admin = await seedMember(harness, http.origin, { isAdmin: true })
    const changes = sseReader(await admin.client.get('/api/admin/events/live'))
    await changes.next('hello')
    const draft = await admin.client.post('/api/admin/newsletter/campaigns', {
      content: { hu: { subject: 'Hírek', body: 'Szia!' } },
    })
    expect(draft.status).toBe(201)
    const { id } = (await draft.json()) as { id: string }
    const progress = sseReader(await admin.client.get(`/api/admin/newsletter/campaigns/${id}/live`))
    await progress.next('hello')

    expect(await setAdminByEmail(harness.database.db, admin.email, false)).toBe(true)
    await Promise.all([changes.ended(HEARTBEAT_MS * 10), progress.ended(HEARTBEAT_MS * 10)])
    expect((await admin.client.get('/api/admin/events/live')).status).toBe(403)
  })
})
