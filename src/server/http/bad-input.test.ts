import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { user } from '../db/schema/auth.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import deErrors from '#shared/locales/de/errors.json' with { type: 'json' }
import deEvents from '#shared/locales/de/events.json' with { type: 'json' }
import enErrors from '#shared/locales/en/errors.json' with { type: 'json' }
import enEvents from '#shared/locales/en/events.json' with { type: 'json' }
import esEvents from '#shared/locales/es/events.json' with { type: 'json' }
import huEvents from '#shared/locales/hu/events.json' with { type: 'json' }

// Inputs that once made the server answer 500 (issue 15): each is now a 4xx with { code, message }
// in the user's language. The fuzz test (fuzz.test.ts) looks for more of them.

const server = httpTestApp()
type Member = Awaited<ReturnType<typeof seedMember>>
let admin: Member
let member: Member
let eventId: string
let tableId: string
let roundId: string

const NOT_A_UUID = 'a'.repeat(36)
const DASHES = '-'.repeat(36)

const eventInput = (startTime: string) => ({
  eventName: 'Bad input evening',
  startTime,
  duration: 120,
})

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'en' })
  member = await seedMember(server.harness, server.http.origin, { language: 'en' })
  const created = await admin.client.post(
    '/api/admin/events',
    eventInput(new Date(Date.now() + 86_400_000).toISOString()),
  )
  eventId = ((await created.json()) as { id: string }).id
  const table = await admin.client.post(`/api/admin/events/${eventId}/tables`, {
    tableName: 'Rose',
    capacityFull: 4,
    capacityActual: 4,
  })
  tableId = ((await table.json()) as { id: string }).id
  const { userCode } = (await (await member.client.get('/api/me')).json()) as { userCode: string }
  await admin.client.post(`/api/admin/events/${eventId}/participants`, { userCode })
  const round = await admin.client.post(`/api/admin/events/${eventId}/rounds`, {})
  roundId = ((await round.json()) as { id: string }).id
})

describe('ids that are not uuids', () => {
  it('are an unknown event to members and the round panel, not a database error', async () => {
    expect(
      await answer(await member.client.post(`/api/events/${NOT_A_UUID}/registration`)),
    ).toEqual({ status: 404, body: { code: 'not_found', message: enEvents.errors.eventNotFound } })
    expect(await answer(await member.client.get(`/api/klikkscreen?eventId=${DASHES}`))).toEqual({
      status: 404,
      body: { code: 'not_found', message: enEvents.errors.eventNotFound },
    })
    expect((await member.client.get(`/api/events/${DASHES}/live`)).status).toBe(404)
    expect(
      (await member.client.request(`/api/events/${NOT_A_UUID}/registration`, { method: 'DELETE' }))
        .status,
    ).toBe(404)
  })

  it('are checked on every admin sub-route, the event id first', async () => {
    const german = await seedMember(server.harness, server.http.origin, {
      isAdmin: true,
      language: 'de',
    })
    const participant = await german.client.request('/api/admin/events/not-a-uuid/participants/x', {
      method: 'PATCH',
      json: { status: 'present' },
    })
    expect(await answer(participant)).toEqual({
      status: 404,
      body: { code: 'not_found', message: deEvents.errors.eventNotFound },
    })
    const table = await admin.client.request(`/api/admin/events/not-a-uuid/tables/${tableId}`, {
      method: 'PUT',
      json: { tableName: 'Lily', capacityFull: 4, capacityActual: 4 },
    })
    expect(await answer(table)).toEqual({
      status: 404,
      body: { code: 'not_found', message: enEvents.errors.eventNotFound },
    })
    for (const [method, path, message] of [
      ['DELETE', `/api/admin/events/${eventId}/tables/${DASHES}`, enErrors.notFound],
      [
        'POST',
        `/api/admin/events/${eventId}/rounds/${NOT_A_UUID}/start`,
        enEvents.errors.roundNotFound,
      ],
      [
        'DELETE',
        `/api/admin/events/${eventId}/participants/a%20b`,
        enEvents.errors.participantNotFound,
      ],
      ['DELETE', `/api/admin/events/${DASHES}/rounds/${roundId}`, enEvents.errors.eventNotFound],
      ['GET', `/api/admin/events/${DASHES}`, enEvents.errors.eventNotFound],
      ['DELETE', `/api/admin/newsletter/${NOT_A_UUID}`, enErrors.notFound],
      ['GET', `/api/media/${NOT_A_UUID}`, enErrors.notFound],
    ] as const) {
      const response = await admin.client.request(path, { method })
      expect(await answer(response), `${method} ${path}`).toEqual({
        status: 404,
        body: { code: 'not_found', message },
      })
    }
  })

  it('still keep visitors and members out of admin routes (401, 403) before looking at ids', async () => {
    const path = `/api/admin/events/${NOT_A_UUID}/participants/x`
    const patch = { method: 'PATCH', json: { status: 'present' } }
    expect((await browserClient(server.http.origin).request(path, patch)).status).toBe(401)
    expect((await member.client.request(path, patch)).status).toBe(403)
  })

  it('in capitals are the same row', async () => {
    const response = await admin.client.get(`/api/admin/events/${eventId.toUpperCase()}`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { event: { id: string } }).event.id).toBe(eventId)
  })
})

describe('an event start time', () => {
  it('is refused outside 2000–2099, with the message in each language', async () => {
    for (const [language, events] of [
      ['hu', huEvents],
      ['en', enEvents],
      ['es', esEvents],
      ['de', deEvents],
    ] as const) {
      const someone = await seedMember(server.harness, server.http.origin, {
        isAdmin: true,
        language,
      })
      const response = await someone.client.post(
        '/api/admin/events',
        eventInput('0000-01-01T00:00:00Z'),
      )
      expect(await answer(response)).toEqual({
        status: 400,
        body: {
          code: 'invalid_request',
          message: events.validation.startTimeOutOfRange,
          fields: { startTime: events.validation.startTimeOutOfRange },
        },
      })
    }
    const edit = await admin.client.request(`/api/admin/events/${eventId}`, {
      method: 'PUT',
      json: eventInput('2100-01-01T00:00:00Z'),
    })
    expect(edit.status).toBe(400)
    const last = await admin.client.post(
      '/api/admin/events',
      eventInput('2099-12-31T23:59:59-01:00'),
    )
    expect(last.status).toBe(400)
    const inRange = await admin.client.post('/api/admin/events', eventInput('2099-12-31T22:00:00Z'))
    expect(inRange.status).toBe(201)
  })
})

describe('Better Auth’s update-user', () => {
  it('refuses a name that is not text, and keeps the old one', async () => {
    for (const name of [null, 42, { first: 'x' }, ['x'], '', '   ']) {
      const response = await member.client.post('/api/auth/update-user', { name })
      expect(await answer(response), JSON.stringify(name)).toEqual({
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: enErrors.auth.VALIDATION_ERROR },
      })
    }
    const image = await member.client.post('/api/auth/update-user', { image: 12 })
    expect(image.status).toBe(400)
    const [row] = await server.harness.database.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, member.userId))
    expect(row?.name).toMatch(/^Member \d+$/)
    const german = await seedMember(server.harness, server.http.origin, { language: 'de' })
    const refused = await german.client.post('/api/auth/update-user', { name: null })
    expect(await refused.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: deErrors.auth.VALIDATION_ERROR,
    })
    const renamed = await member.client.post('/api/auth/update-user', { name: 'New Name' })
    expect(renamed.status).toBe(200)
  })
})

describe('HEAD', () => {
  it('on Better Auth’s endpoints is answered without a server error', async () => {
    for (const path of ['/api/auth/get-session', '/api/auth/sign-up/email', '/api/auth/nothing'])
      expect((await member.client.request(path, { method: 'HEAD' })).status, path).toBeLessThan(500)
  })
})

describe('U+0000', () => {
  it('is refused in a path, a query and a JSON body (PostgreSQL cannot store it)', async () => {
    for (const response of [
      await admin.client.get(`/api/admin/events/${eventId}%00`),
      await member.client.get(`/api/klikkscreen?eventId=%00`),
      await admin.client.post('/api/admin/events', {
        ...eventInput(new Date(Date.now() + 86_400_000).toISOString()),
        eventName: 'a\u0000b',
      }),
      await member.client.post('/api/auth/update-user', { name: 'a\u0000b' }),
    ]) {
      const { status, body } = await answer(response)
      expect(status).toBe(400)
      expect(body).toEqual({ code: 'invalid_request', message: enErrors.invalidRequest })
    }
  })
})
