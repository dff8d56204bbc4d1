import { beforeAll, describe, expect, it } from 'vitest'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { nameCollator } from '#shared/people-names.ts'
import { fileSlug } from './seating-export.ts'

const server = httpTestApp()
const { member, ok, evening, endRunning } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

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
    const day = new Date().toISOString().slice(0, 10)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="seating-majus-klikk-est-${day}.csv"`,
    )
    const bytes = Buffer.from(await response.arrayBuffer())
    // A byte-order mark first, so Excel reads the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    const lines = text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('round,round_state,round_started_at,table,name,email,member_code')
    const rows = lines.slice(1)
    // Three people in each of two rounds; the first ended, the second waits.
    expect(rows).toHaveLength(6)
    expect(rows.slice(0, 3).every((row) => row.startsWith('1,ended,20'))).toBe(true)
    expect(rows.slice(3).every((row) => row.startsWith('2,pending,,'))).toBe(true)
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
