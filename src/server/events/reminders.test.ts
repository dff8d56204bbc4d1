import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import huEmails from '#shared/locales/hu/emails.json' with { type: 'json' }
import { openDatabase } from '../db/client.ts'
import { eventReminders } from '../db/schema/event-reminders.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { sendEventReminders, startEventReminders } from './reminders.ts'
import { createLogger } from '../logger.ts'

// The server's own reminder job is off in tests (test-app.ts): each test runs passes with a clock
// of its own, on events on days of their own, so that no pass sees another test's events.
const server = httpTestAppWithMail()
const { member, ok } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
const baseUrl = 'http://localhost:3000'
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

async function eventAt(
  startTime: Date,
  { name = `Reminded ${startTime.toISOString()}`, places = null as number | null } = {},
) {
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: {
      eventName: name,
      startTime: startTime.toISOString(),
      duration: 120,
      placeName: 'Bálna',
      address: 'Budapest, Fővám tér 11–12.',
      places,
    },
  })
  return { id, name }
}

const register = (who: Member, eventId: string) =>
  ok<{ waiting: boolean }>(who.client, `/api/events/${eventId}/registration`)

const pass = (now: Date, on = db()) => sendEventReminders(on, { hours: 24, baseUrl, now })

/** The reminders in the outbox to each of these members, by address. */
async function remindersTo(...members: Member[]) {
  const rows = await db()
    .select({ to: outbox.toAddress })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'eventReminder'),
        inArray(
          outbox.toAddress,
          members.map((m) => m.email),
        ),
      ),
    )
  return members.map((m) => rows.filter((row) => row.to === m.email).length)
}

describe('event reminders', () => {
  it('e-mails each member holding a place once, in her language, with the time in Budapest', async () => {
    const start = new Date('2030-06-14T16:30:00Z')
    const { id, name } = await eventAt(start, { places: 3 })
    const anna = await member({ language: 'hu', name: 'Kovács Anna' })
    const emma = await member({ language: 'en', name: 'Emma Stone' })
    const quiet = await member({ language: 'es' })
    const late = await member({ language: 'de' })
    await ok(quiet.client, '/api/me/event-reminders', { method: 'PUT', json: { enabled: false } })
    expect(await ok(quiet.client, '/api/me', { method: 'GET' })).toMatchObject({
      eventReminders: false,
    })
    for (const who of [anna, emma, quiet]) await register(who, id)
    expect((await register(late, id)).waiting).toBe(true)

    const now = new Date(start.getTime() - 20 * HOUR)
    expect(await pass(now)).toBe(2)
    server.harness.mailWorker.wake()

    const hu = await server.mail.waitFor(anna.email, { subject: /Emlékeztető/ })
    expect(hu.subject).toBe(
      `${huEmails.eventReminder.subject.replace('{{event}}', name)} – Lendület`,
    )
    expect(hu.text).toContain('Kovács Anna')
    expect(hu.text).toContain('2030. június 14., péntek 18:30')
    expect(hu.text).toContain('Bálna')
    expect(hu.text).toContain('Budapest, Fővám tér 11–12.')
    expect(hu.links).toContain(`${baseUrl}/events?lang=hu`)
    expect(hu.links).toContain(`${baseUrl}/account?lang=hu`)
    const en = await server.mail.waitFor(emma.email, { subject: /Reminder/ })
    expect(en.subject).toBe(
      `${enEmails.eventReminder.subject.replace('{{event}}', name)} – Lendület`,
    )
    expect(en.text).toContain('Friday, 14 June 2030 at 18:30')

    // Again, and later: nothing more. Reminders off and the waiting list: nothing at all.
    expect(await pass(now)).toBe(0)
    expect(await pass(new Date(now.getTime() + 10 * HOUR))).toBe(0)
    expect(await remindersTo(anna, emma, quiet, late)).toEqual([1, 1, 0, 0])

    // She turns them back on: the next event reminds her again.
    await ok(quiet.client, '/api/me/event-reminders', { method: 'PUT', json: { enabled: true } })
    const next = await eventAt(new Date('2030-06-21T16:30:00Z'))
    await register(quiet, next.id)
    expect(await pass(new Date('2030-06-21T06:30:00Z'))).toBe(1)
    expect(await remindersTo(quiet)).toEqual([1])
  })

  it('reminds of an event only once it is within the hours, and not once it has started', async () => {
    const start = new Date('2030-07-10T17:00:00Z')
    const { id } = await eventAt(start)
    const bea = await member({ language: 'de' })
    await register(bea, id)

    expect(await pass(new Date(start.getTime() - 30 * HOUR))).toBe(0)
    expect(await remindersTo(bea)).toEqual([0])
    // Registered when less than the hours were left: the next pass reminds her.
    expect(await pass(new Date(start.getTime() - 3 * HOUR))).toBe(1)
    server.harness.mailWorker.wake()
    const mail = await server.mail.waitFor(bea.email, { subject: /Erinnerung/ })
    expect(mail.subject).toContain(deEmails.eventReminder.subject.split(':')[0])
    expect(mail.text).toContain('Mittwoch, 10. Juli 2030 um 19:00')

    // An event the host started early, and one that has ended: nobody is reminded.
    const early = await eventAt(new Date('2030-08-01T17:00:00Z'))
    const cili = await member()
    await register(cili, early.id)
    await ok(admin.client, `/api/admin/events/${early.id}/start`)
    expect(await pass(new Date('2030-08-01T10:00:00Z'))).toBe(0)
    await ok(admin.client, `/api/admin/events/${early.id}/end`)
    expect(await pass(new Date('2030-08-01T10:00:00Z'))).toBe(0)
    // And after the start, no reminder either.
    expect(await pass(new Date('2030-08-01T17:00:01Z'))).toBe(0)
    expect(await remindersTo(cili)).toEqual([0])
  })

  it('sends nothing from a pass that dies before committing, and each reminder once from passes running at once', async () => {
    const start = new Date('2030-09-05T16:00:00Z')
    const { id } = await eventAt(start)
    const members = await Promise.all(Array.from({ length: 6 }, () => member()))
    for (const who of members) await register(who, id)
    const now = new Date(start.getTime() - 12 * HOUR)

    // The process stops after writing the reminders and their e-mails, before the commit.
    await expect(
      db().transaction(async (tx) => {
        expect(await pass(now, tx)).toBe(6)
        throw new Error('the process died')
      }),
    ).rejects.toThrow('the process died')
    expect(await remindersTo(...members)).toEqual([0, 0, 0, 0, 0, 0])
    expect(await db().select().from(eventReminders).where(eq(eventReminders.eventId, id))).toEqual(
      [],
    )

    // After the restart, three passes at once (the job's, a second timer's, another process's).
    const sent = await Promise.all([pass(now), pass(now), pass(now)])
    expect(sent.reduce((a, b) => a + b)).toBe(6)
    expect(await remindersTo(...members)).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('runs by itself while the server runs, until it is stopped', async () => {
    const soon = new Date(Date.now() + 5 * HOUR)
    const { id } = await eventAt(soon)
    const dora = await member({ language: 'hu' })
    await register(dora, id)
    const job = startEventReminders({
      db: db(),
      logger: createLogger('silent'),
      hours: 24,
      baseUrl,
      onEmailQueued: server.harness.mailWorker.wake,
      everyMs: 50,
    })
    await server.mail.waitFor(dora.email, { subject: /Emlékeztető/ })
    await job.stop()
    expect(await remindersTo(dora)).toEqual([1])

    // EVENT_REMINDER_HOURS=0: no job at all.
    const off = await eventAt(new Date(Date.now() + 6 * HOUR))
    const eszter = await member()
    await register(eszter, off.id)
    const none = startEventReminders({
      db: db(),
      logger: createLogger('silent'),
      hours: 0,
      baseUrl,
      onEmailQueued: () => {},
      everyMs: 50,
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    await none.stop()
    expect(await remindersTo(eszter)).toEqual([0])
  })

  // Two server processes on one PostgreSQL: two pools, passes at the same moment.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sends each reminder once when two processes on one PostgreSQL run a pass together',
    async () => {
      const url = server.harness.database.url
      if (!url) throw new Error('the test database is not PostgreSQL')
      const other = await openDatabase({ databaseUrl: url })
      try {
        const start = new Date('2030-10-02T16:00:00Z')
        const { id } = await eventAt(start)
        const members = await Promise.all(Array.from({ length: 20 }, () => member()))
        for (const who of members) await register(who, id)
        const now = new Date(start.getTime() - 6 * HOUR)
        const sent = await Promise.all([
          pass(now),
          pass(now, other.db),
          pass(now),
          pass(now, other.db),
        ])
        expect(sent.reduce((a, b) => a + b)).toBe(20)
        expect(await remindersTo(...members)).toEqual(members.map(() => 1))
      } finally {
        await other.close()
      }
    },
  )
})
