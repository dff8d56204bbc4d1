import { randomUUID } from 'node:crypto'
import { asc, count, desc, eq, inArray } from 'drizzle-orm'
import { DEFAULT_ROUND_DURATION_MINUTES } from '#shared/constants.ts'
import { eventInputSchema, tableInputSchema } from '#shared/schemas/events.ts'
import { createProfile } from '../auth/profiles.ts'
import type { Db } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import {
  eventParticipants,
  eventRounds,
  events,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { addTable } from '../events/tables.ts'
import { addRound, reseatRound } from '../events/rounds.ts'
import { createEvent, deleteEvent, endEvent } from '../events/events.ts'
import type { EventRow } from '../events/event-base.ts'
import { createInProcessPlanner, type SeatingPlanner } from '../events/seating-planner.ts'

/** The demo event is found again by this name, which keeps `npm run demo` idempotent. */
export const DEMO_EVENT_NAME = 'Klikk est – bemutató'
export const DEMO_TABLES = ['Rózsa', 'Levendula', 'Menta', 'Napraforgó', 'Pipacs'] as const
export const DEMO_SEATS_PER_TABLE = 8
export const DEMO_PRESENT = 36

// Hungarian order (family name first), a few married names, and four international members.
// The last four stay registered: the late arrivals the admin checks in.
const DEMO_NAMES = [
  'Kovács Anna',
  'Nagy Eszter',
  'Szabó Réka',
  'Tóth Zsófia',
  'Horváth Katalin',
  'Varga Boglárka',
  'Sarah Mitchell',
  'Kiss Dóra',
  'Molnár Judit',
  'Németh Krisztina',
  'Farkas Orsolya',
  'Balogh Petra',
  'Papp Ildikó',
  'Takácsné Lengyel Mária',
  'Juhász Edina',
  'Lakatos Tímea',
  'Mészáros Viktória',
  'Lucía Fernández',
  'Oláh Hajnalka',
  'Simon Ágnes',
  'Rácz Gabriella',
  'Fekete Lilla',
  'Szilágyi Andrea',
  'Török Erzsébet',
  'Fehér Melinda',
  'Balázs Kinga',
  'Hanna Becker',
  'Gál Csilla',
  'Szűcs Brigitta',
  'Kocsis Noémi',
  'Pintér Szilvia',
  'Dr. Szalai Henrietta',
  'Bodnárné Vass Éva',
  'Magyar Tünde',
  'Lukács Boróka',
  'Sipos Flóra',
  'Gulyás Mónika',
  'Giulia Romano',
  'Fodor Bernadett',
  'Vörös Zsuzsanna',
] as const

export const DEMO_MEMBERS = DEMO_NAMES.map((name, i) => ({
  name,
  email: `demo.member${String(i + 1).padStart(2, '0')}@example.com`,
}))

const DESCRIPTION = [
  'Bemutató klikk est kitalált tagokkal, hogy kipróbálhasd, hogyan zajlik egy este.',
  'Negyven hölgy jelentkezett, harminchatan már meg is érkeztek; négyen késnek, őket az ajtónál jelentkeztetheted be.',
  'Négy kör, körönként új asztaltársaság: az első kör ültetése kész, indítsd el az estét, majd a kört.',
].join(' ')

/** Today at 18:00 local time, or a few minutes from now once that has passed. */
export function demoStartTime(now = new Date()): Date {
  const evening = new Date(now)
  evening.setHours(18, 0, 0, 0)
  if (evening > now) return evening
  const step = 5 * 60_000
  return new Date(Math.ceil((now.getTime() + 10 * 60_000) / step) * step)
}

export interface DemoSummary {
  members: number
  membersCreated: number
  event: Pick<EventRow, 'id' | 'eventName' | 'startTime' | 'placeName' | 'address' | 'status'>
  eventCreated: boolean
  tables: { name: string; seats: number }[]
  registered: number
  present: number
  /** The latest round, or null once an admin has taken every round back. */
  round: { number: number; started: boolean; seated: number } | null
}

export interface SeedDemoOptions {
  planner?: SeatingPlanner
  /** Delete the demo event first (members are kept) and seed it afresh. */
  reset?: boolean
  now?: Date
}

/**
 * Seeds 40 demo members and a klikk event with them, 36 present and round 1 seated but not
 * started. Every step only adds what is missing, so a second run changes nothing and never
 * undoes what an admin did with the event since; `reset` starts the event over.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  const planner = options.planner ?? createInProcessPlanner({ timeBudgetMs: 1000 })
  const now = options.now ?? new Date()

  const members = await seedMembers(db)
  const membersCreated = members.filter((m) => m.created).length

  if (options.reset) {
    for (const old of await findDemoEvents(db)) {
      if (old.status === 'active') await endEvent(db, old.id)
      await deleteEvent(db, old.id, null) // made-up members: no cancellations
    }
  }

  let [event] = await findDemoEvents(db)
  const eventCreated = !event
  if (!event) {
    event = await createEvent(
      db,
      eventInputSchema.parse({
        eventName: DEMO_EVENT_NAME,
        description: DESCRIPTION,
        startTime: demoStartTime(now).toISOString(),
        placeName: 'Lendület Stúdió',
        address: '1066 Budapest, Teréz körút 24.',
        duration: 150,
        isKlikk: true,
        hasRecordingAvailable: false,
        plannedRounds: 4,
      }),
    )
  } else if (
    !event.startedAt &&
    !event.endedAt &&
    event.startTime.getTime() + event.duration * 60_000 <= now.getTime()
  ) {
    // An untouched demo from an earlier day would no longer be upcoming for members.
    const [moved] = await db
      .update(events)
      .set({ startTime: demoStartTime(now), updatedAt: new Date() })
      .where(eq(events.id, event.id))
      .returning()
    if (moved) event = moved
  }
  const eventId = event.id

  const existingTables = await db
    .select({ name: eventTables.tableName })
    .from(eventTables)
    .where(eq(eventTables.eventId, eventId))
  for (const name of DEMO_TABLES) {
    if (existingTables.some((t) => t.name === name)) continue
    await addTable(
      db,
      eventId,
      tableInputSchema.parse({
        tableName: name,
        capacityFull: DEMO_SEATS_PER_TABLE,
        capacityActual: DEMO_SEATS_PER_TABLE,
      }),
    )
  }

  // Inserted directly rather than through addParticipantByCode, which would check a member in
  // again whom an admin has since checked out or sent back to registered.
  await db
    .insert(eventParticipants)
    .values(
      members.map((member, i) =>
        i < DEMO_PRESENT
          ? { eventId, userId: member.id, status: 'present' as const, checkedInAt: now }
          : { eventId, userId: member.id, status: 'registered' as const },
      ),
    )
    .onConflictDoNothing()

  const rounds = await db
    .select({ id: eventRounds.id, started: eventRounds.started })
    .from(eventRounds)
    .where(eq(eventRounds.eventId, eventId))
  if (rounds.length === 0) {
    await addRound(db, planner, eventId, DEFAULT_ROUND_DURATION_MINUTES)
  } else {
    // A run stopped between adding the round and seating it leaves an empty pending round.
    for (const round of rounds.filter((r) => !r.started)) {
      const [seated] = await db
        .select({ n: count() })
        .from(eventTableAssignments)
        .where(eq(eventTableAssignments.roundId, round.id))
      if (!seated?.n) await reseatRound(db, planner, eventId, round.id)
    }
  }

  return summarize(db, eventId, { members: members.length, membersCreated, eventCreated })
}

async function seedMembers(db: Db) {
  const emails = DEMO_MEMBERS.map((m) => m.email)
  // No account row: demo members have no password and cannot sign in.
  const inserted = await db
    .insert(user)
    .values(
      DEMO_MEMBERS.map((m) => ({
        id: randomUUID(),
        name: m.name,
        email: m.email,
        emailVerified: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: user.email })
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.email, emails))
  const members = []
  for (const email of emails) {
    const row = rows.find((r) => r.email === email)
    if (!row) throw new Error(`demo member ${email} is missing after insert`)
    await createProfile(db, row, 'hu')
    members.push({ id: row.id, created: inserted.some((i) => i.email === email) })
  }
  return members
}

const findDemoEvents = (db: Db) =>
  db
    .select()
    .from(events)
    .where(eq(events.eventName, DEMO_EVENT_NAME))
    .orderBy(asc(events.createdAt))

async function summarize(
  db: Db,
  eventId: string,
  counts: Pick<DemoSummary, 'members' | 'membersCreated' | 'eventCreated'>,
): Promise<DemoSummary> {
  const [[event], tables, participants, [round]] = await Promise.all([
    db.select().from(events).where(eq(events.id, eventId)),
    db
      .select({ name: eventTables.tableName, seats: eventTables.capacityActual })
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    db
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(eq(eventParticipants.eventId, eventId)),
    db
      .select()
      .from(eventRounds)
      .where(eq(eventRounds.eventId, eventId))
      .orderBy(desc(eventRounds.roundNumber))
      .limit(1),
  ])
  if (!event) throw new Error('demo event vanished while seeding')
  const [seated] = round
    ? await db
        .select({ n: count() })
        .from(eventTableAssignments)
        .where(eq(eventTableAssignments.roundId, round.id))
    : []
  return {
    ...counts,
    event: {
      id: event.id,
      eventName: event.eventName,
      startTime: event.startTime,
      placeName: event.placeName,
      address: event.address,
      status: event.status,
    },
    tables,
    registered: participants.length,
    present: participants.filter((p) => p.status === 'present').length,
    round: round
      ? { number: round.roundNumber, started: round.started, seated: seated?.n ?? 0 }
      : null,
  }
}
