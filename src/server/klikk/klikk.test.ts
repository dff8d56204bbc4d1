import { and, eq, inArray } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import huEmails from '#shared/locales/hu/emails.json' with { type: 'json' }
import deEvents from '#shared/locales/de/events.json' with { type: 'json' }
import huEvents from '#shared/locales/hu/events.json' with { type: 'json' }
import { openDatabase } from '../db/client.ts'
import { eventRounds, events, eventTableAssignments } from '../db/schema/events.ts'
import { klikkBlocks, klikkPicks, klikkSettings } from '../db/schema/klikk.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, QUIET_MAIL, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { closeKlikkWindows } from './commands/close-klikk-windows.ts'
import { KLIKK_PICK_LIMIT } from './klikk.routes.ts'

const server = httpTestApp()
const { member, ok, evening, endRunning } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

type Klikk = {
  evenings: {
    eventId: string
    open: boolean
    closesAt: string | null
    rounds: {
      roundNumber: number
      people: { id: string; fullName: string; pick: string | null; blocked: boolean }[]
    }[]
    matches: {
      id: string
      fullName: string
      kind: string
      theirKind: string
      contact: { share: string; value: string } | null
    }[]
  }[]
  contact: { share: string | null }
  hidden: boolean
}

const klikkOf = (who: Member) => ok<Klikk>(who.client, '/api/klikk', { method: 'GET' })
const eveningOf = async (who: Member, eventId: string) =>
  (await klikkOf(who)).evenings.find((e) => e.eventId === eventId)

const pick = (who: Member, eventId: string, other: Member, kind = 'friend') =>
  who.client.request(`/api/klikk/${eventId}/picks/${other.userId}`, {
    method: 'PUT',
    json: { kind },
  })
const withdraw = (who: Member, eventId: string, other: Member) =>
  who.client.request(`/api/klikk/${eventId}/picks/${other.userId}`, { method: 'DELETE' })

/** Who sat together: the table of each member in the evening's first round. */
async function tablesOf(eventId: string) {
  const seats = await db()
    .select({ userId: eventTableAssignments.userId, tableId: eventTableAssignments.tableId })
    .from(eventTableAssignments)
    .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
    .where(eq(eventRounds.eventId, eventId))
  return new Map(seats.map((seat) => [seat.userId, seat.tableId]))
}

/**
 * An evening of four at two tables of two, its round started and the evening ended (the window
 * opens): `pairs` are the two who sat together, each pair at one table.
 */
async function eveningOfFour(names: string[], language = 'en') {
  await endRunning(admin)
  const people = await Promise.all(names.map((name) => member({ name, language })))
  const { eventId } = await evening(admin, {
    eventName: `Klikk of ${names.join(', ')}`,
    tables: [
      { name: 'Rose', seats: 2 },
      { name: 'Lily', seats: 2 },
    ],
    present: people.map((p) => p.userCode),
    roundStarted: true,
  })
  await ok(admin.client, `/api/admin/events/${eventId}/end`)
  const table = await tablesOf(eventId)
  const [first] = people
  if (!first) throw new Error('no members')
  const mate = people.find((p) => p !== first && table.get(p.userId) === table.get(first.userId))
  const others = people.filter((p) => p !== first && p !== mate)
  if (!mate || others.length !== 2) throw new Error('not two tables of two')
  return { eventId, a: first, b: mate, c: others[0] as Member, d: others[1] as Member, people }
}

const picksStored = async (eventId: string) =>
  (await db().select().from(klikkPicks).where(eq(klikkPicks.eventId, eventId))).length

describe('klikk: mutual picks', () => {
  it('two who pick each other both see the contact each chose, and nothing before she chose', async () => {
    const { eventId, a, b } = await eveningOfFour(['Anna', 'Bea', 'Cili', 'Dóra'])
    await ok(a.client, '/api/klikk/contact', {
      method: 'PUT',
      json: { share: 'instagram', instagram: '@anna.fut' },
    })
    expect(await (await pick(a, eventId, b)).json()).toEqual({ match: false })
    expect(await (await pick(b, eventId, a, 'training')).json()).toEqual({ match: true })

    const seenByB = await eveningOf(b, eventId)
    expect(seenByB?.matches).toEqual([
      expect.objectContaining({
        id: a.userId,
        fullName: 'Anna',
        kind: 'training',
        theirKind: 'friend',
        contact: { share: 'instagram', value: '@anna.fut' },
      }),
    ])
    // Bea has not chosen yet: Anna sees the match, and no contact.
    const seenByA = await eveningOf(a, eventId)
    expect(seenByA?.matches).toEqual([expect.objectContaining({ id: b.userId, contact: null })])

    await ok(b.client, '/api/klikk/contact', { method: 'PUT', json: { share: 'email' } })
    expect((await eveningOf(a, eventId))?.matches[0]?.contact).toEqual({
      share: 'email',
      value: b.email,
    })
  })

  it("a change of her contact reaches her match's open page at once", async () => {
    const { eventId, a, b } = await eveningOfFour(['Anna', 'Bea', 'Cili', 'Dóra'])
    await pick(a, eventId, b)
    await pick(b, eventId, a)
    // Bea's events page is open: it listens for changes, then reads her klikk again.
    const stream = await b.client.request('/api/events/live', { method: 'GET' })
    expect(stream.status).toBe(200)
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let heard = ''
    // One read at a time: a read still waiting when a wait ends is the next wait's.
    let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null
    const hear = async (what: RegExp, ms: number) => {
      const deadline = Date.now() + ms
      while (!what.test(heard)) {
        const left = deadline - Date.now()
        if (left <= 0) return false
        reading ??= reader.read()
        const chunk = await Promise.race([
          reading,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ])
        if (chunk === null) return false
        reading = null
        if (chunk.done) return what.test(heard)
        heard += decoder.decode(chunk.value)
      }
      return true
    }
    expect(await hear(/event: hello/, 5_000)).toBe(true)
    heard = ''
    // Quiet until Anna changes what she shares; then Bea's page hears it and reads it anew.
    expect(await hear(/event: changed/, 1_200)).toBe(false)
    await ok(a.client, '/api/klikk/contact', {
      method: 'PUT',
      json: { share: 'phone', phone: '+36 30 123 4567' },
    })
    expect(await hear(/event: changed/, 5_000)).toBe(true)
    await reader.cancel()
    expect((await eveningOf(b, eventId))?.matches).toEqual([
      expect.objectContaining({
        id: a.userId,
        contact: { share: 'phone', value: '+36 30 123 4567' },
      }),
    ])
  })

  it('a one-way pick tells neither side anything: the picked one reads exactly what she read before', async () => {
    const { eventId, a, b } = await eveningOfFour(['Emese', 'Flóra', 'Gréta', 'Hanna'])
    await ok(a.client, '/api/klikk/contact', { method: 'PUT', json: { share: 'email' } })
    const before = await klikkOf(b)
    expect(await (await pick(a, eventId, b)).json()).toEqual({ match: false })
    expect(await klikkOf(b)).toEqual(before)
    const mine = await eveningOf(a, eventId)
    expect(mine?.matches).toEqual([])
    expect(mine?.rounds[0]?.people).toEqual([
      expect.objectContaining({ id: b.userId, pick: 'friend', blocked: false }),
    ])
    // Nowhere in her answer is Emese's e-mail.
    expect(JSON.stringify(await klikkOf(b))).not.toContain(a.email)
  })

  it('refuses, in her language and storing nothing: someone from another table, herself, before the end and after the window', async () => {
    const { eventId, a, c } = await eveningOfFour(['Ildikó', 'Jázmin', 'Kata', 'Lili'], 'hu')
    const other = await pick(a, eventId, c)
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({
      code: 'klikk_not_tablemate',
      message: huEvents.errors.klikkNotTablemate,
    })
    const self = await pick(a, eventId, a)
    expect(self.status).toBe(400)
    expect(((await self.json()) as { message: string }).message).toBe(huEvents.errors.klikkSelf)
    const badKind = await pick(a, eventId, c, 'lover')
    expect(badKind.status).toBe(400)
    expect(await picksStored(eventId)).toBe(0)

    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(events.id, eventId))
    const late = await pick(a, eventId, c)
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({
      code: 'klikk_closed',
      message: huEvents.errors.klikkClosed,
    })
    expect(await picksStored(eventId)).toBe(0)
  })

  it('is not open before the evening ends, and an evening she did not sit at is not hers', async () => {
    await endRunning(admin)
    const [anna, bea] = await Promise.all([member({ language: 'de' }), member()])
    if (!anna || !bea) throw new Error('no members')
    const { eventId } = await evening(admin, {
      present: [anna.userCode, bea.userCode],
      roundStarted: true,
    })
    const early = await pick(anna, eventId, bea)
    expect(early.status).toBe(409)
    expect(((await early.json()) as { message: string }).message).toBe(deEvents.errors.klikkNotOpen)
    await ok(admin.client, `/api/admin/events/${eventId}/end`)
    const stranger = await member()
    expect((await pick(stranger, eventId, anna)).status).toBe(404)
    expect(await picksStored(eventId)).toBe(0)
  })

  it('a withdrawn pick ends the match for both, until the window closes', async () => {
    const { eventId, a, b } = await eveningOfFour(['Mira', 'Nóra', 'Olga', 'Panna'])
    await pick(a, eventId, b)
    await pick(b, eventId, a)
    expect((await eveningOf(a, eventId))?.matches).toHaveLength(1)
    expect((await withdraw(a, eventId, b)).status).toBe(200)
    expect((await eveningOf(a, eventId))?.matches).toEqual([])
    expect((await eveningOf(b, eventId))?.matches).toEqual([])
    await pick(a, eventId, b)
    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(events.id, eventId))
    expect((await withdraw(a, eventId, b)).status).toBe(409)
    // After the window, the match stays on both pages, and the lists are gone.
    const closed = await eveningOf(b, eventId)
    expect(closed).toMatchObject({
      open: false,
      matches: [expect.objectContaining({ id: a.userId })],
    })
  })

  it('a block hides her contact from the one blocked, who is told nothing, and keeps them apart next time', async () => {
    const { eventId, a, b, c, d } = await eveningOfFour(['Réka', 'Sára', 'Tímea', 'Zsófi'])
    await ok(a.client, '/api/klikk/contact', { method: 'PUT', json: { share: 'email' } })
    await pick(a, eventId, b)
    await pick(b, eventId, a)
    await ok(a.client, `/api/klikk/blocks/${b.userId}`, { method: 'PUT' })
    expect((await eveningOf(b, eventId))?.matches).toEqual([])
    expect(JSON.stringify(await klikkOf(b))).not.toContain(a.email)
    // Her pick answers as any pick not returned.
    expect(await (await pick(b, eventId, a, 'training')).json()).toEqual({ match: false })
    expect((await eveningOf(b, eventId))?.rounds[0]?.people).toEqual([
      expect.objectContaining({ id: a.userId, blocked: false }),
    ])
    expect((await eveningOf(a, eventId))?.rounds[0]?.people).toEqual([
      expect.objectContaining({ id: b.userId, blocked: true }),
    ])
    // Blocking someone she never sat with is refused.
    const stranger = await member()
    expect(
      (await a.client.request(`/api/klikk/blocks/${stranger.userId}`, { method: 'PUT' })).status,
    ).toBe(409)

    // The next evening, four rounds of the same four at two tables of two: never together.
    await endRunning(admin)
    const next = await evening(admin, {
      tables: [
        { name: 'Rose', seats: 2 },
        { name: 'Lily', seats: 2 },
      ],
      present: [a, b, c, d].map((p) => p.userCode),
      roundStarted: true,
    })
    let running = next.roundId
    for (let round = 2; round <= 4; round++) {
      await ok(admin.client, `/api/admin/events/${next.eventId}/rounds/${running}/end`)
      const { id } = await ok<{ id: string }>(
        admin.client,
        `/api/admin/events/${next.eventId}/rounds`,
      )
      await ok(admin.client, `/api/admin/events/${next.eventId}/rounds/${id}/start`)
      running = id
    }
    const seats = await db()
      .select({
        roundId: eventTableAssignments.roundId,
        userId: eventTableAssignments.userId,
        tableId: eventTableAssignments.tableId,
      })
      .from(eventTableAssignments)
      .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
      .where(eq(eventRounds.eventId, next.eventId))
    const rounds = new Set(seats.map((seat) => seat.roundId))
    expect(rounds.size).toBe(4)
    for (const roundId of rounds) {
      const tableOf = (who: Member) =>
        seats.find((seat) => seat.roundId === roundId && seat.userId === who.userId)?.tableId
      expect(tableOf(a)).toBeDefined()
      expect(tableOf(a)).not.toBe(tableOf(b))
    }
    await ok(admin.client, `/api/admin/events/${next.eventId}/end`)
    // Many requests (four seatings; sixty-one picks): slow on a loaded machine's PostgreSQL.
  }, 180_000)

  it('a member hidden from picks is left off the lists and cannot be picked', async () => {
    const { eventId, a, b } = await eveningOfFour(['Ágota', 'Boglárka', 'Csenge', 'Dalma'])
    expect(
      await ok(b.client, '/api/klikk/visibility', { method: 'PUT', json: { hidden: true } }),
    ).toEqual({
      hidden: true,
    })
    expect((await klikkOf(b)).hidden).toBe(true)
    expect((await eveningOf(a, eventId))?.rounds ?? []).toEqual([])
    expect((await pick(a, eventId, b)).status).toBe(409)
    await ok(b.client, '/api/klikk/visibility', { method: 'PUT', json: { hidden: false } })
    expect((await pick(a, eventId, b)).status).toBe(200)
  })

  it(`rate-limits picks per member (${KLIKK_PICK_LIMIT.max} in ${KLIKK_PICK_LIMIT.windowSeconds / 60} minutes)`, async () => {
    const { eventId, a, b } = await eveningOfFour(['Edit', 'Fanni', 'Gizi', 'Hédi'])
    for (let i = 0; i < KLIKK_PICK_LIMIT.max; i++)
      expect((await pick(a, eventId, b, i % 2 ? 'friend' : 'training')).status).toBe(200)
    const flooded = await pick(a, eventId, b)
    expect(flooded.status).toBe(429)
    expect(flooded.headers.get('retry-after')).toBeTruthy()
    // Another member is not held back by her flood.
    expect((await pick(b, eventId, a)).status).toBe(200)
    // Many requests (four seatings; sixty-one picks): slow on a loaded machine's PostgreSQL.
  }, 180_000)
})

describe('klikk: the window the host sets', () => {
  it('closes 24 hours after the end when the host says so, and refuses a window beyond 168 hours', async () => {
    const { eventId, a, b } = await eveningOfFour(['Bori', 'Cecília', 'Dia', 'Enikő'])
    const { event } = await ok<{ event: Record<string, unknown> }>(
      admin.client,
      `/api/admin/events/${eventId}`,
      { method: 'GET' },
    )
    expect(event.klikkWindowHours).toBe(48)
    const edit = (klikkWindowHours: number) =>
      admin.client.request(`/api/admin/events/${eventId}`, {
        method: 'PUT',
        json: {
          eventName: event.eventName,
          startTime: event.startTime,
          duration: event.duration,
          klikkWindowHours,
        },
      })
    const tooLong = await edit(200)
    expect(tooLong.status).toBe(400)
    expect(JSON.stringify(await tooLong.json())).toContain('168')
    expect((await edit(24)).status).toBe(200)
    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(events.id, eventId))
    expect((await pick(a, eventId, b)).status).toBe(409)
  })
})

describe('klikk: the window closes', () => {
  const baseUrl = 'http://localhost:3000'
  const mailsTo = (...members: Member[]) =>
    db()
      .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'klikkResult'),
          inArray(
            outbox.toAddress,
            members.map((m) => m.email),
          ),
        ),
      )

  it('sends each seated member one e-mail in her language: her klikks and a link, or a kind word and the next date', async () => {
    const { eventId, a, b, c, d } = await eveningOfFour(['Ibolya', 'Judit', 'Klára', 'Luca'], 'hu')
    await db()
      .update(events)
      .set({ endedAt: new Date('2031-03-01T21:00:00Z') })
      .where(eq(events.id, eventId))
    // The window is open until 23:00 on 3 March; picks made inside it.
    const inside = new Date('2031-03-02T12:00:00Z')
    await db()
      .insert(klikkPicks)
      .values([
        { eventId, pickerId: a.userId, pickedId: b.userId, kind: 'friend', createdAt: inside },
        { eventId, pickerId: b.userId, pickedId: a.userId, kind: 'training', createdAt: inside },
        { eventId, pickerId: c.userId, pickedId: d.userId, kind: 'friend', createdAt: inside },
      ])
    const nextStart = new Date('2031-03-20T18:00:00Z')
    await ok(admin.client, '/api/admin/events', {
      json: { eventName: 'Next', startTime: nextStart.toISOString(), duration: 120 },
    })
    const before = new Date('2031-03-03T20:59:00Z')
    expect(await closeKlikkWindows(db(), before, { baseUrl })).toBe(0)
    const after = new Date('2031-03-03T21:00:00Z')
    expect(await closeKlikkWindows(db(), after, { baseUrl })).toBe(4)
    expect(await closeKlikkWindows(db(), after, { baseUrl })).toBe(0)

    const mails = await mailsTo(a, b, c, d)
    expect(mails.map((m) => m.to).sort()).toEqual([a, b, c, d].map((m) => m.email).sort())
    const to = (who: Member) => mails.find((m) => m.to === who.email)
    expect(to(a)?.subject).toContain(huEmails.klikkResult.subject.replace(' {{event}}', ''))
    expect(to(a)?.text).toContain(huEmails.klikkResult.matches_one.split('(')[0])
    expect(to(a)?.text).toContain(`${baseUrl}/events?lang=hu`)
    expect(to(c)?.text).toContain(huEmails.klikkResult.noMatch.split('(')[0])
    expect(to(c)?.text).toContain('2031. március 20.')
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two processes on one PostgreSQL closing at once send each e-mail once',
    async () => {
      const url = server.harness.database.url
      if (!url) throw new Error('the test database is not PostgreSQL')
      const other = await openDatabase({ databaseUrl: url })
      try {
        const { eventId, people } = await eveningOfFour(['Mária', 'Nelli', 'Orsi', 'Piroska'])
        await db()
          .update(events)
          .set({ endedAt: new Date('2032-05-01T21:00:00Z') })
          .where(eq(events.id, eventId))
        const now = new Date('2032-05-04T00:00:00Z')
        const sent = await Promise.all([
          closeKlikkWindows(db(), now, { baseUrl }),
          closeKlikkWindows(other.db, now, { baseUrl }),
          closeKlikkWindows(db(), now, { baseUrl }),
          closeKlikkWindows(other.db, now, { baseUrl }),
        ])
        expect(sent.reduce((x, y) => x + y)).toBe(4)
        expect((await mailsTo(...people)).length).toBe(4)
      } finally {
        await other.close()
      }
    },
  )

  it('an English member reads her e-mail in English', async () => {
    const { eventId, a } = await eveningOfFour(['Rita', 'Szilvi', 'Tünde', 'Vera'], 'en')
    await db()
      .update(events)
      .set({ endedAt: new Date('2033-01-01T21:00:00Z') })
      .where(eq(events.id, eventId))
    await closeKlikkWindows(db(), new Date('2033-01-05T00:00:00Z'), { baseUrl })
    const [mail] = await mailsTo(a)
    expect(mail?.text).toContain(enEmails.klikkResult.noMatch.split('{{')[0])
  })
})

describe('klikk: her account', () => {
  it('her data download holds her picks, klikks, blocks and contact choice, and never who picked her alone', async () => {
    const { eventId, a, b } = await eveningOfFour(['Fruzsina', 'Gabi', 'Hajni', 'Irén'])
    await ok(a.client, '/api/klikk/contact', {
      method: 'PUT',
      json: { share: 'phone', phone: '+36 30 765 4321' },
    })
    await pick(a, eventId, b, 'training')
    await pick(b, eventId, a)
    const exported = async (who: Member) => {
      const response = await who.client.get('/api/account/export')
      expect(response.status).toBe(200)
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
      return {
        data: JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
          klikk: Record<string, unknown>
        },
        html: strFromU8(files['data.html'] ?? new Uint8Array()),
      }
    }
    const mine = await exported(a)
    expect(mine.data.klikk).toEqual({
      contactShared: 'Phone',
      phone: '+36 30 765 4321',
      instagram: null,
      hiddenFromPicks: false,
      picks: [expect.objectContaining({ person: b.name, kind: 'Training buddy', klikk: true })],
      blocked: [],
      feedback: [],
    })
    expect(mine.html).toContain(enEmails.dataExport.sections.klikk)
    // Her tablemate's file has her own pick, a klikk; once she withdraws it, nothing in her
    // file tells of the pick of her, which is one-way now.
    const theirs = await exported(b)
    expect(theirs.data.klikk.picks).toEqual([
      expect.objectContaining({ person: a.name, klikk: true }),
    ])
    await withdraw(b, eventId, a)
    expect((await exported(a)).data.klikk.picks).toEqual([
      expect.objectContaining({ person: b.name, klikk: false }),
    ])
    expect((await exported(b)).data.klikk.picks).toEqual([])
  })

  it('deleting her account removes her picks, blocks and contact choice', async () => {
    const { eventId, a, b } = await eveningOfFour(['Xénia', 'Yvett', 'Zita', 'Adél'])
    await pick(a, eventId, b)
    await pick(b, eventId, a)
    await ok(a.client, `/api/klikk/blocks/${b.userId}`, { method: 'PUT' })
    await ok(a.client, '/api/klikk/contact', {
      method: 'PUT',
      json: { share: 'phone', phone: '+36 30 123 4567' },
    })
    const { deleteAccountData } = await import('../auth/delete-account.ts')
    await deleteAccountData(db(), a.userId, QUIET_MAIL)
    expect(await db().select().from(klikkPicks).where(eq(klikkPicks.pickerId, a.userId))).toEqual(
      [],
    )
    expect(await db().select().from(klikkPicks).where(eq(klikkPicks.pickedId, a.userId))).toEqual(
      [],
    )
    expect(
      await db().select().from(klikkBlocks).where(eq(klikkBlocks.blockerId, a.userId)),
    ).toEqual([])
    expect(
      await db().select().from(klikkSettings).where(eq(klikkSettings.userId, a.userId)),
    ).toEqual([])
    expect((await eveningOf(b, eventId))?.matches ?? []).toEqual([])
  })
})
