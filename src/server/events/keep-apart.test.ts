import { beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'

const server = httpTestApp()
const { member, ok, evening } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

type Pair = { id: string; userA: string; userB: string }
type Detail = {
  keepApart: Pair[]
  rounds: { id: string; seats: { tableId: string; userId: string }[] }[]
}
const detail = (eventId: string) =>
  ok<Detail>(admin.client, `/api/admin/events/${eventId}`, { method: 'GET' })
/** The admin asks for two participants to be kept apart; the pair the server answers with. */
const keepApart = (eventId: string, a: Member, b: Member) =>
  ok<Pair>(admin.client, `/api/admin/events/${eventId}/keep-apart`, {
    json: { userA: a.userId, userB: b.userId },
  })

/** Two members present at a new evening, kept apart. */
async function pairAtAnEvening() {
  const [anna, bea] = await Promise.all([member(), member()])
  if (!anna || !bea) throw new Error('members missing')
  const { eventId } = await evening(admin, {
    present: [anna.userCode, bea.userCode],
    seated: false,
    started: false,
  })
  await keepApart(eventId, anna, bea)
  return { eventId, anna, bea }
}

describe('keep-apart pairs', () => {
  it('are added, listed once whatever the order, and removed', async () => {
    const [anna, bea, cili] = await Promise.all([member(), member(), member()])
    if (!anna || !bea || !cili) throw new Error('members missing')
    const { eventId } = await evening(admin, {
      tables: [{ name: 'Rose', seats: 3 }],
      present: [anna.userCode, bea.userCode, cili.userCode],
      seated: false,
      started: false,
    })
    const base = `/api/admin/events/${eventId}/keep-apart`
    const pair = await keepApart(eventId, bea, anna)
    expect([pair.userA, pair.userB].sort()).toEqual([anna.userId, bea.userId].sort())
    const again = await keepApart(eventId, anna, bea)
    expect(again.id).toBe(pair.id)
    expect((await detail(eventId)).keepApart).toEqual([pair])
    expect(await ok(admin.client, base, { method: 'GET' })).toEqual({ pairs: [pair] })

    const removed = await admin.client.request(`${base}/${pair.id}`, { method: 'DELETE' })
    expect(await removed.json()).toEqual({ deleted: true })
    expect((await detail(eventId)).keepApart).toEqual([])
    const gone = await admin.client.request(`${base}/${pair.id}`, { method: 'DELETE' })
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ code: 'not_found', message: en.errors.keepApartNotFound })
  })

  it('refuse one person twice and people who are not participants, in the admin’s words', async () => {
    const [anna, stranger] = await Promise.all([member(), member()])
    if (!anna || !stranger) throw new Error('members missing')
    const { eventId } = await evening(admin, {
      present: [anna.userCode],
      seated: false,
      started: false,
    })
    const base = `/api/admin/events/${eventId}/keep-apart`
    const same = await admin.client.post(base, { userA: anna.userId, userB: anna.userId })
    expect(same.status).toBe(400)
    expect(await same.json()).toEqual({
      code: 'invalid_request',
      message: en.validation.keepApartSamePerson,
      fields: { userB: en.validation.keepApartSamePerson },
    })
    const outsider = await admin.client.post(base, { userA: anna.userId, userB: stranger.userId })
    expect(outsider.status).toBe(404)
    expect(await outsider.json()).toEqual({
      code: 'not_found',
      message: en.errors.participantNotFound,
    })
    const empty = await admin.client.post(base, { userA: '', userB: anna.userId })
    expect((await empty.json()).message).toBe(en.validation.keepApartChoose)
  })

  it('go with a participant who is removed from the event', async () => {
    const { eventId, bea } = await pairAtAnEvening()
    await ok(admin.client, `/api/admin/events/${eventId}/participants/${bea.userId}`, {
      method: 'DELETE',
    })
    expect((await detail(eventId)).keepApart).toEqual([])
  })

  it('go with a member who deletes her account', async () => {
    const { eventId, bea } = await pairAtAnEvening()
    await ok(bea.client, '/api/account/delete', {
      json: { method: 'password', email: bea.email, password: bea.password },
    })
    expect((await detail(eventId)).keepApart).toEqual([])
  })

  it('are kept apart by every seating the mixer makes', async () => {
    // Two couples at two tables of two: the only seatings that keep both couples apart put one
    // of each couple at each table. A random seating would break a pair two times in three.
    const people = await Promise.all([member(), member(), member(), member()])
    const [a, b, c, d] = people
    if (!a || !b || !c || !d) throw new Error('members missing')
    const { eventId, roundId } = await evening(admin, {
      tables: [
        { name: 'Rose', seats: 2 },
        { name: 'Lily', seats: 2 },
      ],
      present: people.map((p) => p.userCode),
      seated: false,
      started: false,
    })
    expect(roundId).toBeNull()
    const base = `/api/admin/events/${eventId}`
    await keepApart(eventId, a, b)
    await keepApart(eventId, c, d)
    const round = await ok<{ id: string }>(admin.client, `${base}/rounds`, { json: {} })
    for (let seating = 0; seating < 6; seating++) {
      if (seating > 0) await ok(admin.client, `${base}/rounds/${round.id}/reseat`)
      const seats = (await detail(eventId)).rounds[0]?.seats ?? []
      const tableOf = (who: Member) => seats.find((s) => s.userId === who.userId)?.tableId
      expect(seats).toHaveLength(4)
      expect(tableOf(a)).not.toBe(tableOf(b))
      expect(tableOf(c)).not.toBe(tableOf(d))
    }
  })
})
