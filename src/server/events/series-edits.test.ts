import { asc, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import enEvents from '#shared/locales/en/events.json' with { type: 'json' }
import huEvents from '#shared/locales/hu/events.json' with { type: 'json' }
import { siteLocalTime } from '#shared/series-rule.ts'
import { auditLog } from '../db/schema/audit.ts'
import { eventRounds, events, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { eventSeries } from '../db/schema/series.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { fillSeriesHorizon } from './commands/fill-series.ts'

// Editing a series' tables (this evening, or this and every later one) and its rule (decision
// 0099): what the host sees answered, and what is stored.

const server = httpTestAppWithMail()
const { member, ok, endRunning } = eveningApi(server)
const db = () => server.harness.database.db
const DAY = 24 * 60 * 60_000
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

const dayAhead = (days: number) => siteLocalTime(new Date(Date.now() + days * DAY)).slice(0, 10)
const localTime = (iso: string | Date) => siteLocalTime(new Date(iso))

interface Evening {
  id: string
  startTime: string
  seriesSlot: string
}

const createSeries = async (name: string, registrationOpensDays = 14) =>
  ok<{ series: { id: string }; evenings: Evening[] }>(admin.client, '/api/admin/series', {
    json: {
      eventName: name,
      placeName: 'Stúdió',
      duration: 120,
      places: 8,
      tables: [
        { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 },
        { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
      ],
      rule: { kind: 'dates', dates: [20, 40, 60].map((d) => `${dayAhead(d)}T19:00`) },
      registrationOpensDays,
    },
  })

const editTables = (seriesId: string, eventId: string, body: unknown, by = admin) =>
  by.client.request(`/api/admin/series/${seriesId}/evenings/${eventId}/tables`, {
    method: 'PUT',
    json: body,
  })

const editRule = (seriesId: string, body: unknown) =>
  admin.client.request(`/api/admin/series/${seriesId}/rule`, { method: 'PUT', json: body })

/** Each evening's tables as "name seats-in-use/seats", in the order they were made. */
async function tablesOf(...eventIds: string[]) {
  const rows = await db()
    .select()
    .from(eventTables)
    .where(inArray(eventTables.eventId, eventIds))
    .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName))
  return eventIds.map((id) =>
    rows
      .filter((t) => t.eventId === id)
      .map((t) => `${t.tableName} ${t.capacityActual}/${t.capacityFull}`)
      .sort(),
  )
}

const entriesFor = (...ids: string[]) =>
  db().select().from(auditLog).where(inArray(auditLog.subjectId, ids)).orderBy(auditLog.at)

const seriesRow = async (id: string) =>
  (await db().select().from(eventSeries).where(eq(eventSeries.id, id)))[0]

describe("a series' tables", () => {
  it('one evening edited alone, the rest together; an evening that has run stays as it was', async () => {
    const { series, evenings } = await createSeries('Asztalos klikk')
    const [first, second, third] = evenings as [Evening, Evening, Evening]
    // The first evening has run.
    await endRunning(admin)
    await ok(admin.client, `/api/admin/events/${first.id}/start`)
    await ok(admin.client, `/api/admin/events/${first.id}/end`)

    // The third alone gets a third table.
    const alone = await editTables(series.id, third.id, {
      scope: 'evening',
      tables: [
        { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 },
        { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
        { tableName: 'Tulipán', capacityFull: 5, capacityActual: 5 },
      ],
    })
    expect(alone.status).toBe(200)
    expect(await tablesOf(first.id, second.id, third.id)).toEqual([
      ['Liliom 3/4', 'Rózsa 4/4'],
      ['Liliom 3/4', 'Rózsa 4/4'],
      ['Liliom 3/4', 'Rózsa 4/4', 'Tulipán 5/5'],
    ])
    expect((await seriesRow(series.id))?.tables).toHaveLength(2)

    // The second and every later one: Rózsa grows, Liliom goes, Nárcisz comes.
    const together = await editTables(series.id, second.id, {
      scope: 'following',
      tables: [
        { tableName: 'Rózsa', capacityFull: 6, capacityActual: 6 },
        { tableName: 'Nárcisz', capacityFull: 4, capacityActual: 4 },
      ],
    })
    expect(together.status).toBe(200)
    const answer = (await together.json()) as { evenings: { id: string }[] }
    expect(answer.evenings.map((e) => e.id)).toEqual([second.id, third.id])
    expect(await tablesOf(first.id, second.id, third.id)).toEqual([
      ['Liliom 3/4', 'Rózsa 4/4'],
      ['Nárcisz 4/4', 'Rózsa 6/6'],
      ['Nárcisz 4/4', 'Rózsa 6/6'],
    ])
    // The evenings still to be made start with them too.
    expect((await seriesRow(series.id))?.tables).toEqual([
      { tableName: 'Rózsa', capacityFull: 6, capacityActual: 6 },
      { tableName: 'Nárcisz', capacityFull: 4, capacityActual: 4 },
    ])

    // The evening that has run is refused, alone or as the start of "this and later".
    for (const scope of ['evening', 'following']) {
      const refused = await editTables(series.id, first.id, {
        scope,
        tables: [{ tableName: 'Rózsa', capacityFull: 2, capacityActual: 2 }],
      })
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual({
        code: 'series_evening_has_run',
        message: enEvents.errors.seriesEveningHasRun,
      })
    }
    expect(await tablesOf(first.id)).toEqual([['Liliom 3/4', 'Rózsa 4/4']])

    const entries = await entriesFor(series.id, first.id, second.id, third.id)
    expect(
      entries
        .filter((e) => e.action !== 'event.start' && e.action !== 'event.end')
        .map((e) => [e.action, e.subjectId, (e.after as { tables?: string } | null)?.tables]),
    ).toEqual([
      ['series.create', series.id, undefined],
      ['event.update', third.id, 'Liliom 3/4, Rózsa 4/4, Tulipán 5/5'],
      ['event.update', second.id, 'Rózsa 6/6, Nárcisz 4/4'],
      ['event.update', third.id, 'Rózsa 6/6, Nárcisz 4/4'],
      ['series.update', series.id, 'Rózsa 6/6, Nárcisz 4/4'],
    ])
  })

  it('a table someone is seated at is not taken away nor made too small: refused in her language, nothing changed', async () => {
    const { series, evenings } = await createSeries('Foglalt asztal')
    const [first, second] = evenings as [Evening, Evening, Evening]
    // Three women are seated at the second evening's Rózsa in a round not yet started.
    const people = [await member(), await member(), await member()]
    const rozsa = (
      await db().select().from(eventTables).where(eq(eventTables.eventId, second.id))
    ).find((table) => table.tableName === 'Rózsa')
    const [round] = await db()
      .insert(eventRounds)
      .values({ eventId: second.id, roundNumber: 1 })
      .returning()
    if (!round || !rozsa) throw new Error('no round or table')
    await db()
      .insert(eventTableAssignments)
      .values(people.map((p) => ({ roundId: round.id, tableId: rozsa.id, userId: p.userId })))
    const hu = await member({ isAdmin: true, language: 'hu' })
    const tablesBefore = await tablesOf(first.id, second.id)
    const entriesBefore = (await entriesFor(series.id, first.id, second.id)).length
    const date = localTime(second.startTime).replace('T', ' ')

    const gone = await editTables(
      series.id,
      first.id,
      {
        scope: 'following',
        tables: [{ tableName: 'Liliom', capacityFull: 4, capacityActual: 4 }],
      },
      hu,
    )
    expect(gone.status).toBe(409)
    expect(await gone.json()).toEqual({
      code: 'series_table_seated',
      message: huEvents.errors.seriesTableInUse
        .replace('{{date}}', date)
        .replace('{{table}}', 'Rózsa'),
    })
    const small = await editTables(series.id, first.id, {
      scope: 'following',
      tables: [
        { tableName: 'rózsa', capacityFull: 4, capacityActual: 2 },
        { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
      ],
    })
    expect(small.status).toBe(409)
    expect(await small.json()).toEqual({
      code: 'series_table_seated',
      message: enEvents.errors.seriesTableTooSmall
        .replace('{{date}}', date)
        .replace('{{seated}}', '3')
        .replace('{{table}}', 'Rózsa'),
    })
    // Nothing changed: not the first evening either, nor the series, nor the log.
    expect(await tablesOf(first.id, second.id)).toEqual(tablesBefore)
    expect((await seriesRow(series.id))?.tables).toHaveLength(2)
    expect(await entriesFor(series.id, first.id, second.id)).toHaveLength(entriesBefore)

    // Room for the three who sit there is fine.
    const fits = await editTables(series.id, first.id, {
      scope: 'following',
      tables: [
        { tableName: 'Rózsa', capacityFull: 3, capacityActual: 3 },
        { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
      ],
    })
    expect(fits.status).toBe(200)
    expect((await tablesOf(second.id))[0]).toEqual(['Liliom 3/4', 'Rózsa 3/3'])
  })

  it('bad tables are refused before anything is stored', async () => {
    const { series, evenings } = await createSeries('Hibás asztal')
    const [first] = evenings as [Evening]
    const before = await tablesOf(...evenings.map((e) => e.id))
    for (const body of [
      {
        scope: 'following',
        tables: [
          { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 },
          { tableName: 'rózsa', capacityFull: 4, capacityActual: 4 },
        ],
      },
      { scope: 'following', tables: [{ tableName: 'Rózsa', capacityFull: 2, capacityActual: 3 }] },
      { scope: 'all', tables: [] },
    ]) {
      const refused = await editTables(series.id, first.id, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(((await refused.json()) as { code: string }).code).toBe('invalid_request')
    }
    const stranger = await member()
    expect(
      (await editTables(series.id, first.id, { scope: 'evening', tables: [] }, stranger)).status,
    ).toBe(403)
    expect(await tablesOf(...evenings.map((e) => e.id))).toEqual(before)
  })
})

describe("a series' rule", () => {
  it('re-dates the evenings nobody is on, keeps the one with a registration and names it to the host', async () => {
    const { series, evenings } = await createSeries('Új szabály', 90)
    const [first, second, third] = evenings as [Evening, Evening, Evening]
    const anna = await member()
    await ok(anna.client, `/api/events/${second.id}/registration`)

    // The first day stays at another hour; the others become two new days.
    const rule = {
      kind: 'dates',
      dates: [`${dayAhead(20)}T18:00`, `${dayAhead(45)}T19:00`, `${dayAhead(70)}T19:00`],
    }
    const changed = await editRule(series.id, { rule, registrationOpensDays: 30 })
    expect(changed.status).toBe(200)
    const answer = (await changed.json()) as Record<
      'made' | 'moved' | 'removed' | 'kept',
      Evening[]
    >
    expect(answer.moved.map((e) => [e.id, localTime(e.startTime)])).toEqual([
      [first.id, `${dayAhead(20)}T18:00`],
    ])
    expect(answer.removed.map((e) => e.id)).toEqual([third.id])
    expect(answer.kept.map((e) => [e.id, localTime(e.startTime)])).toEqual([
      [second.id, localTime(second.startTime)],
    ])
    expect(answer.made.map((e) => localTime(e.startTime))).toEqual([
      `${dayAhead(45)}T19:00`,
      `${dayAhead(70)}T19:00`,
    ])

    const now = await db()
      .select()
      .from(events)
      .where(eq(events.seriesId, series.id))
      .orderBy(asc(events.startTime))
    expect(
      now.map((e) => [e.id === second.id ? 'kept' : e.seriesSlot, localTime(e.startTime)]),
    ).toEqual([
      [dayAhead(20), `${dayAhead(20)}T18:00`],
      ['kept', localTime(second.startTime)],
      [dayAhead(45), `${dayAhead(45)}T19:00`],
      [dayAhead(70), `${dayAhead(70)}T19:00`],
    ])
    // Registration opens 30 days before each evening the rule moved or made.
    for (const e of now.filter((e) => e.id !== second.id))
      expect(e.registrationOpensAt?.getTime()).toBe(e.startTime.getTime() - 30 * DAY)
    // The new evenings start with the series' tables; the horizon job makes nothing more.
    expect(await tablesOf(...answer.made.map((e) => e.id))).toEqual([
      ['Liliom 3/4', 'Rózsa 4/4'],
      ['Liliom 3/4', 'Rózsa 4/4'],
    ])
    expect(await fillSeriesHorizon(db(), new Date())).toEqual([])
    const row = await seriesRow(series.id)
    expect(row).toMatchObject({ rule, registrationOpensDays: 30 })

    const entries = await entriesFor(series.id, ...now.map((e) => e.id), third.id)
    expect(entries.map((e) => [e.action, e.subjectId])).toEqual([
      ['series.create', series.id],
      ['event.update', first.id],
      ['event.delete', third.id],
      ...answer.made.map((e) => ['event.create', e.id]),
      ['series.update', series.id],
    ])
    expect(entries.at(-1)?.after).toMatchObject({
      registrationOpensDays: 30,
      madeEvenings: 2,
      movedEvenings: 1,
      removedEvenings: 1,
      keptEvenings: 1,
    })
  })

  it('registration that has opened never closes again, whether or not its followers were told yet', async () => {
    const { series, evenings } = await createSeries('Nyitva marad', 90)
    const ids = evenings.map((e) => e.id)
    const opensAt = async () => {
      const rows = await db().select().from(events).where(inArray(events.id, ids))
      return ids.map((id) => rows.find((e) => e.id === id)?.registrationOpensAt?.getTime())
    }
    const opened = await opensAt()
    expect(opened.every((t) => t !== undefined && t <= Date.now())).toBe(true)
    // The followers' job has told the first evening's followers, not yet the others'.
    await db()
      .update(events)
      .set({ followersToldAt: new Date() })
      .where(eq(events.id, ids[0] as string))

    // Ten days before each new start is still to come: all three stay open as they were.
    const later = await editRule(series.id, {
      rule: { kind: 'dates', dates: [20, 40, 60].map((d) => `${dayAhead(d)}T18:00`) },
      registrationOpensDays: 10,
    })
    expect(later.status).toBe(200)
    expect(await opensAt()).toEqual(opened)

    // Thirty days before: the first evening's new opening is past, so it takes it; the others
    // would close again, so they keep theirs.
    const sooner = await editRule(series.id, {
      rule: { kind: 'dates', dates: [20, 40, 60].map((d) => `${dayAhead(d)}T18:00`) },
      registrationOpensDays: 30,
    })
    expect(sooner.status).toBe(200)
    const [first] = await db()
      .select()
      .from(events)
      .where(eq(events.id, ids[0] as string))
    expect(await opensAt()).toEqual([
      (first?.startTime.getTime() ?? 0) - 30 * DAY,
      opened[1],
      opened[2],
    ])
  })

  it('an evening that has run never changes; a rule with no dates or a past date is refused, nothing changed', async () => {
    const { series, evenings } = await createSeries('Régi est')
    const [first] = evenings as [Evening, Evening, Evening]
    await endRunning(admin)
    await ok(admin.client, `/api/admin/events/${first.id}/start`)
    await ok(admin.client, `/api/admin/events/${first.id}/end`)
    const stored = async () => ({
      evenings: await db()
        .select()
        .from(events)
        .where(eq(events.seriesId, series.id))
        .orderBy(asc(events.id)),
      row: await seriesRow(series.id),
      entries: (await entriesFor(series.id)).length,
    })
    const before = await stored()

    const past = await editRule(series.id, {
      rule: { kind: 'dates', dates: ['2026-01-02T19:00', `${dayAhead(30)}T19:00`] },
      registrationOpensDays: 14,
    })
    expect(past.status).toBe(400)
    expect(await past.json()).toMatchObject({
      code: 'invalid_request',
      message: enEvents.validation.seriesDateInPast.replace('{{date}}', '2026-01-02 19:00'),
    })
    for (const rule of [
      { kind: 'dates', dates: [] },
      { kind: 'monthly', week: '1', weekday: 5, time: '19:00', until: '2026-01-31' },
    ]) {
      const none = await editRule(series.id, { rule, registrationOpensDays: 14 })
      expect(none.status, JSON.stringify(rule)).toBe(400)
      expect(((await none.json()) as { message: string }).message).toBe(
        enEvents.validation.seriesNoDates,
      )
    }
    const days = await editRule(series.id, {
      rule: { kind: 'dates', dates: [`${dayAhead(30)}T19:00`] },
      registrationOpensDays: 0,
    })
    expect(days.status).toBe(400)
    expect(await stored()).toEqual(before)

    // A monthly rule: the evening that ran stays, the two to come give way to its dates.
    const monthly = await editRule(series.id, {
      rule: { kind: 'monthly', week: '1', weekday: 5, time: '19:00', until: null },
      registrationOpensDays: 14,
    })
    expect(monthly.status).toBe(200)
    const [ran] = await db().select().from(events).where(eq(events.id, first.id))
    expect(ran).toEqual(before.evenings.find((e) => e.id === first.id))
  })
})
