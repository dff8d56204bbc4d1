import { and, asc, eq, inArray } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import en from '#shared/locales/en/events.json' with { type: 'json' }
import huEmails from '#shared/locales/hu/emails.json' with { type: 'json' }
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'
import { eventNoShows, events } from '../db/schema/events.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { afterEveningPass } from './no-shows.ts'

// No-shows and the after-evening e-mails (issue 41 part 4, decision 0091).
const server = httpTestAppWithMail()
const { member, ok, endRunning, registered, auditEntries } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
const GRACE_MS = AFTER_EVENING_GRACE_MINUTES * 60_000
let admin: Member

/**
 * The after-evening job's pass, `afterMs` from now by the test's clock (the server's own job runs
 * on the real clock, which never reaches the end of the grace during a test).
 */
const jobAfter = (afterMs: number) =>
  afterEveningPass(
    db(),
    { baseUrl: 'http://localhost:3000', onEmailQueued: () => {} },
    new Date(Date.now() + afterMs),
  )

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

type NoShow = { userId: string; clearedAt: string | null; fullName: string | null }
const noShowsOf = async (id: string) =>
  (await ok<{ noShows: NoShow[] }>(admin.client, `/api/admin/events/${id}`, { method: 'GET' }))
    .noShows

/** The after-evening e-mails queued to each of `people`, by kind: what went out, counted. */
async function afterMails(...people: Member[]) {
  const rows = await db()
    .select({ to: outbox.toAddress, kind: outbox.kind })
    .from(outbox)
    .where(
      and(
        inArray(
          outbox.toAddress,
          people.map((p) => p.email),
        ),
        inArray(outbox.kind, ['eveningThanks', 'eveningMissed']),
      ),
    )
    // In the order they were queued (with no order, PostgreSQL may give them either way).
    .orderBy(asc(outbox.id))
  return people.map((p) => rows.filter((r) => r.to === p.email).map((r) => r.kind))
}

/** An evening in two hours with one table, members registered; the host checks in `came`. */
async function eveningWith(people: Member[], came: Member[], extra: Record<string, unknown> = {}) {
  await endRunning(admin)
  const eventName = `No-shows ${Math.random().toString(36).slice(2, 8)}`
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: {
      eventName,
      startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
      duration: 120,
      ...extra,
    },
  })
  const base = `/api/admin/events/${id}`
  await ok(admin.client, `${base}/tables`, {
    json: { tableName: 'Rose', capacityFull: 6, capacityActual: 6 },
  })
  await registered(id, ...people)
  for (const who of came)
    await ok(admin.client, `${base}/participants`, { json: { userCode: who.userCode } })
  const { id: roundId } = await ok<{ id: string }>(admin.client, `${base}/rounds`, { json: {} })
  await ok(admin.client, `${base}/start`)
  await ok(admin.client, `${base}/rounds/${roundId}/start`)
  return { id, eventName, base }
}

describe('no-shows', { timeout: 240_000 }, () => {
  it('records who never came in at the end, lets the host clear one, counts them, and sends each after-evening e-mail once', async () => {
    const anna = await member({ language: 'hu', name: 'Anna Came' })
    const bea = await member({ language: 'de', name: 'Bea Ill' })
    const cleo = await member({ language: 'en', name: 'Cleo Late' })
    // The next evening, for the "we missed you".
    const next = new Date(Date.now() + 9 * 24 * HOUR)
    await ok(admin.client, '/api/admin/events', {
      json: { eventName: 'Next one', startTime: next.toISOString(), duration: 90 },
    })
    const { id, eventName, base } = await eveningWith([anna, bea, cleo], [anna])
    expect(await noShowsOf(id)).toEqual([])

    await ok(admin.client, `${base}/end`)
    const recorded = await noShowsOf(id)
    expect(recorded.map((n) => [n.fullName, n.clearedAt])).toEqual([
      ['Bea Ill', null],
      ['Cleo Late', null],
    ])
    // Nothing goes during the grace after the end; then each her e-mail.
    await jobAfter(GRACE_MS - 60_000)
    expect(await afterMails(anna, bea, cleo)).toEqual([[], [], []])
    expect(await jobAfter(GRACE_MS + 60_000)).toBe(3)
    expect(await afterMails(anna, bea, cleo)).toEqual([
      ['eveningThanks'],
      ['eveningMissed'],
      ['eveningMissed'],
    ])
    // Thanks in her language, with the link to pick her klikks; a kind "we missed you" with the
    // next date, and no word of blame.
    const thanks = await server.mail.waitFor(anna.email, {
      subject: new RegExp(huEmails.afterEvening.thanksSubject.split(':')[0] ?? ''),
      timeoutMs: 30_000,
    })
    expect(thanks.subject).toContain(eventName)
    expect(thanks.links.some((l) => l.endsWith('/events?lang=hu#klikk'))).toBe(true)
    const missed = await server.mail.waitFor(bea.email, {
      subject: /Wir haben dich vermisst/,
      timeoutMs: 30_000,
    })
    expect(missed.subject).toContain(eventName)
    expect(missed.text).toContain(deEmails.afterEvening.next.split('{{')[0] ?? '')
    expect(missed.text).toContain(String(next.getUTCFullYear()))

    // The members list and the dashboard count them.
    const noShowsInList = async (who: Member) =>
      (
        await ok<{ users: { id: string; noShows: number }[] }>(
          admin.client,
          `/api/admin/users?q=${encodeURIComponent(who.email)}`,
          { method: 'GET' },
        )
      ).users.find((u) => u.id === who.userId)?.noShows
    expect(await noShowsInList(bea)).toBe(1)
    expect(await noShowsInList(anna)).toBe(0)

    // She called, she was ill: the host clears it, once, with one audit entry.
    const clear = `${base}/participants/${bea.userId}/no-show/clear`
    expect(await ok(admin.client, clear)).toEqual({ cleared: true })
    expect((await noShowsOf(id)).find((n) => n.userId === bea.userId)?.clearedAt).not.toBeNull()
    expect(await auditEntries(id, 'no_show.clear')).toHaveLength(1)
    const again = await admin.client.request(clear, { method: 'POST' })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ code: 'not_found', message: en.errors.noShowNotFound })
    expect(await auditEntries(id, 'no_show.clear')).toHaveLength(1)
    expect(await noShowsInList(bea)).toBe(0)
    type Evening = { id: string; registered: number; noShows: number }
    const dashboard = await ok<{ evenings: Evening[] }>(
      admin.client,
      '/api/admin/dashboard?range=4w',
      { method: 'GET' },
    )
    // Evenings that began in the range: this one starts in two hours, so it is not there yet.
    expect(dashboard.evenings.find((e) => e.id === id)).toBeUndefined()

    // Reopened: the open record goes (Cleo may still come), the cleared one stays.
    await ok(admin.client, `${base}/reopen`)
    expect((await noShowsOf(id)).map((n) => [n.fullName, n.clearedAt !== null])).toEqual([
      ['Bea Ill', true],
    ])
    await ok(admin.client, `${base}/participants`, { json: { userCode: cleo.userCode } })
    await ok(admin.client, `${base}/end`)
    expect((await noShowsOf(id)).map((n) => [n.fullName, n.clearedAt !== null])).toEqual([
      ['Bea Ill', true],
    ])
    await jobAfter(GRACE_MS + 60_000)
    // Ending again sends nothing twice: Cleo, who came after all, gets her thanks once.
    expect(await afterMails(anna, bea, cleo)).toEqual([
      ['eveningThanks'],
      ['eveningMissed'],
      ['eveningMissed', 'eveningThanks'],
    ])
  })

  it('counts an ended evening on the dashboard as a share, and sends once when two ends race', async () => {
    const dora = await member({ name: 'Dora Here' })
    const emma = await member({ name: 'Emma Away' })
    await endRunning(admin)
    const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
      json: {
        eventName: 'Earlier today',
        startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
        duration: 60,
      },
    })
    const base = `/api/admin/events/${id}`
    await registered(id, dora, emma)
    await ok(admin.client, `${base}/start`)
    await ok(admin.client, `${base}/participants`, { json: { userCode: dora.userCode } })
    // Two requests (two server processes, or a double tap): the claim lets each e-mail go once.
    const ends = await Promise.all([
      admin.client.request(`${base}/end`, { method: 'POST' }),
      admin.client.request(`${base}/end`, { method: 'POST' }),
    ])
    expect(ends.map((r) => r.status)).toEqual([200, 200])
    // And two processes' jobs at once.
    await Promise.all([jobAfter(GRACE_MS + 60_000), jobAfter(GRACE_MS + 60_000)])
    expect(await afterMails(dora, emma)).toEqual([['eveningThanks'], ['eveningMissed']])
    expect((await noShowsOf(id)).map((n) => n.fullName)).toEqual(['Emma Away'])

    // The dashboard counts evenings that began: it began an hour ago.
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - HOUR) })
      .where(eq(events.id, id))
    type Evening = { id: string; registered: number; noShows: number }
    const dashboard = await ok<{ evenings: Evening[] }>(
      admin.client,
      '/api/admin/dashboard?range=4w',
      { method: 'GET' },
    )
    expect(dashboard.evenings.find((e) => e.id === id)).toMatchObject({
      registered: 2,
      noShows: 1,
    })
  })

  it('holds the after-evening e-mails for the grace: a mistaken end taken back within it tells nobody', async () => {
    const fay = await member({ name: 'Fay Came' })
    const gia = await member({ name: 'Gia Late' })
    const { id, base } = await eveningWith([fay, gia], [fay])
    await ok(admin.client, `${base}/end`)
    // A minute later the host sees her mistake and reopens: the job, after the grace, sends nothing.
    await ok(admin.client, `${base}/reopen`)
    expect(await jobAfter(GRACE_MS + 60_000)).toBe(0)
    expect(await afterMails(fay, gia)).toEqual([[], []])

    // Gia arrives; the real end. The job's pass keeps nothing in memory: what is due is in the
    // database, so a restart between the end and the pass loses nothing, and a second pass
    // sends nothing twice.
    await ok(admin.client, `${base}/participants`, { json: { userCode: gia.userCode } })
    await ok(admin.client, `${base}/end`)
    expect(await jobAfter(GRACE_MS - 60_000)).toBe(0)
    expect(await jobAfter(GRACE_MS + 60_000)).toBe(2)
    expect(await jobAfter(GRACE_MS + 120_000)).toBe(0)
    expect(await afterMails(fay, gia)).toEqual([['eveningThanks'], ['eveningThanks']])
    expect(await noShowsOf(id)).toEqual([])
  })

  it('gives her no-shows back in her data download, and deleting her account removes them', async () => {
    const fanni = await member({ language: 'en', name: 'Fanni Gone' })
    const gitta = await member()
    const { id, base } = await eveningWith([fanni, gitta], [gitta])
    await ok(admin.client, `${base}/end`)
    await jobAfter(GRACE_MS + 60_000)
    const response = await fanni.client.get('/api/account/export')
    expect(response.status).toBe(200)
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      events: { eventId: string; noShowAt: string | null; noShowClearedAt: string | null }[]
      emails: { kind: string }[]
    }
    const evening = data.events.find((e) => e.eventId === id)
    expect(evening?.noShowAt).toEqual(expect.any(String))
    expect(evening?.noShowClearedAt).toBeNull()
    expect(data.emails.map((e) => e.kind)).toContain('eveningMissed')

    const deleted = await fanni.client.post('/api/account/delete', {
      method: 'password',
      email: fanni.email,
      password: fanni.password,
    })
    expect(deleted.status).toBe(200)
    expect(
      await db().select().from(eventNoShows).where(eq(eventNoShows.userId, fanni.userId)),
    ).toEqual([])
    expect(await noShowsOf(id)).toEqual([])
  })
})
