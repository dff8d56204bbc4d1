import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import enEvents from '#shared/locales/en/events.json' with { type: 'json' }
import { siteLocalTime } from '#shared/series-rule.ts'
import { auditLog } from '../db/schema/audit.ts'
import { events, eventTables } from '../db/schema/events.ts'
import { eventSeries } from '../db/schema/series.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { fillSeriesHorizon } from './commands/fill-series.ts'
import { tellSeriesFollowers } from './commands/tell-series-followers.ts'

const SECRET = 'series-test-secret-0123456789abcdef0123456789'
const server = httpTestAppWithMail({ BETTER_AUTH_SECRET: SECRET })
const { member, ok, endRunning } = eveningApi(server)
const db = () => server.harness.database.db
const DAY = 24 * 60 * 60_000
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

/** A local day (site time) `days` from now, as the host types it. */
const dayAhead = (days: number) => siteLocalTime(new Date(Date.now() + days * DAY)).slice(0, 10)

interface Evening {
  id: string
  eventName: string
  startTime: string
  places: number | null
  registrationOpensAt: string | null
  seriesSlot: string
}
interface Created {
  series: { id: string; eventName: string }
  evenings: Evening[]
}

const seriesInput = (overrides: Record<string, unknown> = {}) => ({
  eventName: 'Csütörtöki klikk',
  description: 'Havonta egyszer.',
  placeName: 'Stúdió',
  address: 'Budapest, Fő utca 1.',
  duration: 120,
  places: 3,
  tables: [
    { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 },
    { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
  ],
  translations: { en: { eventName: 'Thursday klikk' }, de: { eventName: 'Donnerstags-Klikk' } },
  rule: { kind: 'dates', dates: [20, 40, 60].map((d) => `${dayAhead(d)}T19:00`) },
  registrationOpensDays: 14,
  ...overrides,
})

const createSeries = (overrides: Record<string, unknown> = {}) =>
  ok<Created>(admin.client, '/api/admin/series', { json: seriesInput(overrides) })

const eveningsOf = async (seriesId: string) =>
  (
    await ok<{ evenings: (Evening & { registered: number })[] }>(
      admin.client,
      `/api/admin/series/${seriesId}`,
      { method: 'GET' },
    )
  ).evenings

const edit = (seriesId: string, eventId: string, body: Record<string, unknown>) =>
  admin.client.request(`/api/admin/series/${seriesId}/evenings/${eventId}`, {
    method: 'PUT',
    json: { ...seriesInput(), ...body },
  })

const localTime = (iso: string) => siteLocalTime(new Date(iso))
const seriesCount = async () => (await db().select().from(eventSeries)).length

describe('series: made, edited alone and together', () => {
  it('a series of 3 evenings is made, each with its tables, and one audit entry', async () => {
    const { series, evenings } = await createSeries()
    expect(evenings.map((e) => localTime(e.startTime))).toEqual(
      [20, 40, 60].map((d) => `${dayAhead(d)}T19:00`),
    )
    for (const evening of evenings) {
      expect(evening.eventName).toBe('Csütörtöki klikk')
      const tables = await db()
        .select()
        .from(eventTables)
        .where(eq(eventTables.eventId, evening.id))
      expect(tables.map((t) => [t.tableName, t.capacityActual]).sort()).toEqual([
        ['Liliom', 3],
        ['Rózsa', 4],
      ])
      expect(Date.parse(evening.registrationOpensAt ?? '')).toBe(
        Date.parse(evening.startTime) - 14 * DAY,
      )
    }
    const entries = await db().select().from(auditLog).where(eq(auditLog.subjectId, series.id))
    expect(entries.map((e) => [e.action, e.after?.evenings])).toEqual([['series.create', 3]])
    // The horizon job finds nothing more to make, however often it runs.
    expect(await fillSeriesHorizon(db(), new Date())).toEqual([])
    expect(await eveningsOf(series.id)).toHaveLength(3)
  })

  it('one date edited alone; then the rest together; an evening that has run stays as it was', async () => {
    const { series, evenings } = await createSeries({ eventName: 'Péntek esti klikk' })
    const [first, second, third] = evenings as [Evening, Evening, Evening]

    // The second evening alone: another day and name.
    const moved = `${dayAhead(42)}T18:00`
    const alone = await edit(series.id, second.id, {
      scope: 'evening',
      eventName: 'Különkiadás',
      startTime: new Date(Date.parse(second.startTime) + 2 * DAY - 60 * 60_000).toISOString(),
    })
    expect(alone.status).toBe(200)
    let now = await eveningsOf(series.id)
    expect(now.map((e) => [e.eventName, localTime(e.startTime)])).toEqual([
      ['Péntek esti klikk', localTime(first.startTime)],
      ['Különkiadás', moved],
      ['Péntek esti klikk', localTime(third.startTime)],
    ])
    const aloneEntries = await db().select().from(auditLog).where(eq(auditLog.subjectId, second.id))
    expect(aloneEntries.map((e) => e.action)).toEqual(['event.update'])

    // The first evening runs and ends.
    await ok(admin.client, `/api/admin/events/${first.id}/start`)
    await ok(admin.client, `/api/admin/events/${first.id}/end`)
    const [ran] = await db().select().from(events).where(eq(events.id, first.id))

    // It can no longer be changed, alone or as the start of "this and later".
    const refused = await edit(series.id, first.id, { scope: 'following', eventName: 'Új' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      code: 'series_evening_has_run',
      message: enEvents.errors.seriesEveningHasRun,
    })

    // The rest together, from the second: a new name, 19:30 on each one's own day.
    const together = await edit(series.id, second.id, {
      scope: 'following',
      eventName: 'Péntek esti klikk, új helyen',
      placeName: 'Új stúdió',
      time: '19:30',
    })
    expect(together.status).toBe(200)
    now = await eveningsOf(series.id)
    expect(now.map((e) => [e.eventName, localTime(e.startTime)])).toEqual([
      ['Péntek esti klikk', localTime(first.startTime)],
      ['Péntek esti klikk, új helyen', `${dayAhead(42)}T19:30`],
      ['Péntek esti klikk, új helyen', `${localTime(third.startTime).slice(0, 10)}T19:30`],
    ])
    const [after] = await db().select().from(events).where(eq(events.id, first.id))
    expect(after).toEqual(ran)
    // What the series makes from now on is the new one too.
    const [row] = await db().select().from(eventSeries).where(eq(eventSeries.id, series.id))
    expect(row?.placeName).toBe('Új stúdió')
    const seriesEntries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, series.id))
      .orderBy(auditLog.at)
    expect(seriesEntries.map((e) => e.action)).toEqual(['series.create', 'series.update'])
  })
})

describe('series: bad input changes nothing', () => {
  it('a date in the past, a rule that makes no dates: a clear refusal in her language', async () => {
    const before = await seriesCount()
    const past = await admin.client.post('/api/admin/series', {
      ...seriesInput({
        rule: { kind: 'dates', dates: ['2026-01-02T19:00', `${dayAhead(30)}T19:00`] },
      }),
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
      const none = await admin.client.post('/api/admin/series', seriesInput({ rule }))
      expect(none.status, JSON.stringify(rule)).toBe(400)
      expect(((await none.json()) as { message: string }).message).toBe(
        enEvents.validation.seriesNoDates,
      )
    }
    const fifth = await admin.client.post(
      '/api/admin/series',
      seriesInput({ rule: { kind: 'monthly', week: '5', weekday: 5, time: '19:00' } }),
    )
    expect(fifth.status).toBe(400)
    expect(await seriesCount()).toBe(before)
  })

  it('fewer places than an evening has registered: the whole edit is refused, nothing changed', async () => {
    // Registration open for every evening at once (90 days before).
    const { series, evenings } = await createSeries({
      eventName: 'Teltház',
      registrationOpensDays: 90,
    })
    const [first, second] = evenings as [Evening, Evening]
    const [anna, bea] = [await member(), await member()]
    for (const who of [anna, bea]) await ok(who.client, `/api/events/${second.id}/registration`)
    const stored = await eveningsOf(series.id)

    const shrink = await edit(series.id, first.id, {
      scope: 'following',
      eventName: 'Teltház, kisebb',
      places: 1,
    })
    expect(shrink.status).toBe(409)
    expect(await shrink.json()).toMatchObject({
      code: 'series_places_below_registered',
      message: enEvents.validation.seriesPlacesBelowRegistered
        .replace('{{taken}}', '2')
        .replace('{{date}}', localTime(second.startTime).replace('T', ' ')),
    })
    expect(await eveningsOf(series.id)).toEqual(stored)
    // Alone, the first evening (nobody registered) may shrink.
    expect((await edit(series.id, first.id, { scope: 'evening', places: 1 })).status).toBe(200)
  })

  it('ending a series deletes its evenings to come without sign-ups; one with a sign-up and one that has run stay', async () => {
    const { series, evenings } = await createSeries({
      eventName: 'Befejezett',
      registrationOpensDays: 90,
    })
    const [first, second, third] = evenings as [Evening, Evening, Evening]
    const follower = await member()
    await ok(follower.client, `/api/events/series/${series.id}/follow`)
    await ok(follower.client, `/api/events/${third.id}/registration`)
    // The first evening has run (it started and ended long ago).
    await endRunning(admin)
    await ok(admin.client, `/api/admin/events/${first.id}/start`)
    await ok(admin.client, `/api/admin/events/${first.id}/end`)

    const stranger = await member()
    expect(
      (await stranger.client.request(`/api/admin/series/${series.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(403)
    const ended = await admin.client.request(`/api/admin/series/${series.id}`, { method: 'DELETE' })
    expect(ended.status).toBe(200)
    expect(await ended.json()).toEqual({ deletedEvenings: 1, keptEvenings: 2 })

    const left = await db()
      .select()
      .from(events)
      .where(
        inArray(
          events.id,
          evenings.map((e) => e.id),
        ),
      )
    expect(left.map((e) => [e.id, e.seriesId]).sort()).toEqual(
      [
        [first.id, null],
        [third.id, null],
      ].sort(),
    )
    expect(left.find((e) => e.id === second.id)).toBeUndefined()
    // She keeps her place; the series is gone from her list and from the host's.
    const list = await ok<MemberEvents>(follower.client, '/api/events', { method: 'GET' })
    expect(list.events.find((e) => e.id === third.id)).toMatchObject({ series: null })
    const again = await admin.client.request(`/api/admin/series/${series.id}`, { method: 'DELETE' })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({
      code: 'not_found',
      message: enEvents.errors.seriesNotFound,
    })
    // The horizon job makes nothing for it any more.
    await fillSeriesHorizon(db(), new Date())
    expect(await db().select().from(events).where(eq(events.seriesId, series.id))).toEqual([])
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'series.delete'))
    expect(entry).toMatchObject({
      subjectId: series.id,
      before: expect.objectContaining({ eventName: 'Befejezett' }),
      after: { deletedEvenings: 1, keptEvenings: 2 },
    })
  })

  it('registration before it opens is refused in her language', async () => {
    const { evenings } = await createSeries({ eventName: 'Még zárva' })
    const early = await member({ language: 'en' })
    const response = await early.client.post(`/api/events/${evenings[0]?.id}/registration`, {})
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      code: 'registration_not_open',
      message: enEvents.errors.registrationNotOpen,
    })
  })
})

interface MemberEvents {
  events: {
    id: string
    eventName: string
    registrationOpensAt: string | null
    series: { id: string; following: boolean; later: { id: string; startTime: string }[] } | null
  }[]
}

describe('series: /events and following', () => {
  it('/events shows a series as one entry with its next date and the dates after it', async () => {
    const { series, evenings } = await createSeries({ eventName: 'Egy sorban' })
    const reader = await member({ language: 'en' })
    const list = await ok<MemberEvents>(reader.client, '/api/events', { method: 'GET' })
    const ofSeries = list.events.filter((e) => e.series?.id === series.id)
    expect(ofSeries).toHaveLength(1)
    expect(ofSeries[0]).toMatchObject({
      id: evenings[0]?.id,
      eventName: 'Thursday klikk',
      series: { following: false, later: evenings.slice(1).map((e) => ({ id: e.id })) },
    })
  })

  it('a follower gets one e-mail when registration opens, in her language; its link unfollows', async () => {
    const { series, evenings } = await createSeries({ eventName: 'Követett' })
    const greta = await member({ language: 'de', name: 'Greta' })
    await ok(greta.client, `/api/events/series/${series.id}/follow`)
    await ok(greta.client, `/api/events/series/${series.id}/follow`)
    const opens = new Date(evenings[0]?.registrationOpensAt ?? '')
    const mail = { baseUrl: 'http://localhost:3000', secret: SECRET }
    expect(await tellSeriesFollowers(db(), new Date(opens.getTime() - 60_000), mail)).toBe(0)
    const told = await Promise.all([
      tellSeriesFollowers(db(), new Date(opens.getTime() + 60_000), mail),
      tellSeriesFollowers(db(), new Date(opens.getTime() + 60_000), mail),
    ])
    expect(told.reduce((a, b) => a + b)).toBe(1)
    expect(await tellSeriesFollowers(db(), new Date(opens.getTime() + 120_000), mail)).toBe(0)
    server.harness.mailWorker.wake()

    const received = await server.mail.waitFor(greta.email, { subject: /Anmeldung geöffnet/ })
    expect(received.subject).toBe(
      `${deEmails.seriesOpen.subject.replace('{{event}}', 'Donnerstags-Klikk')} – Lendület`,
    )
    expect(received.text).toContain(deEmails.seriesOpen.unfollow)
    const sent = await db().select().from(outbox).where(eq(outbox.toAddress, greta.email))
    expect(sent.filter((m) => m.kind === 'seriesOpen')).toHaveLength(1)

    const link = received.links.find((l) => l.includes('/series/unfollow'))
    const token = new URL(link ?? 'http://x').searchParams.get('token') ?? ''
    const stranger = browserClient(server.http.origin)
    const forged = await stranger.post('/api/series/unfollow', {
      token: `${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`,
    })
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { code: string }).code).toBe('invalid_token')
    const done = await stranger.post('/api/series/unfollow', { token })
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ eventName: 'Követett' })
    const list = await ok<MemberEvents>(greta.client, '/api/events', { method: 'GET' })
    expect(list.events.find((e) => e.series?.id === series.id)?.series?.following).toBe(false)
  })

  it('the horizon job makes each later evening once, however many passes run at once', async () => {
    const { series, evenings } = await createSeries({
      eventName: 'Havi',
      rule: { kind: 'monthly', week: 'last', weekday: 3, time: '18:00' },
    })
    const later = new Date(Date.now() + 70 * DAY)
    const made = await Promise.all([fillSeriesHorizon(db(), later), fillSeriesHorizon(db(), later)])
    const all = await eveningsOf(series.id)
    expect(all.length).toBe(evenings.length + made.flat().length)
    expect(new Set(all.map((e) => e.seriesSlot)).size).toBe(all.length)
    expect(made.flat().length).toBeGreaterThan(0)
  })
})
