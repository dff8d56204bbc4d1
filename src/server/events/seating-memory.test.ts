import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { events, eventTableAssignments } from '../db/schema/events.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedPastEvening } from '../test/seed-past-evening.ts'
import { addRound } from './rounds.ts'
import { createInProcessPlanner } from './seating-planner.ts'
import { firstTimersAmong, metAtEarlierEvenings, seatingMemoryMonths } from './seating-memory.ts'

/** Issue 40, part 2: the seating remembers who sat together at earlier evenings. */

const server = httpTestApp()
const db = () => server.harness.database.db
const DAY_MS = 24 * 3_600_000

async function members(count: number) {
  const seeded = await Promise.all(
    Array.from({ length: count }, () => seedMember(server.harness, server.http.origin)),
  )
  return seeded.map((member) => member.userId)
}

/** An evening `daysAgo` days back whose rounds seated these groups (tables A and B). */
function pastEvening(daysAgo: number, rounds: { started: boolean; tables: string[][] }[]) {
  const startTime = new Date(Date.now() - daysAgo * DAY_MS)
  const people = [...new Set(rounds.flatMap((round) => round.tables.flat()))]
  return seedPastEvening(db(), {
    startTime,
    status: 'inactive',
    startedAt: startTime,
    endedAt: new Date(startTime.getTime() + 3 * 3_600_000),
    participants: people.map((userId) => ({ userId, checkedIn: true })),
    seats: 4,
    rounds: rounds.map((round) => ({ ...round, startedAt: round.started ? startTime : null })),
  })
}

describe('seating memory', () => {
  it('finds the pairs who sat together at earlier evenings in its window, with at how many', async () => {
    const [a = '', b = '', c = '', d = '', e = ''] = await members(5)
    await pastEvening(30, [
      {
        started: true,
        tables: [
          [a, b],
          [c, d],
        ],
      },
    ])
    await pastEvening(60, [
      { started: true, tables: [[a, b, e]] },
      // A round that was seated and never started: nobody met there.
      { started: false, tables: [[c, e]] },
    ])
    // Too long ago (seven months): forgotten.
    await pastEvening(214, [{ started: true, tables: [[d, e]] }])
    const tonight = await pastEvening(0, [])

    const pairs = await metAtEarlierEvenings(
      db(),
      { id: tonight.eventId, startTime: new Date() },
      [a, b, c, d, e],
      6,
    )
    const key = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`)
    const found = new Map(pairs.map(([x, y, n]) => [key(x, y), n]))
    expect(found).toEqual(
      new Map([
        [key(a, b), 2],
        [key(c, d), 1],
        [key(a, e), 1],
        [key(b, e), 1],
      ]),
    )
    // Only tonight's people count.
    expect(
      await metAtEarlierEvenings(db(), { id: tonight.eventId, startTime: new Date() }, [a, c], 6),
    ).toEqual([])
  })

  it('remembers as far back as the owner sets on the settings page (6 months unless she says)', async () => {
    const [d = '', e = ''] = await members(2)
    // Seven months ago.
    await pastEvening(214, [{ started: true, tables: [[d, e]] }])
    const tonight = await pastEvening(0, [])
    const remembered = async () =>
      metAtEarlierEvenings(
        db(),
        { id: tonight.eventId, startTime: new Date() },
        [d, e],
        await seatingMemoryMonths(db()),
      )
    expect(await seatingMemoryMonths(db())).toBe(6)
    expect(await remembered()).toEqual([])
    const { client } = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const set = (months: number | null) =>
      client.request('/api/admin/settings', {
        method: 'PATCH',
        json: { seatingMemoryMonths: months },
      })
    expect((await set(8)).status).toBe(200)
    expect((await remembered()).map(([, , evenings]) => evenings)).toEqual([1])
    // Back to the default: forgotten again.
    expect((await set(null)).status).toBe(200)
    expect(await remembered()).toEqual([])
  })

  it('the host’s event page shows the pairs meeting again from earlier evenings beside tonight’s repeats', async () => {
    const [a = '', b = '', c = '', d = '', e = '', f = '', g = '', h = ''] = await members(8)
    // Last month a, b and c shared a table.
    await pastEvening(30, [{ started: true, tables: [[a, b, c]] }])
    // Tonight: one round played, the next one seated.
    const tonight = await pastEvening(0, [
      {
        started: true,
        tables: [
          [a, b, c, d],
          [e, f, g, h],
        ],
      },
      {
        started: false,
        tables: [
          [a, b, e, f],
          [c, d, g, h],
        ],
      },
    ])
    const { client } = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const response = await client.get(`/api/admin/events/${tonight.eventId}`)
    expect(response.status).toBe(200)
    const detail = (await response.json()) as { seating: Record<string, number> }
    // a–b, c–d, e–f and g–h sit together in both rounds; a–b twice, a–c and b–c once again.
    expect(detail.seating).toEqual({ repeats: 4, earlierRepeats: 4, memoryMonths: 6 })
  })

  it('seats tonight so that last month’s tablemates meet new people', async () => {
    const people = await members(16)
    // Last month's tables, in no pattern of the order they are listed in.
    const lastMonth = [
      [3, 14, 7, 0],
      [9, 2, 12, 5],
      [15, 6, 1, 10],
      [4, 11, 8, 13],
    ].map((table) => table.map((at) => people[at] ?? ''))
    const tableNames = ['A', 'B', 'C', 'D']
    const started = new Date(Date.now() - 30 * DAY_MS)
    await seedPastEvening(db(), {
      startTime: started,
      status: 'inactive',
      startedAt: started,
      endedAt: started,
      participants: people.map((userId) => ({ userId, checkedIn: true })),
      tables: tableNames,
      seats: 4,
      rounds: [{ started: true, startedAt: started, tables: lastMonth }],
    })
    // Tonight: the same sixteen at four tables of four, one round.
    const tonight = await seedPastEvening(db(), {
      startTime: new Date(),
      status: 'active',
      startedAt: new Date(),
      participants: people.map((userId) => ({ userId, checkedIn: true })),
      tables: tableNames,
      seats: 4,
    })

    const round = await addRound(
      db(),
      createInProcessPlanner({ timeBudgetMs: 1_000 }),
      tonight.eventId,
      30,
    )
    const seats = await db()
      .select({ tableId: eventTableAssignments.tableId, userId: eventTableAssignments.userId })
      .from(eventTableAssignments)
      .where(eq(eventTableAssignments.roundId, round.id))
    const byTable = new Map<string, string[]>()
    for (const seat of seats)
      byTable.set(seat.tableId, [...(byTable.get(seat.tableId) ?? []), seat.userId])
    // Every table holds one of each of last month's tables: nobody sits with a tablemate of then
    // (a seating made without memory does so about once in two hundred).
    expect(byTable.size).toBe(4)
    for (const table of byTable.values())
      for (const group of lastMonth)
        expect(table.filter((id) => group.includes(id))).toHaveLength(1)
  })

  it('seats tonight’s first-timers two to a table, not each alone among regulars', async () => {
    const people = await members(16)
    // The evening of the test before has ended: one evening runs at a time.
    await db().update(events).set({ status: 'inactive' }).where(eq(events.status, 'active'))
    const regulars = people.slice(0, 12)
    const newcomers = people.slice(12)
    const tableNames = ['A', 'B', 'C', 'D']
    const started = new Date(Date.now() - 30 * DAY_MS)
    await seedPastEvening(db(), {
      startTime: started,
      status: 'inactive',
      startedAt: started,
      endedAt: started,
      participants: regulars.map((userId) => ({ userId, checkedIn: true })),
      tables: tableNames,
      seats: 4,
      rounds: [
        {
          started: true,
          startedAt: started,
          tables: [regulars.slice(0, 4), regulars.slice(4, 8), regulars.slice(8, 12)],
        },
      ],
    })
    const tonight = await seedPastEvening(db(), {
      startTime: new Date(),
      status: 'active',
      startedAt: new Date(),
      participants: people.map((userId) => ({ userId, checkedIn: true })),
      tables: tableNames,
      seats: 4,
    })
    // One round tonight: over five, no seating can keep the four first-timers in pairs at every
    // round without two of them meeting twice (each pair of them can meet once).
    await db().update(events).set({ plannedRounds: 1 }).where(eq(events.id, tonight.eventId))
    const event = { id: tonight.eventId, startTime: new Date() }
    expect(new Set(await firstTimersAmong(db(), event, people))).toEqual(new Set(newcomers))

    const round = await addRound(
      db(),
      createInProcessPlanner({ timeBudgetMs: 1_000 }),
      tonight.eventId,
      30,
    )
    const seats = await db()
      .select({ tableId: eventTableAssignments.tableId, userId: eventTableAssignments.userId })
      .from(eventTableAssignments)
      .where(eq(eventTableAssignments.roundId, round.id))
    const newcomersAt = new Map<string, number>()
    for (const seat of seats)
      if (newcomers.includes(seat.userId))
        newcomersAt.set(seat.tableId, (newcomersAt.get(seat.tableId) ?? 0) + 1)
    // Four first-timers at four tables of four: two tables with two each. Seating memory alone
    // would seat one at each table, beside three regulars who have not met (about every time).
    expect([...newcomersAt.values()].sort()).toEqual([2, 2])
  })
})
