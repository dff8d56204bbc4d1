import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/events.json' with { type: 'json' }
import hu from '#shared/locales/hu/events.json' with { type: 'json' }
import { eventCheckIns, eventParticipants, events } from '../db/schema/events.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import type { DoorState } from './queries/door-state.ts'

const server = httpTestApp()
const { member, ok, endRunning, evening, registered, checkIn, auditEntries } = eveningApi(server)
const db = () => server.harness.database.db
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})
beforeEach(async () => {
  await endRunning(admin)
})

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text)

type Detail = {
  tables: { id: string; tableName: string }[]
  participants: { userId: string; status: string }[]
  rounds: { id: string; started: boolean; seats: { tableId: string; userId: string }[] }[]
}
const detail = (eventId: string) =>
  ok<Detail>(admin.client, `/api/admin/events/${eventId}`, { method: 'GET' })

describe('checking in at the door', () => {
  it('takes a code however it is typed, says who came, and a second time that she is here already', async () => {
    const anna = await member({ name: 'Kiss Anna' })
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, anna)

    const typed = `  ${anna.userCode.slice(0, 3).toLowerCase()} ${anna.userCode.slice(3)} `
    const first = await checkIn(admin, eventId, { code: typed })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      result: 'checked_in',
      person: { userId: anna.userId, name: 'Kiss Anna', label: 'Kiss Anna' },
      seats: [],
    })
    expect(Date.parse(first.body.undoUntil ?? '') - Date.now()).toBeGreaterThan(5_000)

    const again = await checkIn(admin, eventId, { code: anna.userCode })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({
      result: 'already_present',
      checkInId: null,
      checkedInAt: first.body.checkedInAt,
    })

    const door = await ok<DoorState>(admin.client, `/api/door/${eventId}`, { method: 'GET' })
    expect(door.counts).toEqual({ registered: 1, arrived: 1, notYet: 0 })
    expect(door.people).toMatchObject([{ userId: anna.userId, status: 'present' }])
  })

  it('applies a check-in sent twice (a retry, an offline queue) once, and answers it the same', async () => {
    const bea = await member({ name: 'Nagy Bea' })
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, bea)
    const clientId = randomUUID()
    const first = await checkIn(admin, eventId, { code: bea.userCode, clientId })
    const second = await checkIn(admin, eventId, { code: bea.userCode, clientId })
    const third = await checkIn(admin, eventId, { code: bea.userCode, clientId })
    expect(second).toEqual(first)
    expect(third).toEqual(first)
    expect(second.body.result).toBe('checked_in')
    const rows = await db().select().from(eventCheckIns).where(eq(eventCheckIns.eventId, eventId))
    expect(rows).toHaveLength(1)
    // One action, one trace: the retries leave no audit entry of their own.
    const entries = await auditEntries(eventId, 'participant.check_in')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorUserId: admin.userId,
      after: { userId: bea.userId, name: 'Nagy Bea', checkInId: first.body.checkInId },
    })

    // Scanning her again with a new client id changes nothing, and records nothing.
    const scannedAgain = await checkIn(admin, eventId, { code: bea.userCode })
    expect(scannedAgain.body.result).toBe('already_present')
    expect(await auditEntries(eventId, 'participant.check_in')).toHaveLength(1)
  })

  it('refuses an unknown code, a malformed one, and someone not registered, in her language, changing nothing', async () => {
    const cili = await member({ name: 'Tóth Cili' })
    const { eventId } = await evening(admin, { seated: false })
    const hungarian = await member({ isAdmin: true, language: 'hu' })

    const unknown = await checkIn(hungarian, eventId, { code: 'ZZZZZZ' })
    expect(unknown.status).toBe(404)
    // The code she typed is in the answer, as the server read it.
    expect(unknown.body).toEqual({
      code: 'user_code_unknown',
      message: fill(hu.errors.userCodeUnknown, { code: 'ZZZZZZ' }),
    })

    const malformed = await checkIn(admin, eventId, { code: '!!' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe(en.validation.userCodeInvalid)

    const stranger = await checkIn(admin, eventId, { code: cili.userCode })
    expect(stranger.status).toBe(409)
    expect(stranger.body).toEqual({
      code: 'not_registered',
      message: fill(en.errors.notRegistered, { name: 'Tóth Cili' }),
    })
    expect((await detail(eventId)).participants).toEqual([])

    // Let in anyway: she is a participant from now on.
    const walkIn = await checkIn(admin, eventId, { code: cili.userCode, walkIn: true })
    expect(walkIn.body.result).toBe('checked_in')
    expect((await detail(eventId)).participants).toMatchObject([
      { userId: cili.userId, status: 'present' },
    ])
  })

  it('opens check-in an hour before the start without starting the evening, and refuses before', async () => {
    const [dora, edit, fanni] = await Promise.all([member(), member(), member()])
    if (!dora || !edit || !fanni) throw new Error('members missing')
    const { eventId, eventName } = await evening(admin, { seated: false, started: false })
    await registered(eventId, dora, edit, fanni)
    const startAt = (ms: number) =>
      ok(admin.client, `/api/admin/events/${eventId}`, {
        method: 'PUT',
        json: { eventName, startTime: new Date(Date.now() + ms).toISOString(), duration: 120 },
      })
    const door = () => ok<DoorState>(admin.client, `/api/door/${eventId}`, { method: 'GET' })

    // Two hours before: the door is not open yet, and says when it opens.
    await startAt(2 * 3_600_000)
    const early = await checkIn(admin, eventId, { code: dora.userCode })
    expect(early.status).toBe(409)
    expect(early.body).toEqual({
      code: 'check_in_not_open',
      message: fill(en.errors.checkInNotOpen, { minutes: '60' }),
    })
    expect((await detail(eventId)).participants.every((p) => p.status === 'registered')).toBe(true)
    expect(await auditEntries(eventId, 'participant.check_in')).toHaveLength(0)
    const closed = await door()
    expect(closed.event.checkInOpen).toBe(false)
    expect(Date.parse(closed.event.startTime) - Date.parse(closed.event.checkInOpensAt)).toBe(
      3_600_000,
    )

    // Half an hour before: she is in, and the evening has not started.
    await startAt(30 * 60_000)
    expect((await door()).event.checkInOpen).toBe(true)
    const inside = await checkIn(admin, eventId, { code: dora.userCode })
    expect(inside.status).toBe(200)
    expect(inside.body).toMatchObject({ result: 'checked_in', unseated: false })
    const [row] = await db().select().from(events).where(eq(events.id, eventId))
    expect(row?.status).toBe('inactive')

    // An evening never started, its time over: the door is shut until the host starts it.
    await startAt(-3 * 3_600_000)
    const late = await checkIn(admin, eventId, { code: edit.userCode })
    expect(late.body).toEqual({ code: 'event_not_active', message: en.errors.notActive })

    // Ended: the door is shut for good (a host may reopen it).
    await startAt(10 * 60_000)
    await ok(admin.client, `/api/admin/events/${eventId}/start`)
    await ok(admin.client, `/api/admin/events/${eventId}/end`)
    const over = await checkIn(admin, eventId, { code: fanni.userCode })
    expect(over.body.code).toBe('event_ended')
  })

  it('undoes a check-in within its window (twice is once), and refuses later', async () => {
    const emma = await member()
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, emma)
    const made = await checkIn(admin, eventId, { code: emma.userCode })
    const undo = () =>
      admin.client.request(`/api/door/${eventId}/check-ins/${made.body.checkInId}`, {
        method: 'DELETE',
      })
    expect((await undo()).status).toBe(200)
    expect((await undo()).status).toBe(200)
    expect((await detail(eventId)).participants).toMatchObject([{ status: 'registered' }])
    // Undoing twice is undoing once, in the audit log too.
    expect(await auditEntries(eventId, 'participant.check_in_undo')).toMatchObject([
      { before: { checkInId: made.body.checkInId, userId: emma.userId, userCode: emma.userCode } },
    ])

    // A check-in made 20 s ago can no longer be undone.
    const later = await checkIn(admin, eventId, { code: emma.userCode })
    await db()
      .update(eventCheckIns)
      .set({ createdAt: new Date(Date.now() - 20_000) })
      .where(eq(eventCheckIns.id, later.body.checkInId ?? ''))
    const late = await admin.client.request(
      `/api/door/${eventId}/check-ins/${later.body.checkInId}`,
      { method: 'DELETE' },
    )
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({ code: 'undo_expired', message: en.errors.undoExpired })
    expect((await detail(eventId)).participants).toMatchObject([{ status: 'present' }])
  })

  it("keeps a queued check-in's own time within bounds, and refuses a time in the future or before the door opened", async () => {
    const [gabi, hedi, ildi, juli] = await Promise.all([member(), member(), member(), member()])
    if (!gabi || !hedi || !ildi || !juli) throw new Error('members missing')
    // Planned and started now: the door opened an hour ago.
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, gabi, hedi, ildi, juli)
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

    // Kept on a phone for 40 minutes: her check-in time is when she came.
    const queued = ago(40 * 60_000)
    const kept = await checkIn(admin, eventId, { code: gabi.userCode, scannedAt: queued })
    expect(kept.status).toBe(200)
    expect(kept.body.checkedInAt).toBe(queued)
    const [row] = await db()
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, gabi.userId)))
    expect(row?.checkedInAt?.toISOString()).toBe(queued)

    // A phone whose clock runs a minute fast: now, not the future.
    const sent = Date.now()
    const fast = await checkIn(admin, eventId, { code: hedi.userCode, scannedAt: ago(-60_000) })
    expect(fast.status).toBe(200)
    expect(Date.parse(fast.body.checkedInAt)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(fast.body.checkedInAt)).toBeGreaterThanOrEqual(sent - 1_000)

    // An hour in the future, or before the door opened: refused, in her language, nothing changed.
    for (const scannedAt of [ago(-3_600_000), ago(2 * 3_600_000)]) {
      const refused = await checkIn(admin, eventId, { code: ildi.userCode, scannedAt })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        code: 'invalid_request',
        message: en.validation.checkInScannedAtRange,
        fields: { scannedAt: en.validation.checkInScannedAtRange },
      })
    }
    const people = (await detail(eventId)).participants
    expect(people.find((p) => p.userId === ildi.userId)?.status).toBe('registered')

    // Not a date at all: refused by the schema.
    const malformed = await checkIn(admin, eventId, { code: juli.userCode, scannedAt: 'tegnap' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.code).toBe('invalid_request')
  })

  it('resolves two phones that let the same person in (one kept offline) to one check-in, and says when she came', async () => {
    const kinga = await member({ name: 'Bodnárné Vass Kinga' })
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, kinga)
    // One phone lets her in now; the other, offline, had let her in 20 minutes ago and sends it later.
    const online = await checkIn(admin, eventId, { userId: kinga.userId })
    const queuedClient = randomUUID()
    const offline = {
      userId: kinga.userId,
      clientId: queuedClient,
      scannedAt: new Date(Date.now() - 20 * 60_000).toISOString(),
    }
    const late = await checkIn(admin, eventId, offline)
    expect(late.status).toBe(200)
    expect(late.body).toMatchObject({
      result: 'already_present',
      checkInId: null,
      checkedInAt: online.body.checkedInAt,
      person: { userId: kinga.userId, name: 'Bodnárné Vass Kinga' },
    })
    // Sent again (its reply was lost): the same answer, and still one check-in, one audit entry.
    expect(await checkIn(admin, eventId, offline)).toEqual(late)
    const rows = await db().select().from(eventCheckIns).where(eq(eventCheckIns.eventId, eventId))
    expect(rows).toHaveLength(1)
    expect(await auditEntries(eventId, 'participant.check_in')).toHaveLength(1)
  })

  it('lets two phones scan one person at once: one checks her in, the other hears she is here', async () => {
    const fanni = await member()
    const { eventId } = await evening(admin, { seated: false })
    await registered(eventId, fanni)
    const answers = await Promise.all([
      checkIn(admin, eventId, { code: fanni.userCode }),
      checkIn(admin, eventId, { code: fanni.userCode }),
    ])
    expect(answers.map((a) => a.body.result).sort()).toEqual(['already_present', 'checked_in'])
  })
})

describe('late arrivals', () => {
  it('are seated at once in the running round, where they met the fewest, and show on the big screen', async () => {
    const early = await Promise.all([1, 2, 3, 4].map(() => member()))
    const late = await member({ name: 'Késő Kata' })
    const { eventId, roundId } = await evening(admin, {
      tables: [
        { name: 'Rózsa', seats: 3 },
        { name: 'Tulipán', seats: 3 },
      ],
      present: early.map((m) => m.userCode),
    })
    await registered(eventId, late)
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/start`)

    const answer = await checkIn(admin, eventId, { code: late.userCode })
    expect(answer.body.noFreeSeat).toBe(false)
    expect(answer.body.seats).toHaveLength(1)
    expect(answer.body.seats[0]).toMatchObject({ roundNumber: 1, started: true })

    const screen = (await (
      await late.client.request(`/api/klikkscreen?eventId=${eventId}`)
    ).json()) as { tables: { tableName: string; people: { userId: string }[] }[] }
    const hers = screen.tables.find((t) => t.people.some((p) => p.userId === late.userId))
    expect(hers?.tableName).toBe(answer.body.seats[0]?.tableName)
    for (const table of screen.tables) expect(table.people.length).toBeLessThanOrEqual(3)
  })

  it('sit where they have met the fewest people before, and never with someone kept apart', async () => {
    const [a, b, c, d, late] = await Promise.all([1, 2, 3, 4, 5].map(() => member()))
    if (!a || !b || !c || !d || !late) throw new Error('members missing')
    const { eventId } = await evening(admin, {
      tables: [
        { name: 'One', seats: 4 },
        { name: 'Two', seats: 4 },
      ],
      seated: false,
    })
    await registered(eventId, a, b, c, d, late)
    for (const person of [a, b, c, d, late])
      await checkIn(admin, eventId, { code: person.userCode })
    // Round 1 seats everyone; the late one's round-1 table mates are who she has met.
    const round1 = await ok<{ id: string }>(admin.client, `/api/admin/events/${eventId}/rounds`)
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${round1.id}/start`)
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${round1.id}/end`)
    const seats1 = (await detail(eventId)).rounds[0]?.seats ?? []
    const tableOf = (userId: string) => seats1.find((s) => s.userId === userId)?.tableId
    const metBefore = seats1
      .filter((s) => s.tableId === tableOf(late.userId) && s.userId !== late.userId)
      .map((s) => s.userId)

    // She steps out; round 2 is seated and started without her; she comes back.
    await ok(admin.client, `/api/admin/events/${eventId}/participants/${late.userId}`, {
      method: 'PATCH',
      json: { status: 'absent' },
    })
    const round2 = await ok<{ id: string }>(admin.client, `/api/admin/events/${eventId}/rounds`)
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${round2.id}/start`)
    await checkIn(admin, eventId, { code: late.userCode })
    const seats2 = (await detail(eventId)).rounds[1]?.seats ?? []
    const her = seats2.find((s) => s.userId === late.userId)
    expect(her).toBeDefined()
    const metAgain = seats2.filter(
      (s) => s.tableId === her?.tableId && metBefore.includes(s.userId),
    ).length
    const otherTable = seats2.filter((s) => s.tableId !== her?.tableId)
    const wouldMeet = otherTable.filter((s) => metBefore.includes(s.userId)).length
    expect(metAgain).toBeLessThanOrEqual(wouldMeet)
  })

  it('keep a kept-apart pair apart, say when no seat is free, and wait when seating is off', async () => {
    const [x, y, late, full] = await Promise.all([1, 2, 3, 4].map(() => member()))
    if (!x || !y || !late || !full) throw new Error('members missing')
    const { eventId, roundId } = await evening(admin, {
      tables: [
        { name: 'A', seats: 2 },
        { name: 'B', seats: 2 },
      ],
      present: [x.userCode, y.userCode],
    })
    const tables = (await detail(eventId)).tables
    // x at A, y at B: each table has one free seat. Late is kept apart from x.
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/seating`, {
      json: { action: 'move', userId: x.userId, tableId: tables[0]?.id },
    })
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/seating`, {
      json: { action: 'move', userId: y.userId, tableId: tables[1]?.id },
    })
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/start`)
    await registered(eventId, late, full)
    await ok(admin.client, `/api/admin/events/${eventId}/keep-apart`, {
      json: { userA: late.userId, userB: x.userId },
    })
    const seated = await checkIn(admin, eventId, { code: late.userCode })
    expect(seated.body.seats[0]?.tableName).toBe('B')

    // B is full now (y and her); A has x and one free seat.
    const last = await checkIn(admin, eventId, { code: full.userCode })
    expect(last.body.seats[0]?.tableName).toBe('A')

    // Everything is full now: the next one is not seated, and the door says so.
    const extra = await member()
    await registered(eventId, extra)
    const noSeat = await checkIn(admin, eventId, { code: extra.userCode })
    expect(noSeat.body).toMatchObject({ result: 'checked_in', seats: [], noFreeSeat: true })

    // Seating off: she waits for the host.
    const [row] = await db().select().from(events).where(eq(events.id, eventId))
    if (!row) throw new Error('event missing')
    await ok(admin.client, `/api/admin/events/${eventId}`, {
      method: 'PUT',
      json: {
        eventName: row.eventName,
        startTime: row.startTime.toISOString(),
        duration: row.duration,
        autoSeatLateArrivals: false,
      },
    })
    await ok(admin.client, `/api/admin/events/${eventId}/tables`, {
      json: { tableName: 'C', capacityFull: 4, capacityActual: 4 },
    })
    const waiting = await member()
    await registered(eventId, waiting)
    const unseated = await checkIn(admin, eventId, { code: waiting.userCode })
    expect(unseated.body).toMatchObject({ seats: [], noFreeSeat: false })
  })

  it('are in the next round too, when it is seated already, and undo frees both seats', async () => {
    const [a, b, late] = await Promise.all([1, 2, 3].map(() => member()))
    if (!a || !b || !late) throw new Error('members missing')
    const { eventId, roundId } = await evening(admin, {
      tables: [
        { name: 'A', seats: 3 },
        { name: 'B', seats: 3 },
      ],
      present: [a.userCode, b.userCode],
      roundStarted: true,
    })
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/end`)
    await ok(admin.client, `/api/admin/events/${eventId}/rounds`)
    await registered(eventId, late)
    const answer = await checkIn(admin, eventId, { code: late.userCode })
    expect(answer.body.seats).toMatchObject([{ roundNumber: 2, started: false }])

    await ok(admin.client, `/api/door/${eventId}/check-ins/${answer.body.checkInId}`, {
      method: 'DELETE',
    })
    const rounds = (await detail(eventId)).rounds
    expect(rounds.flatMap((r) => r.seats).some((s) => s.userId === late.userId)).toBe(false)
  })
})

describe('removing a participant', () => {
  it('frees her seat in the running round, and keeps the rounds that have ended', async () => {
    const [a, b] = await Promise.all([member(), member()])
    if (!a || !b) throw new Error('members missing')
    const { eventId } = await evening(admin, {
      tables: [{ name: 'A', seats: 4 }],
      present: [a.userCode, b.userCode],
      roundStarted: true,
    })
    await ok(admin.client, `/api/admin/events/${eventId}/participants/${b.userId}`, {
      method: 'DELETE',
    })
    const seats = (await detail(eventId)).rounds[0]?.seats ?? []
    expect(seats.map((s) => s.userId)).toEqual([a.userId])
  })
})

describe('same names', () => {
  it('are told apart on the door list and the big screen by the start of their codes', async () => {
    const first = await member({ name: 'Nagy Eszter' })
    const second = await member({ name: 'Nagy Eszter' })
    const { eventId } = await evening(admin, {
      tables: [{ name: 'A', seats: 4 }],
      present: [first.userCode, second.userCode],
    })
    const door = await ok<DoorState>(admin.client, `/api/door/${eventId}`, { method: 'GET' })
    const labels = door.people.map((p) => p.label)
    expect(new Set(labels).size).toBe(2)
    for (const label of labels) expect(label).toMatch(/^Nagy Eszter · [A-Z0-9]{3,}$/)

    const round = (await detail(eventId)).rounds[0]
    await ok(admin.client, `/api/admin/events/${eventId}/rounds/${round?.id}/start`)
    const screen = (await (
      await first.client.request(`/api/klikkscreen?eventId=${eventId}`)
    ).json()) as { tables: { people: { userId: string; name: string }[] }[] }
    const names = screen.tables.flatMap((t) => t.people).map((p) => p.name)
    expect(names.sort()).toEqual([...labels].sort())

    // And in the spreadsheet.
    const csv = await (
      await admin.client.request(`/api/admin/events/${eventId}/seating.csv`)
    ).text()
    for (const label of labels) expect(csv).toContain(label)
  })
})

describe('door helpers', () => {
  it('work only the door of their event, only from two hours before it until it ends', async () => {
    const helper = await member()
    const guest = await member()
    const outsider = await member()
    const { eventId } = await evening(admin, { seated: false, started: false })
    await registered(eventId, guest)
    await ok(admin.client, `/api/admin/events/${eventId}/door-helpers`, {
      json: { userCode: helper.userCode.toLowerCase() },
    })
    const helpers = await ok<{ helpers: { userId: string }[] }>(
      admin.client,
      `/api/admin/events/${eventId}/door-helpers`,
      { method: 'GET' },
    )
    expect(helpers.helpers.map((h) => h.userId)).toEqual([helper.userId])

    // Someone else: refused everywhere on this door.
    const refused = await outsider.client.request(`/api/door/${eventId}`)
    expect(refused.status).toBe(403)

    // The evening starts in three hours: her door is not open yet.
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() + 3 * 3_600_000) })
      .where(eq(events.id, eventId))
    const tooEarly = await helper.client.request(`/api/door/${eventId}`)
    expect(tooEarly.status).toBe(403)
    expect(await tooEarly.json()).toEqual({ code: 'forbidden', message: hu.errors.doorClosed })

    // An hour before: open. She sees names and codes, no e-mail addresses, and can check in.
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() + 3_600_000) })
      .where(eq(events.id, eventId))
    const door = await ok<DoorState>(helper.client, `/api/door/${eventId}`, { method: 'GET' })
    expect(door.canManage).toBe(false)
    expect(JSON.stringify(door)).not.toContain('@')
    await ok(admin.client, `/api/admin/events/${eventId}/start`)
    const made = await checkIn(helper, eventId, { code: guest.userCode })
    expect(made.body.result).toBe('checked_in')
    await ok(helper.client, `/api/door/${eventId}/check-ins/${made.body.checkInId}`, {
      method: 'DELETE',
    })

    // Every admin route stays closed to her.
    for (const [method, path] of [
      ['GET', '/api/admin/events'],
      ['GET', `/api/admin/events/${eventId}`],
      ['POST', `/api/admin/events/${eventId}/participants`],
      ['POST', `/api/admin/events/${eventId}/end`],
      ['GET', `/api/admin/events/${eventId}/door-helpers`],
      ['GET', '/api/admin/users'],
    ] as const) {
      const response = await helper.client.request(path, {
        method,
        json: method === 'POST' ? { userCode: guest.userCode } : undefined,
      })
      expect(response.status, `${method} ${path}`).toBe(403)
    }

    // Once the evening has ended, her door is closed.
    await ok(admin.client, `/api/admin/events/${eventId}/end`)
    expect((await helper.client.request(`/api/door/${eventId}`)).status).toBe(403)
    const after = await helper.client.request(`/api/door/${eventId}/check-ins`, {
      method: 'POST',
      json: { clientId: randomUUID(), code: guest.userCode },
    })
    expect(after.status).toBe(403)
    const [participation] = await db()
      .select()
      .from(eventParticipants)
      .where(
        and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, guest.userId)),
      )
    expect(participation?.status).toBe('registered')
  })
})
