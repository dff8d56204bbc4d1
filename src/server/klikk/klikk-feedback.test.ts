import { eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import deEvents from '#shared/locales/de/events.json' with { type: 'json' }
import huEvents from '#shared/locales/hu/events.json' with { type: 'json' }
import { auditLog } from '../db/schema/audit.ts'
import { eventRounds, events, eventTableAssignments } from '../db/schema/events.ts'
import { klikkFeedback } from '../db/schema/klikk.ts'
import { eveningApi, QUIET_MAIL, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { KLIKK_PICK_LIMIT } from './klikk.routes.ts'

const server = httpTestApp()
const { member, ok, evening, endRunning } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

interface DashboardEvening {
  id: string
  endedAt: string | null
  newPairs: number
  mutualKlikks: number
  feedback: { answers: number; average: number | null; comments: string[] }
}

const rate = (who: Member, eventId: string, json: Record<string, unknown>) =>
  who.client.request(`/api/klikk/${eventId}/feedback`, { method: 'PUT', json })
const answersStored = async (eventId: string) =>
  db().select().from(klikkFeedback).where(eq(klikkFeedback.eventId, eventId))
const myAnswer = async (who: Member, eventId: string) =>
  (
    await ok<{ evenings: { eventId: string; feedback: unknown }[] }>(who.client, '/api/klikk', {
      method: 'GET',
    })
  ).evenings.find((e) => e.eventId === eventId)?.feedback
const dashboard = () =>
  ok<{ evenings: DashboardEvening[] }>(admin.client, '/api/admin/dashboard?range=4w', {
    method: 'GET',
  })

/** An evening of four at two tables of two, its round started and the evening ended. */
async function eveningOfFour(names: string[], language = 'en') {
  await endRunning(admin)
  const people = await Promise.all(names.map((name) => member({ name, language })))
  const { eventId } = await evening(admin, {
    eventName: `Evening ${names.length} ${Math.random()}`,
    tables: [
      { name: 'Rose', seats: 2 },
      { name: 'Lily', seats: 2 },
    ],
    present: people.map((p) => p.userCode),
    roundStarted: true,
  })
  await ok(admin.client, `/api/admin/events/${eventId}/end`)
  const seats = await db()
    .select({ userId: eventTableAssignments.userId, tableId: eventTableAssignments.tableId })
    .from(eventTableAssignments)
    .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
    .where(eq(eventRounds.eventId, eventId))
  const table = new Map(seats.map((seat) => [seat.userId, seat.tableId]))
  const [a, ...rest] = people
  if (!a) throw new Error('no members')
  const b = rest.find((p) => table.get(p.userId) === table.get(a.userId))
  const [c, d] = rest.filter((p) => p !== b)
  if (!b || !c || !d) throw new Error('not two tables of two')
  return { eventId, a, b, c, d, people }
}

describe('klikk: how the evening felt', () => {
  it('takes one answer per member and evening, which she can change while the window is open', async () => {
    const { eventId, a, b } = await eveningOfFour(['Aliz', 'Boglárka', 'Cecília', 'Dorka'])
    expect(await myAnswer(a, eventId)).toBeNull()
    const first = await rate(a, eventId, { rating: 4, comment: '  Jó volt a zene.  ' })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ rating: 4, comment: 'Jó volt a zene.' })
    await ok(a.client, `/api/klikk/${eventId}/feedback`, {
      method: 'PUT',
      json: { rating: 2, comment: '' },
    })
    expect(await myAnswer(a, eventId)).toEqual({ rating: 2, comment: null })
    await ok(b.client, `/api/klikk/${eventId}/feedback`, { method: 'PUT', json: { rating: 5 } })
    expect(await myAnswer(b, eventId)).toEqual({ rating: 5, comment: null })
    expect(await answersStored(eventId)).toHaveLength(2)

    // After the window, an evening without a klikk leaves her page, and her answer with it.
    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(events.id, eventId))
    expect(await myAnswer(a, eventId)).toBeUndefined()
  })

  it('refuses, in her language and storing nothing: not seated there, before the end, after the window, a bad rating or comment', async () => {
    await endRunning(admin)
    const [anna, bea] = await Promise.all([member({ language: 'de' }), member({ language: 'hu' })])
    if (!anna || !bea) throw new Error('no members')
    const { eventId } = await evening(admin, {
      present: [anna.userCode, bea.userCode],
      roundStarted: true,
    })
    const early = await rate(anna, eventId, { rating: 5 })
    expect(early.status).toBe(409)
    expect(await early.json()).toEqual({
      code: 'klikk_not_open',
      message: deEvents.errors.klikkFeedbackNotOpen,
    })
    await ok(admin.client, `/api/admin/events/${eventId}/end`)

    const stranger = await member({ language: 'hu' })
    const absent = await rate(stranger, eventId, { rating: 5 })
    expect(absent.status).toBe(409)
    expect(await absent.json()).toEqual({
      code: 'klikk_not_seated',
      message: huEvents.errors.klikkFeedbackNotSeated,
    })
    for (const rating of [0, 6, 2.5, '4', null]) {
      const bad = await rate(bea, eventId, { rating })
      expect(bad.status).toBe(400)
      expect(await bad.json()).toMatchObject({
        fields: { rating: huEvents.validation.klikkRatingInvalid },
      })
    }
    const long = await rate(bea, eventId, { rating: 3, comment: 'a'.repeat(1001) })
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({
      fields: { comment: huEvents.validation.klikkCommentTooLong },
    })
    expect((await rate(bea, eventId, { rating: 3, comment: 'a'.repeat(1000) })).status).toBe(200)
    await db().delete(klikkFeedback).where(eq(klikkFeedback.eventId, eventId))

    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(events.id, eventId))
    const late = await rate(bea, eventId, { rating: 4 })
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({
      code: 'klikk_closed',
      message: huEvents.errors.klikkFeedbackClosed,
    })
    expect((await rate(bea, crypto.randomUUID(), { rating: 4 })).status).toBe(404)
    expect(await answersStored(eventId)).toEqual([])
  })

  it('the dashboard shows the average, the count, the comments, new pairs and mutual klikks, never who answered, and nothing is audited', async () => {
    const { eventId, a, b, c, d, people } = await eveningOfFour([
      'Emőke',
      'Fruzsi',
      'Gyöngyi',
      'Henrietta',
    ])
    const audited = (await db().select().from(auditLog)).length
    await ok(a.client, `/api/klikk/${eventId}/feedback`, {
      method: 'PUT',
      json: { rating: 5, comment: 'Végre új arcok!\nJövőre is jövök.' },
    })
    await ok(b.client, `/api/klikk/${eventId}/feedback`, {
      method: 'PUT',
      json: { rating: 3, comment: 'Kicsit hangos volt.' },
    })
    await ok(c.client, `/api/klikk/${eventId}/feedback`, { method: 'PUT', json: { rating: 4 } })
    // A klikk between the two at one table; a one-way pick at the other.
    for (const [who, other] of [
      [a, b],
      [b, a],
      [c, d],
    ] as const)
      await ok(who.client, `/api/klikk/${eventId}/picks/${other.userId}`, {
        method: 'PUT',
        json: { kind: 'friend' },
      })

    const response = await admin.client.get('/api/admin/dashboard?range=4w')
    const text = await response.text()
    const shown = (JSON.parse(text) as { evenings: DashboardEvening[] }).evenings.find(
      (e) => e.id === eventId,
    )
    expect(shown).toMatchObject({
      endedAt: expect.any(String),
      newPairs: 2,
      mutualKlikks: 1,
      feedback: {
        answers: 3,
        average: 4,
        comments: ['Kicsit hangos volt.', 'Végre új arcok!\nJövőre is jövök.'],
      },
    })
    // Not one id, name or address of those who answered is anywhere in the owner's answer.
    for (const who of people)
      for (const trace of [who.userId, who.email, who.name]) expect(text).not.toContain(trace)
    expect((await db().select().from(auditLog)).length).toBe(audited)
  })

  it('counts as new only the pairs who never sat together before', async () => {
    const { a, b, c, d } = await eveningOfFour(['Ibolya', 'Jolán', 'Kinga', 'Luca'])
    await endRunning(admin)
    // The same four again, at one table of four: of its six pairs, two met last time.
    const { eventId } = await evening(admin, {
      tables: [{ name: 'Violet', seats: 4 }],
      present: [a, b, c, d].map((p) => p.userCode),
      roundStarted: true,
    })
    await ok(admin.client, `/api/admin/events/${eventId}/end`)
    const again = (await dashboard()).evenings.find((e) => e.id === eventId)
    expect(again).toMatchObject({ newPairs: 4, mutualKlikks: 0, feedback: { answers: 0 } })
    expect(again?.feedback.average).toBeNull()
  })

  it(`is rate-limited per member (${KLIKK_PICK_LIMIT.max} in ${KLIKK_PICK_LIMIT.windowSeconds / 60} minutes)`, async () => {
    const { eventId, a, b } = await eveningOfFour(['Margit', 'Nelli', 'Orsi', 'Piroska'])
    for (let i = 0; i < KLIKK_PICK_LIMIT.max; i++)
      expect((await rate(a, eventId, { rating: (i % 5) + 1 })).status).toBe(200)
    const flooded = await rate(a, eventId, { rating: 5 })
    expect(flooded.status).toBe(429)
    expect((await rate(b, eventId, { rating: 5 })).status).toBe(200)
  }, 180_000)
})

describe('klikk: her answers and her account', () => {
  it('her data download holds her own answer; deleting her account removes it', async () => {
    const { eventId, a, b } = await eveningOfFour(['Rozália', 'Sára', 'Tünde', 'Ursula'])
    await ok(a.client, `/api/klikk/${eventId}/feedback`, {
      method: 'PUT',
      json: { rating: 4, comment: 'Szép este.' },
    })
    await ok(b.client, `/api/klikk/${eventId}/feedback`, { method: 'PUT', json: { rating: 1 } })
    const response = await a.client.get('/api/account/export')
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      klikk: { feedback: unknown }
    }
    expect(data.klikk.feedback).toEqual([
      { event: expect.any(String), rating: 4, comment: 'Szép este.' },
    ])
    expect(strFromU8(files['data.html'] ?? new Uint8Array())).toContain(
      enEmails.dataExport.fields.feedback,
    )

    const { deleteAccountData } = await import('../auth/delete-account.ts')
    await deleteAccountData(db(), a.userId, QUIET_MAIL)
    expect(
      await db().select().from(klikkFeedback).where(eq(klikkFeedback.userId, a.userId)),
    ).toEqual([])
    expect((await answersStored(eventId)).map((row) => row.rating)).toEqual([1])
  })
})
