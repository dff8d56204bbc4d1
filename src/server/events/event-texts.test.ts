import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import de from '#shared/locales/de/events.json' with { type: 'json' }
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { sendEventReminders } from './reminders.ts'

// An event's texts in the reader's language (decision 0056): the host writes the Hungarian and,
// if she wants, each other language; a missing text shows in Hungarian, and says so.

const server = httpTestAppWithMail({ MAIL_FROM: 'Lendület <hello@lendulet.test>' })
const { member, ok } = eveningApi(server)
let admin: Member

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'de' })
})

const tag = () => randomUUID().slice(0, 8)

const hungarian = () => ({
  eventName: `Klikk-est ${tag()}`,
  description: 'Gyere el egy estére, ahol új emberekkel ismerkedhetsz meg.',
  startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  duration: 120,
  placeName: 'Lendület Stúdió, nagyterem',
  address: '1066 Budapest, Teréz körút 24.',
})

interface AdminEvent {
  id: string
  eventName: string
  translations: Record<string, Record<string, string> | undefined>
}
interface MemberEvent {
  id: string
  eventName: string
  description: string
  placeName: string
  address: string
  textLanguages: { eventName: string; description: string; placeName: string }
}

const create = (body: Record<string, unknown>) =>
  ok<AdminEvent>(admin.client, '/api/admin/events', { json: body })
const update = (id: string, body: Record<string, unknown>) =>
  ok<AdminEvent>(admin.client, `/api/admin/events/${id}`, { method: 'PUT', json: body })

async function seenBy(who: Member, id: string): Promise<MemberEvent> {
  const { events } = await ok<{ events: MemberEvent[] }>(who.client, '/api/events', {
    method: 'GET',
  })
  const found = events.find((event) => event.id === id)
  if (!found) throw new Error(`event ${id} not listed`)
  return found
}

describe('event texts in her language', () => {
  it('an event written in Hungarian only shows its Hungarian texts to an English member, marked as Hungarian', async () => {
    const input = hungarian()
    const created = await create(input)
    expect(created.translations).toEqual({})

    const english = await member({ language: 'en' })
    expect(await seenBy(english, created.id)).toMatchObject({
      eventName: input.eventName,
      description: input.description,
      placeName: input.placeName,
      textLanguages: { eventName: 'hu', description: 'hu', placeName: 'hu' },
    })
  })

  it('shows each member the texts written in her language, and the Hungarian where one is missing', async () => {
    const input = hungarian()
    const created = await create({
      ...input,
      translations: {
        en: {
          eventName: ` Klikk evening ${tag()} `,
          description: 'Meet new people, table by table.',
        },
        es: { eventName: 'Noche Klikk', description: '', placeName: '  ' },
      },
    })
    // Stored trimmed, without the empty ones.
    expect(created.translations).toEqual({
      en: {
        eventName: expect.stringMatching(/^Klikk evening \w{8}$/),
        description: 'Meet new people, table by table.',
      },
      es: { eventName: 'Noche Klikk' },
    })
    const englishName = created.translations.en?.eventName

    const english = await member({ language: 'en' })
    expect(await seenBy(english, created.id)).toMatchObject({
      eventName: englishName,
      description: 'Meet new people, table by table.',
      // No English place: the Hungarian one, and the page is told so.
      placeName: input.placeName,
      address: input.address,
      textLanguages: { eventName: 'en', description: 'en', placeName: 'hu' },
    })
    const spanish = await member({ language: 'es' })
    expect(await seenBy(spanish, created.id)).toMatchObject({
      eventName: 'Noche Klikk',
      description: input.description,
      textLanguages: { eventName: 'es', description: 'hu', placeName: 'hu' },
    })
    // German has nothing of its own; Hungarian is Hungarian.
    const german = await member({ language: 'de' })
    expect(await seenBy(german, created.id)).toMatchObject({
      eventName: input.eventName,
      textLanguages: { eventName: 'hu', description: 'hu', placeName: 'hu' },
    })
    const magyar = await member({ language: 'hu' })
    expect(await seenBy(magyar, created.id)).toMatchObject({
      eventName: input.eventName,
      textLanguages: { eventName: 'hu', description: 'hu', placeName: 'hu' },
    })
  })

  it('changing one language keeps the others; null takes a language back to Hungarian', async () => {
    const input = hungarian()
    const created = await create({
      ...input,
      translations: {
        en: { eventName: 'Klikk evening' },
        de: { eventName: 'Klikk-Abend', placeName: 'Lendület-Studio, großer Saal' },
      },
    })
    const changed = await update(created.id, {
      ...input,
      translations: { en: { eventName: 'Klikk night', description: 'Five rounds, five tables.' } },
    })
    expect(changed.translations).toEqual({
      en: { eventName: 'Klikk night', description: 'Five rounds, five tables.' },
      de: { eventName: 'Klikk-Abend', placeName: 'Lendület-Studio, großer Saal' },
    })
    // Leaving `translations` out changes none of them.
    const renamed = await update(created.id, { ...input, eventName: `${input.eventName} (új)` })
    expect(renamed.translations).toEqual(changed.translations)

    const back = await update(created.id, { ...input, translations: { en: null } })
    expect(back.translations).toEqual({ de: changed.translations.de })
    const english = await member({ language: 'en' })
    expect(await seenBy(english, created.id)).toMatchObject({
      eventName: input.eventName,
      textLanguages: { eventName: 'hu' },
    })

    // The audit log tells what changed, language by language.
    const log = await ok<{ entries: { action: string; before: unknown; after: unknown }[] }>(
      admin.client,
      `/api/admin/audit?subjectType=event&subjectId=${created.id}&action=event.update`,
      { method: 'GET' },
    )
    expect(log.entries[0]).toMatchObject({
      before: { eventName_en: 'Klikk night', description_en: 'Five rounds, five tables.' },
      after: { eventName_en: null, description_en: null },
    })
  })

  it('refuses a text that is too long, in the admin’s language, naming the language’s field', async () => {
    const response = await admin.client.request('/api/admin/events', {
      method: 'POST',
      json: {
        ...hungarian(),
        translations: { en: { eventName: 'x'.repeat(121) }, es: { placeName: 'y'.repeat(121) } },
      },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      message: de.validation.nameTooLong,
      fields: {
        'translations.en.eventName': de.validation.nameTooLong,
        'translations.es.placeName': de.validation.placeTooLong,
      },
    })
    // Only the Hungarian name is required.
    const unknownLanguage = await admin.client.request('/api/admin/events', {
      method: 'POST',
      json: { ...hungarian(), eventName: '', translations: { en: { eventName: 'Klikk' } } },
    })
    expect(await unknownLanguage.json()).toMatchObject({
      fields: { eventName: de.validation.nameRequired },
    })
  })

  it('writes an English member’s e-mails and calendar entries with the English name, a Hungarian’s with the Hungarian', async () => {
    const input = hungarian()
    const englishName = `Klikk evening, winter; ${tag()}`
    const created = await create({
      ...input,
      translations: {
        en: { eventName: englishName, description: 'Bring comfy shoes!', placeName: 'Studio' },
      },
    })
    const english = await member({ language: 'en' })
    const magyar = await member({ language: 'hu' })
    await ok(english.client, `/api/events/${created.id}/registration`)
    await ok(magyar.client, `/api/events/${created.id}/registration`)

    const confirmation = await server.mail.waitFor(english.email, { subject: /You're in/ })
    expect(confirmation.subject).toContain(englishName)
    expect(confirmation.subject).not.toContain(input.eventName)
    expect(confirmation.text).toContain(`Studio, ${input.address}`)
    const invitation = calendarOf(confirmation.calendar?.content)
    expect(invitation.summary).toBe(englishName)
    expect(invitation.location).toBe(`Studio, ${input.address}`)
    expect(invitation.description).toContain('Bring comfy shoes!')

    const hers = await server.mail.waitFor(magyar.email, { subject: /Megvan a helyed/ })
    expect(hers.subject).toContain(input.eventName)
    expect(calendarOf(hers.calendar?.content).summary).toBe(input.eventName)

    // The calendar file she downloads, in her language too.
    const file = await english.client.request(`/api/events/${created.id}/calendar.ics`)
    expect(file.headers.get('content-disposition')).toContain('klikk-evening-winter-')
    expect(calendarOf(await file.text()).summary).toBe(englishName)

    // So is the reminder.
    await sendEventReminders(server.harness.database.db, {
      hours: 24 * 4,
      baseUrl: server.http.origin,
    })
    const reminder = await server.mail.waitFor(english.email, { subject: /^Reminder/ })
    expect(reminder.subject).toContain(englishName)
    expect(reminder.text).toContain('Studio')
  })

  it('gives the door screen the name in the helper’s language', async () => {
    const created = await create({
      ...hungarian(),
      translations: { de: { eventName: 'Klikk-Abend', placeName: 'Großer Saal' } },
    })
    const door = await ok<{
      event: { eventName: string; placeName: string; textLanguages: unknown }
    }>(admin.client, `/api/door/${created.id}`, { method: 'GET' })
    expect(door.event).toMatchObject({
      eventName: 'Klikk-Abend',
      placeName: 'Großer Saal',
      textLanguages: { eventName: 'de', placeName: 'de' },
    })
  })
})

function calendarOf(content: string | undefined) {
  if (!content) throw new Error('no calendar')
  const vevent = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  const event = new ICAL.Event(vevent)
  return { summary: event.summary, location: event.location, description: event.description }
}
