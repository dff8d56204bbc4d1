import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { user } from '../db/schema/auth.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'

// Names in their order (issue 36, decision 55): the account holds her given and family name;
// greetings call her by her given name; her full name follows her language's order.

const server = httpTestAppWithMail()
let counter = 0
const newEmail = (tag: string) => `${tag}${++counter}-${Date.now()}@example.com`
const client = (language?: string) => browserClient(server.http.origin, { language })
const db = () => server.harness.database.db

const signUp = (c: ReturnType<typeof client>, body: Record<string, unknown>) =>
  c.post('/api/auth/sign-up/email', {
    password: 'secret123',
    callbackURL: '/auth/callback?type=signup',
    ...body,
  })

async function stored(email: string) {
  const [row] = await db()
    .select({
      name: user.name,
      givenName: user.givenName,
      familyName: user.familyName,
      fullName: profiles.fullName,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email))
  return row
}

const rename = (c: ReturnType<typeof client>, json: Record<string, unknown>) =>
  c.request('/api/me', { method: 'PATCH', json })

/** Signs up with these names, confirms the address, signs in: her client. */
async function member(language: string, names: Record<string, unknown>) {
  const c = client(language)
  const email = newEmail('named')
  expect((await signUp(c, { email, ...names })).status).toBe(200)
  const message = await server.mail.waitFor(email)
  const link = message.links.find((l) => l.includes('/api/auth/verify-email'))
  if (!link) throw new Error('no verification link')
  await c.follow(link)
  return { c, email, confirmation: message }
}

describe('sign-up with a given and a family name', () => {
  it('keeps both, composes her full name in Hungarian order, and greets her by her given name', async () => {
    const c = client('hu')
    const email = newEmail('reka')
    const response = await signUp(c, { email, givenName: ' Réka ', familyName: 'Tóth' })
    expect(response.status).toBe(200)
    expect(await stored(email)).toEqual({
      name: 'Tóth Réka',
      givenName: 'Réka',
      familyName: 'Tóth',
      fullName: 'Tóth Réka',
    })
    const message = await server.mail.waitFor(email)
    expect(message.text).toContain('Szia, Réka!')
    expect(message.text).not.toContain('Tóth')
    expect(message.html).toContain('Szia, Réka!')
  })

  it('composes the full name given name first in English, Spanish and German', async () => {
    for (const [language, greeting] of [
      ['en', 'Hi Réka,'],
      ['es', 'Hola, Réka:'],
      ['de', 'Hallo Réka,'],
    ] as const) {
      const email = newEmail(`reka-${language}`)
      const response = await signUp(client(language), {
        email,
        givenName: 'Réka',
        familyName: 'Tóth',
      })
      expect(response.status).toBe(200)
      expect(await stored(email)).toMatchObject({ name: 'Réka Tóth', fullName: 'Réka Tóth' })
      expect((await server.mail.waitFor(email)).text).toContain(greeting)
    }
  })

  it('takes a given name alone; the family name may stay empty', async () => {
    const email = newEmail('mononym')
    expect((await signUp(client('en'), { email, givenName: 'Réka', familyName: '' })).status).toBe(
      200,
    )
    expect(await stored(email)).toEqual({
      name: 'Réka',
      givenName: 'Réka',
      familyName: null,
      fullName: 'Réka',
    })
    const withNull = newEmail('mononym-null')
    const answer = await signUp(client('en'), {
      email: withNull,
      givenName: 'Réka',
      familyName: null,
    })
    expect(answer.status).toBe(200)
    expect(await stored(withNull)).toMatchObject({ name: 'Réka', familyName: null })
  })

  it('refuses a missing or too long name in her language, creating nothing', async () => {
    const cases = [
      ['hu', { givenName: '   ', familyName: 'Tóth' }, 'Kérjük, add meg a keresztneved.'],
      ['en', { familyName: 'Tóth' }, 'Please tell us your first name.'],
      ['es', {}, 'Dinos tu nombre.'],
      ['de', { givenName: 'Réka', familyName: 'x'.repeat(101) }, 'höchstens 100 Zeichen'],
    ] as const
    for (const [language, names, message] of cases) {
      const email = newEmail('refused')
      const response = await signUp(client(language), { email, ...names })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code).toBe(
        'givenName' in names && names.givenName === 'Réka'
          ? 'NAME_TOO_LONG'
          : 'GIVEN_NAME_REQUIRED',
      )
      expect(body.message).toContain(message)
      expect(await stored(email)).toBeUndefined()
    }
  })

  it('still takes a full name alone (an older app): greeted with it, never split', async () => {
    const email = newEmail('legacy')
    expect((await signUp(client('hu'), { email, name: 'Kovács Anna' })).status).toBe(200)
    expect(await stored(email)).toEqual({
      name: 'Kovács Anna',
      givenName: null,
      familyName: null,
      fullName: 'Kovács Anna',
    })
    expect((await server.mail.waitFor(email)).text).toContain('Szia, Kovács Anna!')
  })
})

describe('her name on her account', () => {
  it('is answered in parts and changed in parts; the full name the lists show follows', async () => {
    const { c } = await member('hu', { givenName: 'Réka', familyName: 'Tóth' })
    const me = (await (await c.get('/api/me')).json()) as Record<string, unknown>
    expect(me).toMatchObject({ fullName: 'Tóth Réka', givenName: 'Réka', familyName: 'Tóth' })

    const renamed = await rename(c, { givenName: 'Rebeka', familyName: 'Tóth-Kiss' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({
      fullName: 'Tóth-Kiss Rebeka',
      givenName: 'Rebeka',
      familyName: 'Tóth-Kiss',
    })
    // The lists (admin, door, big screen) read the profile's full name: it follows.
    const [profile] = await db()
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.fullName, 'Tóth-Kiss Rebeka'))
    expect(profile).toBeDefined()
  })

  it('refuses an empty given name in her language, and keeps the name she had', async () => {
    const { c, email } = await member('de', { givenName: 'Réka', familyName: 'Tóth' })
    const refused = await rename(c, { givenName: ' ', familyName: 'Tóth' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      code: 'invalid_request',
      message: 'Bitte verrate uns deinen Vornamen.',
      fields: { givenName: 'Bitte verrate uns deinen Vornamen.' },
    })
    expect(await stored(email)).toMatchObject({ givenName: 'Réka', fullName: 'Réka Tóth' })
  })

  it('an account with only a full name is greeted with it until she gives her given name', async () => {
    const c = client('hu')
    const email = newEmail('older')
    expect((await signUp(c, { email, name: 'Régi Rozália' })).status).toBe(200)
    const link = (await server.mail.waitFor(email)).links.find((l) =>
      l.includes('/api/auth/verify-email'),
    )
    await c.follow(link ?? '')
    expect(await (await c.get('/api/me')).json()).toMatchObject({
      fullName: 'Régi Rozália',
      givenName: null,
      familyName: null,
    })
    const named = await rename(c, { givenName: 'Rozália', familyName: 'Régi' })
    expect(named.status).toBe(200)
    await c.post('/api/auth/request-password-reset', { email, redirectTo: '/change-password' })
    const reset = await server.mail.waitFor(email, { subject: /jelszó/i })
    expect(reset.text).toContain('Szia, Rozália!')
  })

  it("Better Auth's update-user composes the full name from the parts too", async () => {
    const { c, email } = await member('en', { givenName: 'Réka', familyName: 'Tóth' })
    const updated = await c.post('/api/auth/update-user', { givenName: 'Rebeka' })
    expect(updated.status).toBe(200)
    expect(await stored(email)).toEqual({
      name: 'Rebeka Tóth',
      givenName: 'Rebeka',
      familyName: 'Tóth',
      fullName: 'Rebeka Tóth',
    })
    // A whole new name from an older client: the parts it replaced are not kept.
    expect((await c.post('/api/auth/update-user', { name: 'Kiss Anna' })).status).toBe(200)
    expect(await stored(email)).toEqual({
      name: 'Kiss Anna',
      givenName: null,
      familyName: null,
      fullName: 'Kiss Anna',
    })
    const refused = await c.post('/api/auth/update-user', { givenName: '' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      code: 'GIVEN_NAME_REQUIRED',
      message: 'Please tell us your first name.',
    })
  })
})

describe('event e-mails greet her by her given name', () => {
  it('"Szia, Réka!" for a Hungarian "Tóth Réka" registering for an evening', async () => {
    const { c, email } = await member('hu', { givenName: 'Réka', familyName: 'Tóth' })
    const [event] = await db()
      .insert(events)
      .values({
        eventName: 'Téli klikk',
        startTime: new Date(Date.now() + 7 * 24 * 60 * 60_000),
        duration: 120,
      })
      .returning()
    if (!event) throw new Error('no event')
    const registered = await c.post(`/api/events/${event.id}/registration`, {})
    expect(registered.status).toBe(200)
    const [place] = await db()
      .select()
      .from(eventParticipants)
      .where(eq(eventParticipants.eventId, event.id))
    expect(place?.status).toBe('registered')
    const message = await server.mail.waitFor(email, { subject: /Téli klikk/ })
    expect(message.text.split('\n')[0]).toBe('Szia, Réka!')
  })
})

describe('newsletter e-mails to her own subscription greet her by her given name', () => {
  it('"Szia, Réka!", not the full name the subscription was made with', async () => {
    const { c, email } = await member('hu', { givenName: 'Réka', familyName: 'Tóth' })
    const subscribed = await c.post('/api/newsletter/subscribe', { email, source: 'account-menu' })
    expect(await subscribed.json()).toMatchObject({ subscribed: true })
    // Signed out, someone asks to unsubscribe her address: the link goes to her, greeting her.
    const asked = await client('hu').post('/api/newsletter/unsubscribe', { email })
    expect(asked.status).toBe(200)
    const message = await server.mail.waitFor(email, { subject: /leiratkoz/i })
    expect(message.text.split('\n')[0]).toBe('Szia, Réka!')
  })
})

describe('a visitor’s newsletter e-mails greet her as she asked to be called', () => {
  it('says what she typed in "what should we call you", never a part of it', async () => {
    for (const [language, typed, greeting] of [
      ['hu', 'Réka', 'Szia, Réka!'],
      ['hu', 'Rékuci', 'Szia, Rékuci!'],
      ['en', 'Emma Jane', 'Hi Emma Jane,'],
    ] as const) {
      const email = `visitor-${typed.toLowerCase().replace(/\W/g, '')}@example.com`
      const asked = await client(language).post('/api/newsletter/subscribe', {
        email,
        name: typed,
        source: 'landing',
      })
      expect(asked.status).toBe(200)
      const message = await server.mail.waitFor(email)
      expect(message.text.split('\n')[0]).toBe(greeting)
    }
  })
})
