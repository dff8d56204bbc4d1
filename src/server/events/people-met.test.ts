import { beforeAll, describe, expect, it } from 'vitest'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'

const server = httpTestApp()
const { member, ok, evening, endRunning } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

type PeopleMet = {
  events: {
    eventId: string
    eventName: string
    rounds: {
      roundNumber: number
      tableName: string
      people: { id: string; fullName: string; avatarUrl: string | null }[]
    }[]
  }[]
}
const peopleMet = (who: Member) =>
  ok<PeopleMet>(who.client, '/api/events/people-met', { method: 'GET' })
const namesMetBy = async (who: Member, eventId: string) =>
  (await peopleMet(who)).events
    .find((e) => e.eventId === eventId)
    ?.rounds.map((round) => round.people.map((p) => p.fullName).sort()) ?? []

/** Everyone at one table of four, so each meets the other three; the round starts at once. */
async function tableOfFour(names: string[]) {
  const people = await Promise.all(names.map((name) => member({ name })))
  const { eventId, roundId } = await evening(admin, {
    eventName: `Evening of ${names.join(', ')}`,
    tables: [{ name: 'Rose', seats: 4 }],
    present: people.map((p) => p.userCode),
  })
  return { people, eventId, roundId }
}

describe('people you met', () => {
  it('shows each member the others at her table, by event and round, once the round starts', async () => {
    await endRunning(admin)
    const { people, eventId, roundId } = await tableOfFour(['Anna', 'Bea', 'Cili', 'Dóra'])
    const [anna] = people
    if (!anna) throw new Error('no members')
    // A seating that has not started is a plan, not a meeting.
    expect(await namesMetBy(anna, eventId)).toEqual([])

    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/start`)
    const shown = (await peopleMet(anna)).events.find((e) => e.eventId === eventId)
    expect(shown).toMatchObject({
      eventName: 'Evening of Anna, Bea, Cili, Dóra',
      rounds: [{ roundNumber: 1, tableName: 'Rose' }],
    })
    expect(await namesMetBy(anna, eventId)).toEqual([['Bea', 'Cili', 'Dóra']])
    // A name and a picture, nothing else (no e-mail, no member code).
    for (const person of shown?.rounds[0]?.people ?? [])
      expect(Object.keys(person).sort()).toEqual(['avatarUrl', 'fullName', 'id'])
    await endRunning(admin)
  })

  it('leaves out a member who opted out, and shows her again when she opts back in', async () => {
    await endRunning(admin)
    const { people, eventId, roundId } = await tableOfFour(['Emese', 'Flóra', 'Gréta', 'Hanna'])
    const [emese, flora] = people
    if (!emese || !flora) throw new Error('no members')
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/start`)

    const hidden = await ok<{ peopleMetVisible: boolean }>(flora.client, '/api/me/people-met', {
      method: 'PUT',
      json: { visible: false },
    })
    expect(hidden.peopleMetVisible).toBe(false)
    expect(await namesMetBy(emese, eventId)).toEqual([['Gréta', 'Hanna']])
    // Her own list is hers to see.
    expect(await namesMetBy(flora, eventId)).toEqual([['Emese', 'Gréta', 'Hanna']])
    const session = await ok<{ me: { peopleMetVisible: boolean } }>(flora.client, '/api/session', {
      method: 'GET',
    })
    expect(session.me.peopleMetVisible).toBe(false)

    await ok(flora.client, '/api/me/people-met', { method: 'PUT', json: { visible: true } })
    expect(await namesMetBy(emese, eventId)).toEqual([['Flóra', 'Gréta', 'Hanna']])
    const bad = await flora.client.request('/api/me/people-met', {
      method: 'PUT',
      json: { visible: 'no' },
    })
    expect(bad.status).toBe(400)
    await endRunning(admin)
  })

  it('forgets a member who deletes her account', async () => {
    await endRunning(admin)
    const { people, eventId, roundId } = await tableOfFour(['Ida', 'Jázmin', 'Kata', 'Lili'])
    const [ida, jazmin] = people
    if (!ida || !jazmin) throw new Error('no members')
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/start`)
    await endRunning(admin)
    expect(await namesMetBy(ida, eventId)).toEqual([['Jázmin', 'Kata', 'Lili']])

    await ok(jazmin.client, '/api/account/delete', {
      json: { method: 'password', email: jazmin.email, password: jazmin.password },
    })
    expect(await namesMetBy(ida, eventId)).toEqual([['Kata', 'Lili']])
  })

  it('is empty for a member who has not been to an evening, and needs a session', async () => {
    const newcomer = await member()
    expect(await peopleMet(newcomer)).toEqual({ events: [] })
    const anonymous = await fetch(`${server.http.origin}/api/events/people-met`)
    expect(anonymous.status).toBe(401)
  })
})
