import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import hu from '#shared/locales/hu/events.json' with { type: 'json' }
import huEmails from '#shared/locales/hu/emails.json' with { type: 'json' }
import { openDatabase } from '../db/client.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { register as registerIn } from './participants.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'

const server = httpTestAppWithMail()
const { member, ok } = eveningApi(server)
const db = () => server.harness.database.db
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

/** An event three days ahead with `places` places. */
async function eventWith(places: number | null, name = `Places ${Date.now()}`) {
  return ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: {
      eventName: name,
      startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      duration: 120,
      places,
    },
  })
}

type MemberEvent = {
  id: string
  registration: string | null
  places: number | null
  placesLeft: number | null
  waitingPosition: number | null
}
const myEvent = async (who: Member, eventId: string) =>
  (await ok<{ events: MemberEvent[] }>(who.client, '/api/events', { method: 'GET' })).events.find(
    (e) => e.id === eventId,
  )

const register = (who: Member, eventId: string) =>
  who.client.request(`/api/events/${eventId}/registration`, { method: 'POST' })
const withdraw = (who: Member, eventId: string) =>
  who.client.request(`/api/events/${eventId}/registration`, { method: 'DELETE' })

describe('places and the waiting list', () => {
  it('gives the last place to exactly one of ten members racing for it; nine wait, in order', async () => {
    const { id } = await eventWith(3)
    const [first, second] = await Promise.all([member(), member()])
    if (!first || !second) throw new Error('members missing')
    for (const early of [first, second]) expect((await register(early, id)).status).toBe(200)

    const racers = await Promise.all(Array.from({ length: 10 }, () => member()))
    const answers = await Promise.all(
      racers.map(async (racer) => {
        const response = await register(racer, id)
        return (await response.json()) as { waiting: boolean; position: number | null }
      }),
    )
    expect(answers.filter((a) => !a.waiting)).toHaveLength(1)
    const positions = answers.flatMap((a) => (a.waiting ? [a.position] : []))
    expect(positions.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])

    // Each sees her place in line; the event shows no places left.
    const seen = await Promise.all(racers.map((racer) => myEvent(racer, id)))
    expect(seen.filter((e) => e?.registration === 'registered')).toHaveLength(1)
    expect(
      seen
        .map((e) => e?.waitingPosition)
        .filter((p) => p !== null)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(seen[0]).toMatchObject({ places: 3, placesLeft: 0 })

    // The admin's list counts them apart.
    const list = await ok<{
      events: { id: string; participants: { registered: number; waiting: number } }[]
    }>(admin.client, '/api/admin/events', { method: 'GET' })
    expect(list.events.find((e) => e.id === id)?.participants).toMatchObject({
      registered: 3,
      waiting: 9,
    })
  })

  it('offers a place given up to the first in line, registers her only on her yes, in her language', async () => {
    const name = `Full evening ${Date.now()}`
    const { id } = await eventWith(1, name)
    const holder = await member()
    const firstInLine = await member({ language: 'hu', name: 'Első Erzsi' })
    const secondInLine = await member()
    await register(holder, id)
    await register(firstInLine, id)
    await register(secondInLine, id)
    expect(await myEvent(firstInLine, id)).toMatchObject({
      registration: 'waiting',
      waitingPosition: 1,
    })

    expect((await withdraw(holder, id)).status).toBe(200)
    // Nobody is registered without saying yes (decision 0089): an offer, by e-mail.
    expect(await myEvent(firstInLine, id)).toMatchObject({ registration: 'waiting' })
    const offer = await server.mail.waitFor(firstInLine.email, { subject: /Egy hely a tiéd/ })
    expect(offer.text).toContain('Első Erzsi')
    expect(offer.links.some((link) => link.endsWith(`/events/offer/${id}?lang=hu`))).toBe(true)
    expect(
      (await firstInLine.client.request(`/api/events/${id}/offer`, { method: 'POST' })).status,
    ).toBe(200)
    expect(await myEvent(firstInLine, id)).toMatchObject({
      registration: 'registered',
      waitingPosition: null,
    })
    expect(await myEvent(secondInLine, id)).toMatchObject({ waitingPosition: 1 })
    const mail = await server.mail.waitFor(firstInLine.email, { subject: /Tiéd a hely/ })
    expect(mail.subject).toContain(huEmails.placeOpened.subject.replace('{{event}}', name))
    expect(mail.links.some((link) => link.endsWith('/events?lang=hu'))).toBe(true)

    // Leaving the waiting list frees nothing and e-mails nobody.
    expect((await withdraw(secondInLine, id)).status).toBe(200)
    expect(await myEvent(secondInLine, id)).toMatchObject({ registration: null })
  })

  it('refuses twice, a past event and a withdrawal after the start, in her language, with no second row', async () => {
    const { id } = await eventWith(null)
    const anna = await member({ language: 'hu' })
    expect((await register(anna, id)).status).toBe(200)
    const twice = await register(anna, id)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({
      code: 'already_registered',
      message: hu.errors.alreadyRegistered,
    })
    const rows = await db()
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, id), eq(eventParticipants.userId, anna.userId)))
    expect(rows).toHaveLength(1)

    // The evening started an hour ago: no withdrawing now.
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - 3_600_000) })
      .where(eq(events.id, id))
    const late = await withdraw(anna, id)
    expect(late.status).toBe(409)
    expect((await late.json()).message).toBe(hu.errors.withdrawalClosed)
    expect(await myEvent(anna, id)).toMatchObject({ registration: 'registered' })

    // Ended long ago: closed.
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - 86_400_000) })
      .where(eq(events.id, id))
    const bea = await member({ language: 'en' })
    const past = await register(bea, id)
    expect(past.status).toBe(409)
    expect((await past.json()).message).toBe(en.errors.registrationClosed)

    // Deleted: not found.
    await ok(admin.client, `/api/admin/events/${id}`, { method: 'DELETE' })
    const gone = await register(bea, id)
    expect(gone.status).toBe(404)
  })

  // Two server processes on one PostgreSQL: two pools, registering at the same moment.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives the last place to one of ten members when two processes on one PostgreSQL take them',
    async () => {
      const url = server.harness.database.url
      if (!url) throw new Error('the test database is not PostgreSQL')
      const other = await openDatabase({ databaseUrl: url })
      try {
        const { id } = await eventWith(1)
        const racers = await Promise.all(Array.from({ length: 10 }, () => member()))
        const mail = {
          baseUrl: 'http://localhost:3000',
          from: 'hello@example.com',
          onEmailQueued: () => {},
        }
        const answers = await Promise.all(
          racers.map((racer, i) =>
            registerIn(i % 2 === 0 ? db() : other.db, id, racer.userId, mail),
          ),
        )
        expect(answers.filter((a) => a.status === 'registered')).toHaveLength(1)
        expect(
          answers.flatMap((a) => (a.position === null ? [] : [a.position])).sort((a, b) => a - b),
        ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
      } finally {
        await other.close()
      }
    },
  )

  it('refuses a number of places that is not a whole number from 1 to 10,000', async () => {
    const response = await admin.client.request('/api/admin/events', {
      method: 'POST',
      json: {
        eventName: 'Bad places',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        duration: 60,
        places: 0,
      },
    })
    expect(response.status).toBe(400)
    expect((await response.json()).fields).toEqual({ places: en.validation.placesInvalid })
  })
})
