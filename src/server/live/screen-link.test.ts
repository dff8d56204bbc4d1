import { eq, isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import { eventStateSchema, liveStateSchema } from '#shared/live-state.ts'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import de from '#shared/locales/de/events.json' with { type: 'json' }
import { SCREEN_CODE_ALPHABET } from '#shared/screen-codes.ts'
import { events } from '../db/schema/events.ts'
import { eventScreenLinks } from '../db/schema/screen-links.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedEvening } from '../test/seed-evening.ts'
import { seedMember } from '../test/seed.ts'
import { sseReader } from '../test/sse.ts'

const server = httpTestApp()
const db = () => server.harness.database.db

interface Made {
  path: string
  code: string
  createdAt: string
  replaced: boolean
}

/** A running evening (no other is active), a started round with two seated guests. */
async function runningEvening() {
  const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
  const post = async (path: string, body: unknown = {}) => {
    const response = await admin.client.post(path, body)
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  await db().update(events).set({ status: 'inactive' }).where(eq(events.status, 'active'))
  const guests = await Promise.all([1, 2].map(() => seedMember(server.harness, server.http.origin)))
  const present = await Promise.all(
    guests.map(
      async (guest) =>
        ((await (await guest.client.get('/api/me')).json()) as { userCode: string }).userCode,
    ),
  )
  const { eventId, roundId } = await seedEvening(post, { eventName: 'Screen evening', present })
  await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
  const makeLink = async () => {
    const response = await admin.client.post(`/api/admin/events/${eventId}/screen-link`, {})
    expect(response.status).toBe(201)
    return (await response.json()) as Made
  }
  return { admin, post, eventId, guests, makeLink }
}

/** Someone at the projector: no account, no cookie, an address of her own. */
const projector = (language?: string) => browserClient(server.http.origin, { language })
const keyOf = (made: Made) => made.path.replace('/screen/', '')

describe('a screen link', () => {
  it('shows the running round without an account, and nothing of members beyond names', async () => {
    const { eventId, guests, makeLink } = await runningEvening()
    const made = await makeLink()
    expect(made.path).toMatch(/^\/screen\/[A-Za-z0-9_-]{43}$/)
    expect(made.code).toMatch(
      new RegExp(`^[${SCREEN_CODE_ALPHABET}]{4}-[${SCREEN_CODE_ALPHABET}]{4}$`),
    )

    const response = await projector().get(`/api/screen/${keyOf(made)}`)
    expect(response.status).toBe(200)
    const state = eventStateSchema.parse(await response.json())
    expect(state.event).toMatchObject({
      id: eventId,
      status: 'active',
      eventName: 'Screen evening',
    })
    expect(state.round).toMatchObject({ roundNumber: 1, started: true, finished: false })
    const seated = state.tables.flatMap((table) => table.people)
    expect(seated).toHaveLength(2)
    // Ids of this screen alone: no member's id reaches the projector.
    for (const guest of guests) expect(JSON.stringify(state)).not.toContain(guest.userId)

    // The stream pushes the same state.
    const stream = sseReader(await projector().get(`/api/screen/${keyOf(made)}/live`))
    try {
      const pushed = liveStateSchema.parse(await stream.next('state'))
      expect(pushed.round?.roundNumber).toBe(1)
    } finally {
      await stream.close()
    }

    // The code is kept only as a hash.
    const [row] = await db()
      .select()
      .from(eventScreenLinks)
      .where(eq(eventScreenLinks.eventId, eventId))
    expect(JSON.stringify(row)).not.toContain(made.code.replace('-', ''))
  })

  it('is refused after revoking, and a screen showing it hears so at once', async () => {
    const { admin, eventId, makeLink } = await runningEvening()
    const made = await makeLink()
    const stream = sseReader(await projector().get(`/api/screen/${keyOf(made)}/live`))
    try {
      await stream.next('state')
      const revoked = await admin.client.request(`/api/admin/events/${eventId}/screen-link`, {
        method: 'DELETE',
      })
      expect(revoked.status).toBe(200)
      expect(await stream.next('gone', 3_000)).toEqual({ code: 'screen_link_revoked' })
      await stream.ended(3_000)
    } finally {
      await stream.close().catch(() => {})
    }
    const fresh = await projector('de').get(`/api/screen/${keyOf(made)}`)
    expect(fresh.status).toBe(404)
    expect(await fresh.json()).toEqual({
      code: 'screen_link_revoked',
      message: de.errors.screenLinkRevoked,
    })
    expect((await projector().get(`/api/screen/${keyOf(made)}/live`)).status).toBe(404)
    // Nothing left to revoke.
    const again = await admin.client.request(`/api/admin/events/${eventId}/screen-link`, {
      method: 'DELETE',
    })
    expect(again.status).toBe(404)
  })

  it('a new link stops the old one', async () => {
    const { admin, eventId, makeLink } = await runningEvening()
    const first = await makeLink()
    const second = await makeLink()
    expect(second.replaced).toBe(true)
    expect((await projector().get(`/api/screen/${keyOf(first)}`)).status).toBe(404)
    expect((await projector().get(`/api/screen/${keyOf(second)}`)).status).toBe(200)
    const status = await admin.client.get(`/api/admin/events/${eventId}/screen-link`)
    expect(await status.json()).toEqual({ working: true, createdAt: second.createdAt })
  })

  it('ends with the evening: a screen keeps the closing, a fresh load is refused in its language', async () => {
    const { admin, post, eventId, makeLink } = await runningEvening()
    const made = await makeLink()
    const stream = sseReader(await projector().get(`/api/screen/${keyOf(made)}/live`))
    try {
      await stream.next('state')
      await post(`/api/admin/events/${eventId}/end`)
      const closing = liveStateSchema.parse(await stream.next('state', 3_000))
      expect(closing.event.endedAt).not.toBeNull()
      expect(closing.closing).toMatchObject({ people: 2, rounds: 1 })
      expect(await stream.next('gone', 3_000)).toEqual({ code: 'screen_link_ended' })
    } finally {
      await stream.close().catch(() => {})
    }
    const fresh = await projector('en').get(`/api/screen/${keyOf(made)}`)
    expect(fresh.status).toBe(404)
    expect(await fresh.json()).toEqual({
      code: 'screen_link_ended',
      message: en.errors.screenLinkEnded,
    })
    const code = await projector().post('/api/screen/code', { code: made.code })
    expect(code.status).toBe(404)
    // Reopened, the evening does not bring the old link back; an ended one gets no new link.
    await post(`/api/admin/events/${eventId}/reopen`)
    expect((await projector().get(`/api/screen/${keyOf(made)}`)).status).toBe(404)
    await post(`/api/admin/events/${eventId}/end`)
    const late = await admin.client.post(`/api/admin/events/${eventId}/screen-link`, {})
    expect(late.status).toBe(409)
    expect(((await late.json()) as { code: string }).code).toBe('event_ended')
  })

  it('opens nothing else: every other route refuses it', async () => {
    const { eventId, makeLink } = await runningEvening()
    const made = await makeLink()
    const key = keyOf(made)
    const client = projector()
    const bearer = { authorization: `Bearer ${key}` }
    for (const path of [
      '/api/me',
      '/api/klikkscreen',
      `/api/klikkscreen?eventId=${eventId}`,
      `/api/events/${eventId}/live`,
      '/api/events',
      '/api/admin/events',
      `/api/admin/events/${eventId}`,
      `/api/admin/events/${eventId}/screen-link`,
      `/api/door/${eventId}`,
      '/api/account/export',
    ]) {
      const keyHeaders: Record<string, string>[] = [
        bearer,
        { cookie: `better-auth.session_token=${key}` },
      ]
      for (const headers of keyHeaders) {
        const response = await client.request(path, { headers })
        expect(response.status, `${path} with ${Object.keys(headers)[0]}`).toBe(401)
      }
    }
    // A key one letter off opens nothing (the last letter changed for certain: a key that
    // already ended in "A" once made this test ask for its own screen, 1 run in 64).
    const oneOff = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`
    expect(oneOff).not.toBe(key)
    const other = await projector().get(`/api/screen/${oneOff}`)
    expect(other.status).toBe(404)
  })
})

describe('a screen code', () => {
  it('opens the big screen at /screen: spaces, dashes and small letters forgiven', async () => {
    const { eventId, makeLink } = await runningEvening()
    const made = await makeLink()
    const typed = ` ${made.code.toLowerCase().replace('-', ' ')} `
    const response = await projector().post('/api/screen/code', { code: typed })
    expect(response.status).toBe(200)
    const { key, path } = (await response.json()) as { key: string; path: string }
    expect(path).toBe(`/screen/${key}`)
    // A key of its own, not the host's link.
    expect(key).not.toBe(keyOf(made))
    const state = eventStateSchema.parse(await (await projector().get(`/api/screen/${key}`)).json())
    expect(state.event.id).toBe(eventId)
  })

  it('refuses wrong codes in her language, and stops guessing after 10 tries', async () => {
    const { makeLink } = await runningEvening()
    const made = await makeLink()
    const guesser = projector('de')
    const wrong = made.code.startsWith('2') ? '3' : '2'
    const guess = `${wrong}${made.code.slice(1)}`
    const first = await guesser.post('/api/screen/code', { code: guess })
    expect(first.status).toBe(404)
    expect(await first.json()).toEqual({
      code: 'screen_code_unknown',
      message: de.errors.screenCodeUnknown,
    })
    const malformed = await guesser.post('/api/screen/code', { code: 'O0I1-LU00' })
    expect(malformed.status).toBe(404)
    for (let i = 2; i < 10; i++)
      expect((await guesser.post('/api/screen/code', { code: guess })).status).toBe(404)
    // The eleventh try in ten minutes is refused, even with the right code.
    const blocked = await guesser.post('/api/screen/code', { code: made.code })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another projector is not held back by her guesses.
    expect((await projector().post('/api/screen/code', { code: made.code })).status).toBe(200)
  })
})

describe('the big screen without an id', () => {
  it('shows the evening that just ended, for its closing; after 12 hours, that nothing runs', async () => {
    const { post, eventId } = await runningEvening()
    const viewer = await seedMember(server.harness, server.http.origin)
    await post(`/api/admin/events/${eventId}/end`)
    const response = await viewer.client.get('/api/klikkscreen')
    expect(response.status).toBe(200)
    const state = eventStateSchema.parse(await response.json())
    expect(state.event.id).toBe(eventId)
    expect(state.closing).toMatchObject({ people: 2, rounds: 1 })

    // Every evening of this file ended more than 12 hours ago.
    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - EVENING_CLOSING_MS - 60_000) })
      .where(isNotNull(events.endedAt))
    server.harness.live.hub.changed(eventId)
    const later = await viewer.client.get('/api/klikkscreen')
    expect(later.status).toBe(404)
    expect(((await later.json()) as { code: string }).code).toBe('no_active_event')
  })
})
