import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import type { ReceivedMail } from '../test/test-mail-server.ts'

const server = httpTestAppWithMail({ MAIL_FROM: 'Lendület <hello@lendulet.test>' })
const { member, ok } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

// 1 December next year, 18:00 in Budapest: winter time, so 17:00 UTC.
const year = new Date().getUTCFullYear() + 1
const december1 = `${year}-12-01T18:00:00+01:00`
const at = (iso: string) => new Date(iso).getTime()
const budapestTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Budapest',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date)

const eventInput = (overrides: Record<string, unknown> = {}) => ({
  // Commas, semicolons, a backslash and a line break: each must come back as written.
  eventName: `Klikk est; tél, hó \\ ${randomUUID().slice(0, 8)}`,
  description:
    'Gyere el egy estére, ahol asztalról asztalra új emberekkel ismerkedhetsz meg: öt kör, öt asztal, sok beszélgetés.\nHozz kényelmes cipőt!',
  startTime: december1,
  duration: 120,
  placeName: 'Lendület Stúdió',
  address: '1066 Budapest, Teréz körút 24.',
  ...overrides,
})

async function createEvent(overrides: Record<string, unknown> = {}) {
  const input = eventInput(overrides)
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', { json: input })
  return { id, input }
}

const register = (who: Member, eventId: string) =>
  ok<{ waiting: boolean; position: number | null }>(
    who.client,
    `/api/events/${eventId}/registration`,
  )

/** The calendar in an e-mail, read by a real parser. */
function parseCalendar(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  const event = new ICAL.Event(vevent)
  return {
    method: calendar.getFirstPropertyValue('method'),
    status: vevent.getFirstPropertyValue('status'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: vevent.getFirstPropertyValue('url'),
  }
}

function invitationIn(mail: ReceivedMail) {
  if (!mail.calendar) throw new Error(`no calendar in "${mail.subject}"`)
  // RFC 5545 3.1: CRLF line ends, no line longer than 75 octets.
  const lines = mail.calendar.content.split('\r\n')
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  expect(
    lines.some((line) => line.startsWith(' ')),
    'a long line folded',
  ).toBe(true)
  return { contentType: mail.calendar.contentType, ...parseCalendar(mail.calendar.content) }
}

describe('calendar invitations', () => {
  it('sends a place with the evening as an invitation, then its update and its cancellation', async () => {
    const { id, input } = await createEvent()
    const anna = await member({ language: 'hu', name: 'Kiss Anna' })
    expect(await register(anna, id)).toMatchObject({ waiting: false })

    const confirmation = await server.mail.waitFor(anna.email, { subject: /Megvan a helyed/ })
    expect(confirmation.subject).toContain(input.eventName)
    expect(confirmation.text).toContain('Kiss Anna')
    expect(confirmation.text).toContain('Lendület Stúdió, 1066 Budapest, Teréz körút 24.')
    expect(confirmation.text).toContain('18:00')
    const invitation = invitationIn(confirmation)
    expect(invitation.contentType).toMatch(/^text\/calendar; .*method=REQUEST/i)
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      status: 'CONFIRMED',
      uid: `${id}@lendulet.test`,
      sequence: 0,
      summary: input.eventName,
      location: 'Lendület Stúdió, 1066 Budapest, Teréz körút 24.',
      url: expect.stringMatching(/^https?:\/\/[^/]+\/events\?lang=hu$/),
    })
    expect(invitation.description).toContain('\nHozz kényelmes cipőt!')
    expect(invitation.start.toISOString()).toBe(`${year}-12-01T17:00:00.000Z`)
    expect(invitation.end.toISOString()).toBe(`${year}-12-01T19:00:00.000Z`)
    expect(budapestTime(invitation.start)).toBe(`01/12/${year}, 18:00`)
    expect(budapestTime(invitation.end)).toBe(`01/12/${year}, 20:00`)

    // The admin moves it half an hour later, right after she registered: the update still goes.
    await ok(admin.client, `/api/admin/events/${id}`, {
      method: 'PUT',
      json: { ...input, startTime: `${year}-12-01T18:30:00+01:00` },
    })
    const changed = invitationIn(await server.mail.waitFor(anna.email, { subject: /Változás/ }))
    expect(changed).toMatchObject({ method: 'REQUEST', uid: invitation.uid })
    expect(changed.sequence).toBeGreaterThan(invitation.sequence)
    expect(budapestTime(changed.start)).toBe(`01/12/${year}, 18:30`)

    // A new description alone changes nothing in her calendar: no e-mail.
    await ok(admin.client, `/api/admin/events/${id}`, {
      method: 'PUT',
      json: { ...input, startTime: `${year}-12-01T18:30:00+01:00`, description: 'Más szöveg' },
    })

    await ok(admin.client, `/api/admin/events/${id}`, { method: 'DELETE' })
    const cancellation = await server.mail.waitFor(anna.email, { subject: /Elmarad/ })
    const cancelled = invitationIn(cancellation)
    expect(cancellation.calendar?.contentType).toMatch(/method=CANCEL/i)
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: invitation.uid })
    expect(cancelled.sequence).toBeGreaterThan(changed.sequence)

    const sent = await server.harness.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.toAddress, anna.email))
    // One of each: the description alone sent nothing.
    expect(
      sent
        .map((row) => row.kind)
        .filter((kind) => kind.startsWith('event'))
        .sort(),
    ).toEqual(['eventCancelled', 'eventChanged', `eventRegistration:${id}`])
  })

  it('puts the waiting list on no calendar; a place offered and accepted brings the invitation', async () => {
    const { id, input } = await createEvent({ places: 1 })
    const holder = await member({ language: 'en' })
    const waiting = await member({ language: 'de' })
    await register(holder, id)
    expect(await register(waiting, id)).toMatchObject({ waiting: true, position: 1 })

    const onTheList = await server.mail.waitFor(waiting.email, { subject: /Warteliste/ })
    expect(onTheList.text).toContain('Nummer 1')
    expect(onTheList.text).toContain(`1. Dezember ${year}`)
    expect(onTheList.calendar).toBeUndefined()
    expect(onTheList.attachments).toEqual([])

    // A new place: only who holds a place hears of it.
    await ok(admin.client, `/api/admin/events/${id}`, {
      method: 'PUT',
      json: { ...input, places: 1, placeName: 'Másik terem' },
    })
    const changed = await server.mail.waitFor(holder.email, { subject: /Change of plan/ })
    // The site's English is British, in its dates too.
    expect(changed.text).toContain(`, 1 December ${year}, 18:00`)
    expect(changed.text).not.toMatch(/December 1,|PM/)
    const toWaiting = await server.harness.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, waiting.email), eq(outbox.kind, 'eventChanged')))
    expect(toWaiting).toEqual([])

    await ok(holder.client, `/api/events/${id}/registration`, { method: 'DELETE' })
    // The place is offered to her (no calendar yet); her yes brings the invitation.
    const offer = await server.mail.waitFor(waiting.email, { subject: /Ein Platz für dich/ })
    expect(offer.calendar).toBeUndefined()
    await ok(waiting.client, `/api/events/${id}/offer`)
    const placeOpened = await server.mail.waitFor(waiting.email, { subject: /Platz ist sicher/ })
    expect(invitationIn(placeOpened)).toMatchObject({
      method: 'REQUEST',
      uid: `${id}@lendulet.test`,
      sequence: 1,
      location: 'Másik terem, 1066 Budapest, Teréz körút 24.',
    })
    // The place that opened says when and where, in her language, as the registration does.
    expect(placeOpened.text).toContain(`1. Dezember ${year}`)
    expect(placeOpened.text).toContain('Másik terem, 1066 Budapest, Teréz körút 24.')

    // She who gave the place up hears that it is done, and her calendar forgets the evening.
    const givenUp = await server.mail.waitFor(holder.email, { subject: /given up your place/ })
    expect(givenUp.text).toContain(`1 December ${year}, 18:00`)
    expect(invitationIn(givenUp)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `${id}@lendulet.test`,
    })
  })
})

describe('GET /api/events/:id/calendar.ics', () => {
  it('downloads the event with the invitation’s UID and SEQUENCE', async () => {
    const { id, input } = await createEvent()
    const anna = await member()
    const response = await anna.client.request(`/api/events/${id}/calendar.ics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="klikk-est-tel-ho-[a-z0-9-]+\.ics"$/,
    )
    const file = parseCalendar(await response.text())
    expect(file).toMatchObject({
      method: 'PUBLISH',
      uid: `${id}@lendulet.test`,
      sequence: 0,
      summary: input.eventName,
    })
    expect(file.start.getTime()).toBe(at(december1))
  })

  it('answers 404 for an unknown event and 401 signed out', async () => {
    const anna = await member()
    expect((await anna.client.request(`/api/events/${randomUUID()}/calendar.ics`)).status).toBe(404)
    const { id } = await createEvent()
    const signedOut = browserClient(server.http.origin)
    expect((await signedOut.request(`/api/events/${id}/calendar.ics`)).status).toBe(401)
  })
})
