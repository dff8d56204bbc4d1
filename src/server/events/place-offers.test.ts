import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#shared/languages.ts'
import { LAST_HOURS_MS, PLACE_OFFER_MS } from '#shared/place-offers.ts'
import de from '#shared/locales/de/events.json' with { type: 'json' }
import en from '#shared/locales/en/events.json' with { type: 'json' }
import es from '#shared/locales/es/events.json' with { type: 'json' }
import hu from '#shared/locales/hu/events.json' with { type: 'json' }
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import huEmails from '#shared/locales/hu/emails.json' with { type: 'json' }
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import { auditLog } from '../db/schema/audit.ts'
import { eventParticipants } from '../db/schema/events.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { placeOffersPass } from './place-offers.ts'

// Waiting-list offers and the cancellation deadline (issue 41 parts 2 and 3, decision 0089). The
// server's own place-offers job runs every minute against the real clock; the tests move time by
// running the job's pass with their own clock, far from where the real one is.
const server = httpTestAppWithMail()
const { member, ok } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
const locales = { hu, en, es, de } as const
const placeMail = () => ({
  baseUrl: 'http://localhost:3000',
  from: 'hello@example.com',
  onEmailQueued: () => {},
})
const pass = (now: Date) => placeOffersPass(db(), placeMail(), now)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

async function eventAt(start: Date, places: number | null, extra: Record<string, unknown> = {}) {
  const name = `Offers ${Math.random().toString(36).slice(2, 8)}`
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: { eventName: name, startTime: start.toISOString(), duration: 120, places, ...extra },
  })
  return { id, name, start }
}

type MemberEvent = {
  id: string
  registration: string | null
  placesLeft: number | null
  waitingPosition: number | null
  cancelDeadline: string
  offer: { kind: 'single' | 'open'; expiresAt: string } | null
}
const myEvent = async (who: Member, eventId: string) =>
  (await ok<{ events: MemberEvent[] }>(who.client, '/api/events', { method: 'GET' })).events.find(
    (e) => e.id === eventId,
  )
const register = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/registration`, { method: 'POST' })
const withdraw = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/registration`, { method: 'DELETE' })
const accept = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/offer`, { method: 'POST' })
const decline = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/offer`, { method: 'DELETE' })

// Many sign-ups and e-mails each: minutes on a machine shared by many runs.
describe('waiting-list offers', { timeout: 240_000 }, () => {
  it('offers a place given back to the first in line, lapses it by the clock, offers the next, and refuses a late yes', async () => {
    const { id, name } = await eventAt(new Date(Date.now() + 3 * 24 * HOUR), 1)
    const holder = await member()
    const first = await member({ language: 'hu', name: 'Első Erzsi' })
    const second = await member({ language: 'de', name: 'Zweite Zora' })
    for (const who of [holder, first, second]) expect((await register(who, id)).status).toBe(200)

    const before = Date.now()
    expect((await withdraw(holder, id)).status).toBe(200)
    // Nobody is registered without saying yes: she waits, with an offer for 24 hours.
    const offered = await myEvent(first, id)
    expect(offered).toMatchObject({ registration: 'waiting', offer: { kind: 'single' } })
    const expires = Date.parse(offered?.offer?.expiresAt ?? '')
    expect(expires).toBeGreaterThanOrEqual(before + PLACE_OFFER_MS)
    expect(expires).toBeLessThanOrEqual(Date.now() + PLACE_OFFER_MS)
    expect(await myEvent(second, id)).toMatchObject({ offer: null, placesLeft: 0 })
    // A newcomer does not take the place held for her.
    const newcomer = await member()
    expect(await (await register(newcomer, id)).json()).toMatchObject({ waiting: true })

    const mail = await server.mail.waitFor(first.email, {
      subject: new RegExp(huEmails.placeOffered.subject.split(':')[0] ?? ''),
      timeoutMs: 30_000,
    })
    expect(mail.subject).toContain(name)
    expect(mail.text).toContain('Első Erzsi')
    expect(mail.text).toContain(huEmails.eventDetails.offerUntil)
    // The link opens the offer's page, which asks first (email-links.test.ts opens it: 200, in
    // her language; the browser test answers it).
    const link = mail.links.find((l) => l.includes(`/events/offer/${id}`))
    expect(link).toMatch(/\?lang=hu$/)

    // A day and an hour later the job's pass lapses it: she leaves the line, the next is offered.
    expect(await pass(new Date(expires + HOUR))).toBe(1)
    expect(await myEvent(first, id)).toMatchObject({ registration: null, offer: null })
    expect(await myEvent(second, id)).toMatchObject({ offer: { kind: 'single' } })
    await server.mail.waitFor(second.email, { subject: /Ein Platz für dich/, timeoutMs: 30_000 })

    // Her yes comes too late: a clear refusal in her language, and nothing changes.
    const late = await accept(first, id)
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({ code: 'offer_lapsed', message: hu.errors.offerLapsed })
    expect(await myEvent(first, id)).toMatchObject({ registration: null })

    // The second says yes: her place, with the invitation and her deadline; twice is one yes.
    expect((await accept(second, id)).status).toBe(200)
    expect((await accept(second, id)).status).toBe(200)
    expect(await myEvent(second, id)).toMatchObject({ registration: 'registered', offer: null })
    const yes = await server.mail.waitFor(second.email, {
      subject: /Dein Platz ist sicher/,
      timeoutMs: 30_000,
    })
    expect(yes.subject).toContain(deEmails.placeOpened.subject.replace('{{event}}', name))
    expect(yes.text).toContain(deEmails.eventDetails.cancelBy)
    expect(yes.calendar?.content).toContain('METHOD:REQUEST')
    const rows = await db()
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, id), eq(eventParticipants.status, 'registered')))
    expect(rows.map((r) => r.userId)).toEqual([second.userId])
    // No offer, no yes.
    const stranger = await member({ language: 'en' })
    const none = await accept(stranger, id)
    expect(none.status).toBe(404)
    expect((await none.json()).message).toBe(en.errors.offerNotFound)
  })

  it('passes a declined offer on to the next in line at once', async () => {
    const { id } = await eventAt(new Date(Date.now() + 3 * 24 * HOUR), 1)
    const [holder, first, second] = [await member(), await member(), await member()]
    for (const who of [holder, first, second]) await register(who, id)
    await withdraw(holder, id)
    expect((await decline(first, id)).status).toBe(200)
    expect(await myEvent(first, id)).toMatchObject({ registration: null, offer: null })
    expect(await myEvent(second, id)).toMatchObject({
      registration: 'waiting',
      waitingPosition: 1,
      offer: { kind: 'single' },
    })
  })

  it('passes the place on when she deletes her account, holding it or while it is offered to her', async () => {
    const { id } = await eventAt(new Date(Date.now() + 3 * 24 * HOUR), 1)
    const [holder, first, second] = [await member(), await member(), await member()]
    for (const who of [holder, first, second]) await register(who, id)
    const leave = async (who: Member) => {
      const deleted = await who.client.post('/api/account/delete', {
        method: 'password',
        email: who.email,
        password: who.password,
      })
      expect(deleted.status).toBe(200)
    }
    // Offered at once, in the deletion (decision 0100): the job finds nothing left to offer.
    await leave(holder)
    expect(await myEvent(first, id)).toMatchObject({ offer: { kind: 'single' } })
    expect(await pass(new Date())).toBe(0)
    await leave(first)
    expect(await myEvent(second, id)).toMatchObject({
      registration: 'waiting',
      waitingPosition: 1,
      offer: { kind: 'single' },
    })
    expect((await accept(second, id)).status).toBe(200)
    expect(await myEvent(second, id)).toMatchObject({ registration: 'registered', placesLeft: 0 })
  })

  it('ends a single offer at the start − 2 h, then offers to everyone in line; the first yes has it', async () => {
    const start = new Date(Date.now() + 10 * HOUR)
    const { id } = await eventAt(start, 1)
    const holder = await member()
    const [a, b, c] = [await member(), await member({ language: 'es' }), await member()]
    for (const who of [holder, a, b, c]) await register(who, id)
    await withdraw(holder, id)
    // Shortened: no offer outlives the start minus two hours.
    const single = await myEvent(a, id)
    expect(Date.parse(single?.offer?.expiresAt ?? '')).toBe(start.getTime() - LAST_HOURS_MS)

    // The last hours: a lapses; b and c are both offered the place, until the start.
    expect(await pass(new Date(start.getTime() - LAST_HOURS_MS + 60_000))).toBe(2)
    expect(await myEvent(a, id)).toMatchObject({ registration: null })
    for (const who of [b, c]) {
      const seen = await myEvent(who, id)
      expect(seen?.offer?.kind).toBe('open')
      expect(Date.parse(seen?.offer?.expiresAt ?? '')).toBe(start.getTime())
    }
    expect((await accept(c, id)).status).toBe(200)
    const slower = await accept(b, id)
    expect(slower.status).toBe(409)
    expect(await slower.json()).toEqual({ code: 'place_gone', message: es.errors.placeGone })
    expect(await myEvent(b, id)).toMatchObject({ registration: 'waiting', offer: null })
  })

  it('gives 3 open places to exactly 3 of 50 women saying yes at once; the others hear why', async () => {
    // An hour before the start: places that open are offered to everyone in line.
    const { id } = await eventAt(new Date(Date.now() + HOUR), 3)
    const holders = [await member(), await member(), await member()]
    for (const who of holders) await register(who, id)
    const languages: Language[] = ['hu', 'en', 'es', 'de']
    const line = await Promise.all(
      Array.from({ length: 50 }, (_, i) => member({ language: languages[i % 4] })),
    )
    for (const who of line) await register(who, id)
    for (const who of holders) expect((await withdraw(who, id)).status).toBe(200)

    const answers = await Promise.all(
      line.map(async (who, i) => {
        const response = await accept(who, id)
        return { status: response.status, body: await response.json(), language: languages[i % 4] }
      }),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(47)
    for (const answer of refused) {
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({
        code: 'place_gone',
        message: locales[answer.language ?? 'hu'].errors.placeGone,
      })
    }
    const holding = await db()
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, id), eq(eventParticipants.status, 'registered')))
    expect(holding).toHaveLength(3)
  })
})

describe('the cancellation deadline', { timeout: 240_000 }, () => {
  it('shows the deadline, records a place given back after it as late, and lets the host wave it away', async () => {
    const start = new Date(Date.now() + 10 * HOUR)
    const { id } = await eventAt(start, null)
    const anna = await member({ language: 'en', name: 'Anna Late' })
    expect((await register(anna, id)).status).toBe(200)
    const seen = await myEvent(anna, id)
    expect(Date.parse(seen?.cancelDeadline ?? '')).toBe(start.getTime() - 24 * HOUR)
    // In the registration e-mail and in the calendar file's description.
    const confirmation = await server.mail.waitFor(anna.email, {
      subject: /You're in/,
      timeoutMs: 30_000,
    })
    expect(confirmation.text).toContain(`${enEmails.eventDetails.cancelBy}: `)
    const ics = await (await anna.client.get(`/api/events/${id}/calendar.ics`)).text()
    expect(ics.replace(/\r\n /g, '')).toContain('Cancel by ')

    const response = await withdraw(anna, id)
    expect(await response.json()).toMatchObject({ registered: false, late: true })
    type Detail = {
      lateCancellations: { userId: string; waivedAt: string | null; fullName: string | null }[]
    }
    const detail = await ok<Detail>(admin.client, `/api/admin/events/${id}`, { method: 'GET' })
    expect(detail.lateCancellations).toEqual([
      expect.objectContaining({ userId: anna.userId, waivedAt: null, fullName: 'Anna Late' }),
    ])

    const waive = `/api/admin/events/${id}/participants/${anna.userId}/late-cancellation/waive`
    expect(await ok(admin.client, waive)).toEqual({ waived: true })
    const after = await ok<Detail>(admin.client, `/api/admin/events/${id}`, { method: 'GET' })
    expect(after.lateCancellations[0]?.waivedAt).not.toBeNull()
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'late_cancellation.waive')))
    expect(entries).toHaveLength(1)
    // Twice: nothing to wave away, no second entry.
    const again = await admin.client.request(waive, { method: 'POST' })
    expect(again.status).toBe(404)
    expect((await again.json()).message).toBe(en.errors.lateCancellationNotFound)
  })

  it('records nothing before the deadline, and refuses a deadline out of bounds', async () => {
    const { id } = await eventAt(new Date(Date.now() + 3 * 24 * HOUR), null, {
      cancelDeadlineHours: 48,
    })
    const bea = await member()
    await register(bea, id)
    expect(await (await withdraw(bea, id)).json()).toMatchObject({ late: false })
    const detail = await ok<{ lateCancellations: unknown[] }>(
      admin.client,
      `/api/admin/events/${id}`,
      { method: 'GET' },
    )
    expect(detail.lateCancellations).toEqual([])

    const bad = await admin.client.request('/api/admin/events', {
      method: 'POST',
      json: {
        eventName: 'Bad deadline',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        duration: 60,
        cancelDeadlineHours: 400,
      },
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fields).toEqual({
      cancelDeadlineHours: en.validation.cancelDeadlineHoursInvalid,
    })
  })
})
