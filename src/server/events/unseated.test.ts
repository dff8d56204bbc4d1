import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import type { UnseatedState } from './unseated.ts'

const server = httpTestApp()
const { member, ok, endRunning, evening, registered, checkIn, auditEntries } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})
beforeEach(async () => {
  await endRunning(admin)
})

type Detail = {
  tables: { id: string; tableName: string; capacityActual: number; capacityFull: number }[]
  rounds: { id: string; seats: { tableId: string; userId: string }[] }[]
}
const detail = (eventId: string) =>
  ok<Detail>(admin.client, `/api/admin/events/${eventId}`, { method: 'GET' })
const unseated = (eventId: string) =>
  ok<UnseatedState>(admin.client, `/api/admin/events/${eventId}/unseated`, { method: 'GET' })

/** A door phone checks her in by code: the answer, which must be a 200. */
async function checkInByCode(eventId: string, who: Member) {
  const answer = await checkIn(admin, eventId, { code: who.userCode })
  expect(answer.status).toBe(200)
  return answer.body
}

/** Five in and seated at A (3) and B (2), round 1 running: every table is full. */
const fullEvening = async () =>
  evening(admin, {
    tables: [
      { name: 'A', seats: 3 },
      { name: 'B', seats: 2 },
    ],
    present: (await Promise.all([1, 2, 3, 4, 5].map(() => member()))).map((m) => m.userCode),
    roundStarted: true,
  })

describe('someone in with no seat', () => {
  it('is told apart at the door, listed for the host, and seated with an added chair', async () => {
    const { eventId, roundId } = await fullEvening()
    const late = await member({ name: 'Késő Kati' })
    await registered(eventId, late)

    // The door: she is in, with no seat, and the answer says so.
    const answer = await checkInByCode(eventId, late)
    expect(answer).toMatchObject({
      result: 'checked_in',
      seats: [],
      noFreeSeat: true,
      unseated: true,
    })

    // The host's alert: her, and the table that takes her best (B has fewer people).
    const state = await unseated(eventId)
    expect(state.round).toMatchObject({ id: roundId, roundNumber: 1 })
    expect(state.people).toMatchObject([
      { userId: late.userId, name: 'Késő Kati', suggestedTable: { tableName: 'B', people: 2 } },
    ])
    const tableB = state.people[0]?.suggestedTable?.tableId

    // One tap: a chair at B, and she sits there.
    const seated = await ok<{
      seat: { tableName: string; roundNumber: number }
      capacityActual: number
    }>(admin.client, `/api/admin/events/${eventId}/unseated/${late.userId}/seat`, {
      json: { tableId: tableB },
    })
    expect(seated).toMatchObject({ seat: { tableName: 'B', roundNumber: 1 }, capacityActual: 3 })
    const after = await detail(eventId)
    expect(after.tables.find((t) => t.tableName === 'B')).toMatchObject({
      capacityActual: 3,
      capacityFull: 3,
    })
    expect(after.rounds[0]?.seats).toContainEqual(
      expect.objectContaining({ userId: late.userId, tableId: tableB }),
    )
    expect((await unseated(eventId)).people).toEqual([])

    // A second tap (another phone, a double tap): refused, nothing changes, one audit entry.
    const again = await admin.client.request(
      `/api/admin/events/${eventId}/unseated/${late.userId}/seat`,
      { method: 'POST', json: { tableId: tableB } },
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      code: 'already_seated',
      message: en.errors.alreadySeated,
    })
    const entries = await auditEntries(eventId, 'seating.add_seat')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorUserId: admin.userId,
      before: { capacityActual: 2 },
      after: { userId: late.userId, name: 'Késő Kati', tableName: 'B', capacityActual: 3 },
    })

    // Scanned again at the door: here already, with her table.
    const scanned = await checkInByCode(eventId, late)
    expect(scanned).toMatchObject({ result: 'already_present', unseated: false })
    expect(scanned.seats[0]?.tableName).toBe('B')
  })

  it('are seated together at a new table, in one step with one audit entry', async () => {
    const { eventId } = await fullEvening()
    const [first, second] = await Promise.all([
      member({ name: 'Első Éva' }),
      member({ name: 'Második Mari' }),
    ])
    if (!first || !second) throw new Error('members missing')
    await registered(eventId, first, second)
    expect((await checkInByCode(eventId, first)).unseated).toBe(true)
    expect((await checkInByCode(eventId, second)).unseated).toBe(true)
    const state = await unseated(eventId)
    expect(state.people.map((p) => p.userId)).toEqual([first.userId, second.userId])
    // The evening's tables are of 3 and 2: a new one has the most common size (3 wins a tie up).
    expect(state.newTableSeats).toBe(3)

    const opened = await ok<{
      table: { tableId: string; tableName: string; capacityActual: number }
      roundNumber: number
      people: { userId: string }[]
    }>(admin.client, `/api/admin/events/${eventId}/unseated/new-table`)
    expect(opened).toMatchObject({
      table: { tableName: 'Table 3', capacityActual: 3 },
      roundNumber: 1,
      people: [{ userId: first.userId }, { userId: second.userId }],
    })
    const seats = (await detail(eventId)).rounds[0]?.seats ?? []
    expect(
      seats.filter((seat) => seat.tableId === opened.table.tableId).map((s) => s.userId),
    ).toEqual(expect.arrayContaining([first.userId, second.userId]))
    expect((await unseated(eventId)).people).toEqual([])

    const entries = await auditEntries(eventId, 'seating.open_table')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      after: { tableName: 'Table 3', people: ['Első Éva', 'Második Mari'] },
    })

    // Nobody waits now: a second tap changes nothing.
    const again = await admin.client.request(`/api/admin/events/${eventId}/unseated/new-table`, {
      method: 'POST',
    })
    expect(again.status).toBe(409)
    expect((await again.json()).message).toBe(en.errors.nobodyUnseated)
    expect(await auditEntries(eventId, 'seating.open_table')).toHaveLength(1)

    // The next late arrival finds the new table's free seat by herself.
    const third = await member()
    await registered(eventId, third)
    const answer = await checkInByCode(eventId, third)
    expect(answer).toMatchObject({ unseated: false, seats: [{ tableName: 'Table 3' }] })
  })

  it('is nobody while no round runs', async () => {
    const { eventId } = await evening(admin, { seated: false })
    const guest = await member()
    await registered(eventId, guest)
    expect((await checkInByCode(eventId, guest)).unseated).toBe(false)
    expect(await unseated(eventId)).toEqual({ round: null, people: [], newTableSeats: 0 })
  })
})
