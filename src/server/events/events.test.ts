import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { events } from '../db/schema/events.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import de from '#shared/locales/de/events.json' with { type: 'json' }
import type { EventInput } from '#shared/schemas/events.ts'

const server = httpTestApp()
type Member = Awaited<ReturnType<typeof seedMember>> & { userCode: string }
let admin: Member

async function member(options: { isAdmin?: boolean; language?: string } = {}): Promise<Member> {
  const seeded = await seedMember(server.harness, server.http.origin, options)
  const me = (await (await seeded.client.get('/api/me')).json()) as { userCode: string }
  return { ...seeded, userCode: me.userCode }
}

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

const eventInput = (overrides: Partial<EventInput> = {}): EventInput => ({
  eventName: 'Klikk evening',
  description: 'Meet new people over tea.',
  startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  placeName: 'Studio',
  address: 'Budapest, Fő utca 1.',
  duration: 120,
  isKlikk: true,
  hasRecordingAvailable: false,
  plannedRounds: 3,
  klikkWindowHours: 48,
  cancelDeadlineHours: 24,
  autoSeatLateArrivals: true,
  friendsAllowed: false,
  places: null,
  ...overrides,
})

/** The answer's body, after checking its status; typed by the route when it comes from `client.api`. */
async function json<T>(response: { status: number; json(): Promise<T> }, status = 200): Promise<T> {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  return body
}

const createEvent = async (overrides: Partial<EventInput> = {}) =>
  json(await admin.client.api.admin.events.$post({ json: eventInput(overrides) }), 201)
const detail = async (id: string) =>
  json(await admin.client.api.admin.events[':id'].$get({ param: { id } }))
const addTable = async (id: string, name: string, seats: number) =>
  json(
    await admin.client.api.admin.events[':id'].tables.$post({
      param: { id },
      json: { tableName: name, capacityFull: seats, capacityActual: seats },
    }),
    201,
  )
const checkIn = async (id: string, who: Member) =>
  json(
    await admin.client.post(`/api/admin/events/${id}/participants`, { userCode: who.userCode }),
    201,
  )
const endEverything = async () => {
  for (const row of await server.harness.database.db.select().from(events))
    if (row.status === 'active') await admin.client.post(`/api/admin/events/${row.id}/end`)
}

/** An event with tables of the given sizes and that many present members. */
async function eventWith(tableSizes: number[], people: number) {
  const { id } = await createEvent()
  for (const [i, size] of tableSizes.entries()) await addTable(id, `Table ${i + 1}`, size)
  const members = await Promise.all(Array.from({ length: people }, () => member()))
  for (const m of members) await checkIn(id, m)
  return { id, members }
}

describe('events', () => {
  it('are created with clear validation errors in the admin’s language', async () => {
    const german = await member({ isAdmin: true, language: 'de' })
    const bad = await german.client.post(
      '/api/admin/events',
      eventInput({ eventName: ' ', duration: 5 }),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      code: 'invalid_request',
      message: de.validation.nameRequired,
      fields: { eventName: de.validation.nameRequired, duration: de.validation.durationInvalid },
    })
    const created = await createEvent()
    const shown = await detail(created.id)
    expect(shown.event).toMatchObject({ status: 'inactive', startedAt: null })
  })

  it('are listed newest first, with the is_klikk filter', async () => {
    const first = await createEvent({ eventName: 'First', isKlikk: true })
    const second = await createEvent({ eventName: 'Second', isKlikk: false })
    const list = async (query: { klikk?: 'true' | 'false' } = {}) =>
      (await json(await admin.client.api.admin.events.$get({ query }))).events.map((e) => e.id)
    const all = await list()
    expect(all.indexOf(second.id)).toBeLessThan(all.indexOf(first.id))
    expect(await list({ klikk: 'true' })).toContain(first.id)
    expect(await list({ klikk: 'true' })).not.toContain(second.id)
    expect(await list({ klikk: 'false' })).toContain(second.id)
  })

  it('start and end; only one is active at a time, enforced by the database', async () => {
    await endEverything()
    const one = await createEvent()
    const two = await createEvent()
    const started = await json(
      await admin.client.api.admin.events[':id'].start.$post({ param: { id: one.id } }),
    )
    expect(started.status).toBe('active')
    expect(Date.parse(started.startedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)

    const refused = await admin.client.post(`/api/admin/events/${two.id}/start`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      code: 'event_already_active',
      message: en.errors.alreadyActive,
    })
    await expect(
      server.harness.database.db
        .update(events)
        .set({ status: 'active' })
        .where(eq(events.id, two.id)),
    ).rejects.toThrow()

    const deleteActive = await admin.client.request(`/api/admin/events/${one.id}`, {
      method: 'DELETE',
    })
    expect(deleteActive.status).toBe(409)
    const ended = await json(
      await admin.client.api.admin.events[':id'].end.$post({ param: { id: one.id } }),
    )
    expect(ended).toMatchObject({ status: 'inactive' })
    expect(ended.endedAt).toBeTruthy()
    await json(await admin.client.post(`/api/admin/events/${two.id}/start`))
    await endEverything()
  })

  it('stay over once ended: a plain start is refused, reopening is its own step', async () => {
    await endEverything()
    const { id } = await createEvent()
    const first = await json(await admin.client.post(`/api/admin/events/${id}/start`))
    await json(await admin.client.post(`/api/admin/events/${id}/end`))

    // One tap on "start" must not bring the evening back.
    const refused = await admin.client.post(`/api/admin/events/${id}/start`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ code: 'event_ended', message: en.errors.eventEnded })
    expect((await detail(id)).event).toMatchObject({
      status: 'inactive',
      endedAt: expect.any(String),
    })
    // In the admin's own language.
    const german = await member({ isAdmin: true, language: 'de' })
    const inGerman = await german.client.post(`/api/admin/events/${id}/start`)
    expect(await inGerman.json()).toEqual({ code: 'event_ended', message: de.errors.eventEnded })

    // Reopening says what it is: running again, with its first start kept.
    const reopened = await json(
      await admin.client.api.admin.events[':id'].reopen.$post({ param: { id } }),
    )
    expect(reopened).toMatchObject({ status: 'active', endedAt: null, startedAt: first.startedAt })
    // Only an ended evening reopens.
    const again = await admin.client.post(`/api/admin/events/${id}/reopen`)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      code: 'event_not_ended',
      message: en.errors.eventNotEnded,
    })
    await endEverything()
  })

  it('take an uploaded image, resized and served from the database', async () => {
    const { id } = await createEvent()
    const png = await sharp({
      create: { width: 1600, height: 1600, channels: 3, background: '#8E3B52' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'event.png')
    const response = await fetch(`${server.http.origin}/api/admin/events/${id}/image`, {
      method: 'POST',
      body: form,
      headers: {
        cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'http://localhost:3000',
      },
    })
    const { imageUrl } = await json<{ imageUrl: string }>(response)
    const image = await fetch(`${server.http.origin}${imageUrl}`)
    expect(image.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([1200, 675])

    await json(await admin.client.request(`/api/admin/events/${id}`, { method: 'DELETE' }))
    expect((await fetch(`${server.http.origin}${imageUrl}`)).status).toBe(404)
  })
})

describe('tables', () => {
  it('are added, edited and removed, with capacity_actual ≤ capacity_full', async () => {
    const { id } = await createEvent()
    const tooMany = await admin.client.post(`/api/admin/events/${id}/tables`, {
      tableName: 'Rose',
      capacityFull: 4,
      capacityActual: 6,
    })
    expect(tooMany.status).toBe(400)
    expect((await tooMany.json()).fields).toEqual({
      capacityActual: en.validation.capacityActualTooLarge,
    })
    const table = await addTable(id, 'Rose', 6)
    const twin = await admin.client.post(`/api/admin/events/${id}/tables`, {
      tableName: 'Rose',
      capacityFull: 4,
      capacityActual: 4,
    })
    expect(await twin.json()).toEqual({ code: 'conflict', message: en.errors.tableNameTaken })
    await json(
      await admin.client.request(`/api/admin/events/${id}/tables/${table.id}`, {
        method: 'PUT',
        json: { tableName: 'Lily', capacityFull: 6, capacityActual: 5 },
      }),
    )
    expect((await detail(id)).tables).toMatchObject([{ tableName: 'Lily', capacityActual: 5 }])
    await json(
      await admin.client.request(`/api/admin/events/${id}/tables/${table.id}`, {
        method: 'DELETE',
      }),
    )
    expect((await detail(id)).tables).toEqual([])
  })
})

describe('participants', () => {
  it('register themselves; an admin checks people in by code and out again', async () => {
    const { id } = await createEvent({ eventName: 'Open evening' })
    const guest = await member()
    const upcoming = await json<{ events: { id: string; registration: string | null }[] }>(
      await guest.client.get('/api/events'),
    )
    expect(upcoming.events.find((e) => e.id === id)).toMatchObject({ registration: null })
    await json(await guest.client.post(`/api/events/${id}/registration`))
    const after = await json<{ events: { id: string; registration: string | null }[] }>(
      await guest.client.get('/api/events'),
    )
    expect(after.events.find((e) => e.id === id)).toMatchObject({ registration: 'registered' })

    await checkIn(id, guest)
    expect((await detail(id)).participants).toMatchObject([
      { userId: guest.userId, status: 'present' },
    ])
    await json(
      await admin.client.request(`/api/admin/events/${id}/participants/${guest.userId}`, {
        method: 'PATCH',
        json: { status: 'absent' },
      }),
    )
    expect((await detail(id)).participants).toMatchObject([{ status: 'absent' }])

    const unknown = await admin.client.post(`/api/admin/events/${id}/participants`, {
      userCode: 'ZZZZZZ',
    })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe(
      en.errors.userCodeUnknown.replace('{{code}}', 'ZZZZZZ'),
    )
    const malformed = await admin.client.post(`/api/admin/events/${id}/participants`, {
      userCode: '!',
    })
    expect((await malformed.json()).message).toBe(en.validation.userCodeInvalid)
  })
})

describe('rounds', () => {
  it('seat every present participant once, within the seats, avoiding repeat meetings', async () => {
    await endEverything()
    const { id, members } = await eventWith([3, 3, 3], 9)
    const leaver = await member()
    await checkIn(id, leaver)
    await json(
      await admin.client.request(`/api/admin/events/${id}/participants/${leaver.userId}`, {
        method: 'PATCH',
        json: { status: 'absent' },
      }),
    )
    const round = await json<{ id: string; roundNumber: number; durationMinutes: number }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    expect(round).toMatchObject({ roundNumber: 1, durationMinutes: 60 })
    let shown = await detail(id)
    const seats = shown.rounds[0]?.seats ?? []
    expect(seats.map((s) => s.userId).sort()).toEqual(members.map((m) => m.userId).sort())
    for (const table of shown.tables)
      expect(seats.filter((s) => s.tableId === table.id)).toHaveLength(3)

    const notActive = await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/start`)
    expect(await notActive.json()).toEqual({
      code: 'event_not_active',
      message: en.errors.notActive,
    })
    await json(await admin.client.post(`/api/admin/events/${id}/start`))
    await json(await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/start`))

    const second = await json<{ id: string; roundNumber: number }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, { durationMinutes: 45 }),
      201,
    )
    expect(second.roundNumber).toBe(2)
    const running = await admin.client.post(`/api/admin/events/${id}/rounds/${second.id}/start`)
    expect(await running.json()).toEqual({ code: 'conflict', message: en.errors.roundRunning })

    // Nine people at three tables of three: round 2 can (and must) avoid every pair of round 1.
    shown = await detail(id)
    const pairs = (roundIndex: number) => {
      const found = new Set<string>()
      const roundSeats = shown.rounds[roundIndex]?.seats ?? []
      for (const a of roundSeats)
        for (const b of roundSeats)
          if (a.userId < b.userId && a.tableId === b.tableId) found.add(`${a.userId}|${b.userId}`)
      return found
    }
    const repeated = [...pairs(1)].filter((pair) => pairs(0).has(pair))
    expect(repeated).toEqual([])

    await json(await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/end`))
    const started = await json<{ started: boolean; startedAt: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds/${second.id}/start`),
    )
    expect(started.started).toBe(true)
    await endEverything()
  })

  it('start the next one while one runs only when told to end the running one, in one step', async () => {
    await endEverything()
    const { id } = await eventWith([2, 2], 4)
    await json(await admin.client.post(`/api/admin/events/${id}/start`))
    const first = await json<{ id: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    await json(await admin.client.post(`/api/admin/events/${id}/rounds/${first.id}/start`))
    const second = await json<{ id: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    const refused = await admin.client.post(
      `/api/admin/events/${id}/rounds/${second.id}/start?endRunning=false`,
    )
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ code: 'conflict', message: en.errors.roundRunning })

    const started = await json<{ id: string; started: boolean }>(
      await admin.client.post(`/api/admin/events/${id}/rounds/${second.id}/start?endRunning=true`),
    )
    expect(started).toMatchObject({ id: second.id, started: true })
    const shown = await detail(id)
    expect(shown.rounds.map((round) => [round.roundNumber, round.started, round.finished])).toEqual(
      [
        [1, true, true],
        [2, true, false],
      ],
    )
    // The audit log tells both steps: round 1 ended, then round 2 started.
    const log = (await (
      await admin.client.get(`/api/admin/audit?subjectType=event&subjectId=${id}`)
    ).json()) as { entries: { action: string; after: { roundNumber?: number } | null }[] }
    expect(
      log.entries.slice(0, 2).map((entry) => [entry.action, entry.after?.roundNumber]),
    ).toEqual([
      ['round.start', 2],
      ['round.end', 1],
    ])
    await endEverything()
  })

  it('say clearly when there are more people than seats', async () => {
    const { id } = await eventWith([2], 3)
    const response = await admin.client.post(`/api/admin/events/${id}/rounds`, {})
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      code: 'not_enough_seats',
      message: en.errors.notEnoughSeats.replace('{{people}}', '3').replace('{{seats}}', '2'),
    })
  })

  it('can be reseated, adjusted by hand, and take a late arrival during the round', async () => {
    await endEverything()
    const { id } = await eventWith([3, 3], 5)
    const round = await json<{ id: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    await json(await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/reseat`))
    let shown = await detail(id)
    const [tableA, tableB] = shown.tables
    const seats = () => shown.rounds[0]?.seats ?? []
    const at = (tableId: string | undefined) => seats().filter((s) => s.tableId === tableId)
    const a = at(tableA?.id)[0]
    const b = at(tableB?.id)[0]
    if (!a || !b || !tableA || !tableB) throw new Error('unexpected seating')

    await json(
      await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/seating`, {
        action: 'swap',
        userA: a.userId,
        userB: b.userId,
      }),
    )
    shown = await detail(id)
    expect(seats().find((s) => s.userId === a.userId)?.tableId).toBe(tableB.id)
    expect(seats().find((s) => s.userId === b.userId)?.tableId).toBe(tableA.id)

    // The fuller table has no free seat: moving someone there is refused.
    const fuller = at(tableA.id).length === 3 ? tableA : tableB
    const other = fuller === tableA ? tableB : tableA
    const mover = at(other.id)[0]
    const full = await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/seating`, {
      action: 'move',
      userId: mover?.userId,
      tableId: fuller.id,
    })
    expect(await full.json()).toEqual({ code: 'conflict', message: en.errors.tableFull })

    await json(await admin.client.post(`/api/admin/events/${id}/start`))
    await json(await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/start`))
    const late = await member()
    await checkIn(id, late)
    await json(
      await admin.client.post(`/api/admin/events/${id}/rounds/${round.id}/seating`, {
        action: 'move',
        userId: late.userId,
        tableId: other.id,
      }),
    )
    shown = await detail(id)
    expect(seats().find((s) => s.userId === late.userId)?.tableId).toBe(other.id)
    await endEverything()
  })
})

describe('role matrix', () => {
  const routes = (eventId: string, roundId: string, tableId: string, userId: string) =>
    [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events', eventInput()],
      ['GET', `/api/admin/events/${eventId}`],
      ['PUT', `/api/admin/events/${eventId}`, eventInput()],
      [
        'POST',
        `/api/admin/events/${eventId}/tables`,
        { tableName: 'x', capacityFull: 2, capacityActual: 2 },
      ],
      [
        'PUT',
        `/api/admin/events/${eventId}/tables/${tableId}`,
        { tableName: 'y', capacityFull: 2, capacityActual: 2 },
      ],
      ['POST', `/api/admin/events/${eventId}/participants`, { userCode: 'AAAA' }],
      ['PATCH', `/api/admin/events/${eventId}/participants/${userId}`, { status: 'present' }],
      ['POST', `/api/admin/events/${eventId}/rounds/${roundId}/reseat`],
      [
        'POST',
        `/api/admin/events/${eventId}/rounds/${roundId}/seating`,
        { action: 'swap', userA: 'a', userB: 'b' },
      ],
      ['POST', `/api/admin/events/${eventId}/rounds/${roundId}/start`],
      ['POST', `/api/admin/events/${eventId}/rounds/${roundId}/end`],
      ['DELETE', `/api/admin/events/${eventId}/rounds/${roundId}`],
      ['DELETE', `/api/admin/events/${eventId}/participants/${userId}`],
      ['DELETE', `/api/admin/events/${eventId}/tables/${tableId}`],
      ['POST', `/api/admin/events/${eventId}/start`],
      ['POST', `/api/admin/events/${eventId}/end`],
      ['GET', `/api/admin/events/${eventId}/seating.csv`],
      ['GET', `/api/admin/events/${eventId}/keep-apart`],
      ['POST', `/api/admin/events/${eventId}/keep-apart`, { userA: userId, userB: 'someone' }],
      ['DELETE', `/api/admin/events/${eventId}/keep-apart/00000000-0000-4000-8000-000000000000`],
      ['DELETE', `/api/admin/events/${eventId}`],
    ] as const

  it('keeps every admin route from anonymous visitors (401) and members (403)', async () => {
    const { id, members } = await eventWith([2], 2)
    const round = await json<{ id: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    const table = (await detail(id)).tables[0]?.id ?? ''
    const someone = await member()
    for (const [method, path, body] of routes(id, round.id, table, members[0]?.userId ?? '')) {
      for (const [caller, status] of [
        [browserClient(server.http.origin), 401],
        [someone.client, 403],
      ] as const) {
        const response = await caller.request(path, { method, json: body })
        expect(response.status, `${method} ${path}`).toBe(status)
        expect(Object.keys(await response.json()).sort()).toEqual(['code', 'message'])
      }
    }
  })

  it('lets admins through and keeps the members’ routes for signed-in members', async () => {
    await endEverything()
    const { id, members } = await eventWith([2], 2)
    const round = await json<{ id: string }>(
      await admin.client.post(`/api/admin/events/${id}/rounds`, {}),
      201,
    )
    const table = (await detail(id)).tables[0]?.id ?? ''
    for (const [method, path, body] of routes(id, round.id, table, members[0]?.userId ?? '')) {
      const response = await admin.client.request(path, { method, json: body })
      // Allowed through the guard: any answer but 401/403 (a 404 or 409 from the domain is fine).
      expect([401, 403], `${method} ${path}`).not.toContain(response.status)
    }
    const anonymous = browserClient(server.http.origin)
    expect((await anonymous.get('/api/events')).status).toBe(401)
    expect((await anonymous.get('/api/events/people-met')).status).toBe(401)
    expect((await anonymous.post(`/api/events/${id}/registration`)).status).toBe(401)
    expect((await members[0]?.client.get('/api/events'))?.status).toBe(200)
    expect((await members[0]?.client.get('/api/events/people-met'))?.status).toBe(200)
    await endEverything()
  })
})
