import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client.ts'
import { account, user } from '../db/schema/auth.ts'
import { eventParticipants, eventRounds, events, eventTables } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts'
import {
  DEMO_EVENT_NAME,
  DEMO_MEMBERS,
  DEMO_SEATS_PER_TABLE,
  DEMO_TABLES,
  demoStartTime,
  seedDemo,
} from './demo-seed.ts'
import { setParticipantStatus } from '../events/participants.ts'
import { seatsInRounds } from '../events/rounds.ts'

let database: TestDatabase
let db: Db

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.close())

const emails = DEMO_MEMBERS.map((m) => m.email)

/** Everything the demo owns, as plain rows, to compare one run with the next. */
async function snapshot() {
  const members = await db
    .select({
      id: user.id,
      email: user.email,
      verified: user.emailVerified,
      code: profiles.userCode,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.email, emails))
    .orderBy(user.email)
  const demoEvents = await db.select().from(events).where(eq(events.eventName, DEMO_EVENT_NAME))
  const ids = demoEvents.map((e) => e.id)
  const tables = await db
    .select()
    .from(eventTables)
    .where(inArray(eventTables.eventId, ids))
    .orderBy(eventTables.tableName)
  const participants = await db
    .select({ userId: eventParticipants.userId, status: eventParticipants.status })
    .from(eventParticipants)
    .where(inArray(eventParticipants.eventId, ids))
    .orderBy(eventParticipants.userId)
  const rounds = await db.select().from(eventRounds).where(inArray(eventRounds.eventId, ids))
  const seats = (
    await seatsInRounds(
      db,
      rounds.map((r) => r.id),
    )
  ).sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
  return { members, demoEvents, tables, participants, rounds, seats }
}

describe('seedDemo', () => {
  let first: Awaited<ReturnType<typeof snapshot>>

  it('seeds 40 members, the event with 5 tables of 8, 36 present and round 1 seated', async () => {
    const summary = await seedDemo(db)
    first = await snapshot()
    const { members, demoEvents, tables, participants, rounds, seats } = first

    expect(members).toHaveLength(40)
    expect(new Set(members.map((m) => m.code)).size).toBe(40)
    expect(members.every((m) => m.verified)).toBe(true)
    const passwords = await db
      .select()
      .from(account)
      .where(
        inArray(
          account.userId,
          members.map((m) => m.id),
        ),
      )
    expect(passwords).toHaveLength(0)

    expect(demoEvents).toHaveLength(1)
    const [event] = demoEvents
    expect(event).toMatchObject({
      status: 'inactive',
      isKlikk: true,
      plannedRounds: 4,
      duration: 150,
      placeName: 'Lendület Stúdió',
    })
    expect(tables.map((t) => t.tableName).sort()).toEqual([...DEMO_TABLES].sort())
    for (const table of tables) {
      expect(table.capacityFull).toBe(DEMO_SEATS_PER_TABLE)
      expect(table.capacityActual).toBe(DEMO_SEATS_PER_TABLE)
    }

    expect(participants).toHaveLength(40)
    const present = participants.filter((p) => p.status === 'present').map((p) => p.userId)
    expect(present).toHaveLength(36)
    expect(participants.filter((p) => p.status === 'registered')).toHaveLength(4)

    expect(rounds).toHaveLength(1)
    expect(rounds[0]).toMatchObject({ roundNumber: 1, started: false, durationMinutes: 60 })
    expect(seats.map((s) => s.userId).sort()).toEqual([...present].sort())
    for (const table of tables)
      expect(seats.filter((s) => s.tableId === table.id).length).toBeLessThanOrEqual(8)

    expect(summary).toMatchObject({
      members: 40,
      membersCreated: 40,
      eventCreated: true,
      registered: 40,
      present: 36,
      round: { number: 1, started: false, seated: 36 },
    })
    expect(summary.tables).toHaveLength(5)
  })

  it('changes nothing when run again', async () => {
    const summary = await seedDemo(db)
    expect(await snapshot()).toEqual(first)
    expect(summary).toMatchObject({ membersCreated: 0, eventCreated: false, present: 36 })
  })

  it("keeps an admin's changes on a second run, and starts over with reset", async () => {
    const [event] = first.demoEvents
    const [late] = first.participants.filter((p) => p.status === 'registered')
    if (!event || !late) throw new Error('seeded event missing')
    await setParticipantStatus(db, event.id, late.userId, 'present')
    expect(await seedDemo(db)).toMatchObject({ present: 37 })

    const summary = await seedDemo(db, { reset: true })
    const after = await snapshot()
    expect(after.demoEvents).toHaveLength(1)
    expect(after.demoEvents[0]?.id).not.toBe(event.id)
    expect(after.members).toEqual(first.members)
    expect(summary).toMatchObject({ eventCreated: true, present: 36, round: { seated: 36 } })
  })
})

describe('demoStartTime', () => {
  it('is today at 18:00, or a few minutes from now once that has passed', () => {
    const morning = new Date(2026, 2, 14, 9, 30)
    expect(demoStartTime(morning)).toEqual(new Date(2026, 2, 14, 18, 0))
    const late = new Date(2026, 2, 14, 19, 2, 30)
    expect(demoStartTime(late)).toEqual(new Date(2026, 2, 14, 19, 15))
  })
})
