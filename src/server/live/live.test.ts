import { isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import { events } from '../db/schema/events.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedEvening } from '../test/seed-evening.ts'
import { sseReader } from '../test/sse.ts'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import { eventStateSchema, liveStateSchema } from '#shared/live-state.ts'

const server = httpTestApp()

/** An active event with one table, two present members and a seated (not started) round. */
async function runningEvening() {
  const admin = await seedMember(server.harness, server.http.origin, {
    isAdmin: true,
    language: 'en',
  })
  const post = async (path: string, body: unknown = {}) => {
    const response = await admin.client.post(path, body)
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  for (const row of (
    (await (await admin.client.get('/api/admin/events')).json()) as {
      events: { id: string; status: string }[]
    }
  ).events)
    if (row.status === 'active') await post(`/api/admin/events/${row.id}/end`)
  const guests = await Promise.all([1, 2].map(() => seedMember(server.harness, server.http.origin)))
  const present = await Promise.all(
    guests.map(
      async (guest) =>
        ((await (await guest.client.get('/api/me')).json()) as { userCode: string }).userCode,
    ),
  )
  const { eventId, roundId } = await seedEvening(post, { eventName: 'Live evening', present })
  return { admin, post, eventId, roundId: roundId ?? '', guests }
}

describe('GET /api/klikkscreen', () => {
  it('needs a signed-in user', async () => {
    const response = await browserClient(server.http.origin).get('/api/klikkscreen')
    expect(response.status).toBe(401)
  })

  it('shows the active event without an id, and explains an unknown one', async () => {
    const { eventId, guests } = await runningEvening()
    const viewer = guests[0]?.client ?? browserClient(server.http.origin)
    const response = await viewer.get('/api/klikkscreen')
    const state = eventStateSchema.parse(await response.json())
    expect(state.event).toMatchObject({ id: eventId, status: 'active' })
    expect(state.round).toBeNull()
    expect(Math.abs(Number(response.headers.get('x-server-time')) - Date.now())).toBeLessThan(5_000)

    const unknown = await viewer.get(`/api/klikkscreen?eventId=${crypto.randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { code: string }).code).toBe('not_found')
  })

  it('says when no event is running: after the end, once its closing is over', async () => {
    const { post, eventId, guests } = await runningEvening()
    await post(`/api/admin/events/${eventId}/end`)
    const viewer = guests[0]?.client ?? browserClient(server.http.origin)
    // A projector switched on after the end shows the evening's closing (decision 0066).
    const closing = eventStateSchema.parse(await (await viewer.get('/api/klikkscreen')).json())
    expect(closing.event).toMatchObject({ id: eventId, status: 'inactive' })
    await server.harness.database.db
      .update(events)
      .set({ endedAt: new Date(Date.now() - EVENING_CLOSING_MS - 60_000) })
      .where(isNotNull(events.endedAt))
    server.harness.live.hub.changed(eventId)
    const response = await viewer.get('/api/klikkscreen')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'no_active_event', message: expect.any(String) })
  })
})

describe('GET /api/events/:id/live', () => {
  it('pushes the state at once, then every change as it happens', async () => {
    const { post, eventId, roundId, guests } = await runningEvening()
    const guest = guests[0]
    if (!guest) throw new Error('no guest')
    const response = await guest.client.get(`/api/events/${eventId}/live`)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const stream = sseReader(response)
    const first = liveStateSchema.parse(await stream.next('state'))
    expect(first.round).toBeNull()

    const started = performance.now()
    await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
    const next = liveStateSchema.parse(await stream.next('state', 1_000))
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(next.round).toMatchObject({ roundNumber: 1, started: true })
    const table = next.tables[0]
    expect(table?.tableName).toBe('Rose')
    expect(table?.people.map((p) => p.userId).sort()).toEqual(guests.map((g) => g.userId).sort())
    expect(table?.people.every((p) => !p.name.includes('@'))).toBe(true)

    // The polling read agrees, straight after the change.
    const polled = eventStateSchema.parse(
      await (await guest.client.get(`/api/klikkscreen?eventId=${eventId}`)).json(),
    )
    expect(polled.round?.started).toBe(true)
    await stream.close()
  })

  it('is for signed-in users, about events that exist', async () => {
    const { eventId } = await runningEvening()
    expect(
      (await browserClient(server.http.origin).get(`/api/events/${eventId}/live`)).status,
    ).toBe(401)
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const missing = await member.client.get(`/api/events/${crypto.randomUUID()}/live`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { message: string }).message).toBe(en.errors.eventNotFound)
  })
})

describe('GET /api/admin/events/live', () => {
  it('tells the admins’ lists about every change, a new event included', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const stream = sseReader(await admin.client.get('/api/admin/events/live'))
    try {
      await stream.next('hello')
      const created = await admin.client.post('/api/admin/events', {
        eventName: 'Announced at once',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        duration: 90,
      })
      expect(created.status).toBe(201)
      await stream.next('changed', 1_000)
      const { id } = (await created.json()) as { id: string }
      const table = await admin.client.post(`/api/admin/events/${id}/tables`, {
        tableName: 'Lilac',
        capacityFull: 4,
        capacityActual: 4,
      })
      expect(table.status).toBe(201)
      await stream.next('changed', 1_000)
    } finally {
      await stream.close()
    }
  })
})
