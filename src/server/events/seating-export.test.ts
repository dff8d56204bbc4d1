import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventRounds } from '../db/schema/events.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { nameCollator } from '#shared/people-names.ts'
import { localIsoTime } from '#shared/time-zone.ts'
import { fileSlug } from './seating-export.ts'

const server = httpTestApp()
const { member, ok, evening, endRunning } = eveningApi(server)
let admin: Member
let hungarianAdmin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
  hungarianAdmin = await member({ isAdmin: true, language: 'hu' })
})

/** The CSV's text after its byte-order mark, which must be there so Excel reads the accents. */
async function csvText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return bytes.subarray(3).toString('utf8')
}

describe('the seating export', () => {
  it('lists every round’s seating as CSV: by round, table and name, safe for spreadsheets', async () => {
    await endRunning(admin)
    const people = await Promise.all([
      member({ name: 'Zita Kovács' }),
      member({ name: 'Ágnes Szabó' }),
      member({ name: '=HYPERLINK("x")' }),
    ])
    const { eventId, roundId } = await evening(admin, {
      eventName: 'Május, klikk-est',
      tables: [
        { name: 'Rózsa', seats: 2 },
        { name: 'Menta', seats: 2 },
      ],
      present: people.map((p) => p.userCode),
    })
    const base = `/api/admin/events/${eventId}`
    await ok(admin.client, `${base}/rounds/${roundId}/start`)
    await ok(admin.client, `${base}/rounds/${roundId}/end`)
    await ok(admin.client, `${base}/rounds`, { json: { durationMinutes: 30 } })

    const response = await admin.client.get(`${base}/seating.csv`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // The evening starts now (seedEvening); the file is named by its day where it happens.
    const day = localIsoTime(new Date()).slice(0, 10)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="seating-majus-klikk-est-${day}.csv"`,
    )
    const text = await csvText(response)
    const lines = text.trimEnd().split('\r\n')
    // Her language's headers, with the comma a British Excel expects.
    expect(lines[0]).toBe('Round,Round state,Round started,Table,Name,E-mail address,Member code')
    const rows = lines.slice(1)
    // Three people in each of two rounds; the first ended, the second waits.
    expect(rows).toHaveLength(6)
    expect(rows.slice(0, 3).every((row) => row.startsWith('1,Ended,20'))).toBe(true)
    expect(rows.slice(3).every((row) => row.startsWith('2,Not started,,'))).toBe(true)
    // Tables in the event's order (Rózsa was added first), then names.
    const firstRound = rows.slice(0, 3).map((row) => row.split(','))
    // Names in the admin's language's order, the way she reads them (Á before Z).
    const collator = nameCollator('en')
    const order = firstRound.map(
      ([, , , table, name]) => [table === 'Rózsa' ? 0 : 1, name ?? ''] as const,
    )
    expect(order).toEqual(
      [...order].sort(([tableA, a], [tableB, b]) => tableA - tableB || collator.compare(a, b)),
    )
    for (const person of people) {
      const mine = rows.filter((row) => row.includes(person.userCode))
      expect(mine, person.name).toHaveLength(2)
      for (const row of mine) expect(row).toContain(person.email)
    }
    // A formula is never a formula in a spreadsheet.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    await endRunning(admin)
  })

  it('speaks a Hungarian admin’s language: her headers, semicolons, Budapest time with its offset', async () => {
    await endRunning(hungarianAdmin)
    const people = await Promise.all([
      member({ name: 'Kiss Anna; a kertből' }),
      member({ name: 'Bodnárné Vass Éva' }),
    ])
    const { eventId, roundId } = await evening(hungarianAdmin, {
      eventName: 'Őszi klikk-est',
      tables: [{ name: 'Rózsa', seats: 2 }],
      present: people.map((p) => p.userCode),
    })
    const base = `/api/admin/events/${eventId}`
    await ok(hungarianAdmin.client, `${base}/rounds/${roundId}/start`)
    const [round] = await server.harness.database.db
      .select({ startedAt: eventRounds.startedAt })
      .from(eventRounds)
      .where(eq(eventRounds.id, roundId ?? ''))
    const startedAt = round?.startedAt
    if (!startedAt) throw new Error('the round did not start')

    const response = await hungarianAdmin.client.get(`${base}/seating.csv`)
    expect(response.status).toBe(200)
    const [header, ...rows] = (await csvText(response)).trimEnd().split('\r\n')
    // The semicolon a Hungarian Excel splits on, and her words in the header.
    expect(header).toBe('Kör;A kör állapota;A kör kezdete;Asztal;Név;E-mail-cím;Tagkód')
    expect(rows).toHaveLength(2)
    // A name with the delimiter in it is quoted, so it stays one cell.
    expect(rows.some((row) => row.includes(';"Kiss Anna; a kertből";'))).toBe(true)
    for (const row of rows) {
      const [number, state, time] = row.split(';')
      expect([number, state]).toEqual(['1', 'Fut'])
      // Local time in Budapest, with the offset that says so: never UTC's "Z".
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/)
      expect(Date.parse(time ?? '')).toBe(Math.floor(startedAt.getTime() / 1000) * 1000)
      const budapestHour = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Budapest',
      }).format(startedAt)
      expect(time?.slice(11, 13)).toBe(budapestHour)
    }
    await endRunning(hungarianAdmin)
  })

  it('writes a moment as Budapest time with its offset, in winter and in summer', () => {
    expect(localIsoTime(new Date('2026-11-28T17:58:00Z'))).toBe('2026-11-28T18:58:00+01:00')
    expect(localIsoTime(new Date('2026-07-01T16:00:05Z'))).toBe('2026-07-01T18:00:05+02:00')
    expect(localIsoTime(new Date('2026-07-01T16:00:05Z'), 'UTC')).toBe('2026-07-01T16:00:05+00:00')
  })

  it('is a 404 for an event that does not exist', async () => {
    const response = await admin.client.get(
      '/api/admin/events/00000000-0000-4000-8000-000000000000/seating.csv',
    )
    expect(response.status).toBe(404)
    expect(Object.keys(await response.json()).sort()).toEqual(['code', 'message'])
  })

  it('names files by the event in plain letters', () => {
    expect(fileSlug('Őszi Klikk-est – Győr!')).toBe('oszi-klikk-est-gyor')
    expect(fileSlug('🎉')).toBe('event')
    expect(fileSlug('x'.repeat(60))).toHaveLength(40)
  })
})
