import { and, eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import de from '#shared/locales/de/events.json' with { type: 'json' }
import en from '#shared/locales/en/events.json' with { type: 'json' }
import hu from '#shared/locales/hu/events.json' with { type: 'json' }
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import esEmails from '#shared/locales/es/emails.json' with { type: 'json' }
import { FRIEND_HOLD_MS } from '#shared/place-offers.ts'
import { deleteAccountData } from '../auth/delete-account.ts'
import { eventFriendInvitations, eventParticipants } from '../db/schema/events.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, QUIET_MAIL, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { FRIEND_INVITATION_LIMIT } from './member-events.routes.ts'
import { placeOffersPass } from './place-offers.ts'

// A seat for a friend (issue 41 part 5, decision 0092), through the API a browser uses. Time is
// moved by running the place-offers job's pass with the test's own clock.
const server = httpTestAppWithMail()
const { member, ok } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
const pass = (now: Date) =>
  placeOffersPass(
    db(),
    { baseUrl: 'http://localhost:3000', from: 'hello@example.com', onEmailQueued: () => {} },
    now,
  )
let admin: Member
let friends = 0
const friendAddress = () => `friend${++friends}-${Date.now()}@example.com`

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

async function eventAt(start: Date, places: number | null, extra: Record<string, unknown> = {}) {
  const name = `Friends ${Math.random().toString(36).slice(2, 8)}`
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: {
      eventName: name,
      startTime: start.toISOString(),
      duration: 120,
      places,
      friendsAllowed: true,
      ...extra,
    },
  })
  return { id, name }
}

type MemberEvent = {
  id: string
  registration: string | null
  placesLeft: number | null
  friendsAllowed: boolean
  friendInvitation: { id: string; email: string; status: string; expiresAt: string } | null
}
const myEvent = async (who: Member, eventId: string) =>
  (await ok<{ events: MemberEvent[] }>(who.client, '/api/events', { method: 'GET' })).events.find(
    (e) => e.id === eventId,
  )
const register = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/registration`, { method: 'POST' })
const invite = (who: Member, id: string, email: string) =>
  who.client.request(`/api/events/${id}/friend`, { method: 'POST', json: { email } })
const withdraw = (who: Member, id: string) =>
  who.client.request(`/api/events/${id}/friend`, { method: 'DELETE' })
const accept = (who: Member, invitationId: string) =>
  who.client.request(`/api/events/friend-invitations/${invitationId}/accept`, { method: 'POST' })
const invitationRows = (eventId: string) =>
  db().select().from(eventFriendInvitations).where(eq(eventFriendInvitations.eventId, eventId))

describe('a seat for a friend', { timeout: 240_000 }, () => {
  it('invites in her language, holds the place, and the friend who signs up with that address accepts it', async () => {
    const { id, name } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 2)
    const inviter = await member({ language: 'de', name: 'Gastgeberin Greta' })
    expect((await register(inviter, id)).status).toBe(200)
    const address = friendAddress()
    const before = Date.now()
    const sent = await invite(inviter, id, `  ${address.toUpperCase()} `)
    expect(sent.status).toBe(200)
    const { invitation } = (await sent.json()) as { invitation: { id: string; expiresAt: string } }
    // 48 hours: the deadline (a day before the start) is further away.
    const expires = Date.parse(invitation.expiresAt)
    expect(expires).toBeGreaterThanOrEqual(before + FRIEND_HOLD_MS)
    expect(expires).toBeLessThanOrEqual(Date.now() + FRIEND_HOLD_MS)
    expect(await myEvent(inviter, id)).toMatchObject({
      placesLeft: 0,
      friendInvitation: { id: invitation.id, email: address, status: 'open' },
    })
    // The last place is held: a newcomer waits.
    const newcomer = await member()
    expect(await (await register(newcomer, id)).json()).toMatchObject({ waiting: true })

    // The e-mail, in the inviter's language, with the evening and the link to the invitation.
    const mail = await server.mail.waitFor(address, { subject: /lädt dich ein/, timeoutMs: 30_000 })
    expect(mail.subject).toContain(name)
    expect(mail.subject).toContain('Gastgeberin Greta')
    expect(mail.text).toContain(deEmails.eventDetails.when)
    expect(mail.text).toContain(deEmails.eventDetails.heldUntil)
    expect(mail.links.some((l) => l.includes(`/events/friend/${invitation.id}?lang=de`))).toBe(true)

    // Another account does not see it; hers (by the invited address) does, and accepts it.
    const stranger = await member({ language: 'en' })
    const hidden = await stranger.client.request(`/api/events/friend-invitations/${invitation.id}`)
    expect(hidden.status).toBe(404)
    expect((await hidden.json()).message).toBe(en.errors.friendInvitationNotFound)
    const friend = await member({ email: address, language: 'hu', name: 'Barát Boglárka' })
    expect(
      await ok(friend.client, `/api/events/friend-invitations/${invitation.id}`, { method: 'GET' }),
    ).toMatchObject({ eventId: id, inviterName: 'Gastgeberin Greta', status: 'open' })
    expect((await accept(friend, invitation.id)).status).toBe(200)
    expect((await accept(friend, invitation.id)).status).toBe(200)
    expect(await myEvent(friend, id)).toMatchObject({ registration: 'registered' })
    expect(await myEvent(inviter, id)).toMatchObject({
      friendInvitation: { status: 'accepted' },
    })
    await server.mail.waitFor(address, { subject: new RegExp(name), timeoutMs: 30_000 })
    // Accepted, it is her place: the inviter cannot take it back.
    const late = await withdraw(inviter, id)
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({
      code: 'invitation_accepted',
      message: de.errors.friendAlreadyAccepted,
    })
    const holders = await db()
      .select()
      .from(eventParticipants)
      .where(eq(eventParticipants.eventId, id))
    expect(holders.filter((h) => h.status === 'registered').length).toBe(2)
  })

  it('refuses, in her language and changing nothing: herself, a second friend, an address with an account, no place, not allowed', async () => {
    const { id } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 10)
    const inviter = await member({ language: 'hu' })
    const refused = async (email: string, status: number, code: string, message: string) => {
      const answer = await invite(inviter, id, email)
      expect(answer.status).toBe(status)
      expect(await answer.json()).toMatchObject({ code, message })
    }
    // Without a place of her own.
    await refused(friendAddress(), 409, 'not_registered', hu.errors.notRegistered)
    await register(inviter, id)
    await refused(inviter.email.toUpperCase(), 400, 'invite_self', hu.errors.inviteSelf)
    await refused('not an address', 400, 'invalid_request', hu.validation.friendEmailInvalid)
    const other = await member()
    await refused(other.email, 409, 'friend_has_account', hu.errors.friendHasAccount)
    expect(await invitationRows(id)).toEqual([])
    expect(await myEvent(inviter, id)).toMatchObject({ placesLeft: 9, friendInvitation: null })

    const address = friendAddress()
    expect((await invite(inviter, id, address)).status).toBe(200)
    await refused(friendAddress(), 409, 'already_invited', hu.errors.friendAlreadyInvited)
    // Nobody else invites the same address to the evening either.
    const second = await member()
    await register(second, id)
    const same = await invite(second, id, address)
    expect(same.status).toBe(409)
    expect(await invitationRows(id)).toHaveLength(1)

    const closed = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 10, {
      friendsAllowed: false,
    })
    await register(inviter, closed.id)
    const notAllowed = await invite(inviter, closed.id, friendAddress())
    expect(notAllowed.status).toBe(409)
    expect(await notAllowed.json()).toEqual({
      code: 'friends_not_allowed',
      message: hu.errors.friendsNotAllowed,
    })
  })

  it('withdrawn before she accepts, the place goes to the waiting list and her yes is refused', async () => {
    const { id } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 2)
    const inviter = await member()
    await register(inviter, id)
    const address = friendAddress()
    const { invitation } = (await (await invite(inviter, id, address)).json()) as {
      invitation: { id: string }
    }
    const waiting = await member()
    expect(await (await register(waiting, id)).json()).toMatchObject({ waiting: true })
    expect((await withdraw(inviter, id)).status).toBe(200)
    expect(await myEvent(waiting, id)).toMatchObject({ registration: 'waiting' })
    expect((await myEvent(waiting, id)) as unknown).toMatchObject({ offer: { kind: 'single' } })
    expect(await myEvent(inviter, id)).toMatchObject({ friendInvitation: null })

    const friend = await member({ email: address, language: 'en' })
    const refused = await accept(friend, invitation.id)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      code: 'invitation_withdrawn',
      message: en.errors.friendInvitationWithdrawn,
    })
    // Another friend now would jump the line: the place is offered to the one who waits.
    const full = await invite(inviter, id, friendAddress())
    expect(await full.json()).toMatchObject({ code: 'event_full' })
  })

  it('holds the place until the cancellation deadline when it comes before 48 hours, then lapses', async () => {
    // Starts in 30 hours; the deadline is 24 hours before: the hold lasts about 6 hours.
    const start = new Date(Date.now() + 30 * HOUR)
    const { id, name } = await eventAt(start, 5)
    const inviter = await member({ language: 'es' })
    await register(inviter, id)
    const address = friendAddress()
    const { invitation } = (await (await invite(inviter, id, address)).json()) as {
      invitation: { id: string; expiresAt: string }
    }
    expect(Date.parse(invitation.expiresAt)).toBe(start.getTime() - 24 * HOUR)
    expect(await myEvent(inviter, id)).toMatchObject({ placesLeft: 3 })

    await pass(new Date(start.getTime() - 23 * HOUR))
    expect(await myEvent(inviter, id)).toMatchObject({ friendInvitation: { status: 'lapsed' } })
    // The inviter hears it in her language, with the address that did not answer in time; once,
    // however often the job runs after.
    const told = await server.mail.waitFor(inviter.email, {
      subject: new RegExp(esEmails.friendLapsed.subject.split(':')[0] as string),
      timeoutMs: 30_000,
    })
    expect(told.subject).toContain(name)
    expect(told.text).toContain(address)
    expect(told.text).toContain(esEmails.friendLapsed.note)
    await pass(new Date(start.getTime() - 22 * HOUR))
    const lapsedMails = await db()
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.toAddress, inviter.email), eq(outbox.kind, `friendLapsed:${id}`)))
    expect(lapsedMails).toHaveLength(1)
    const friend = await member({ email: address, language: 'en' })
    const late = await accept(friend, invitation.id)
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({
      code: 'invitation_lapsed',
      message: en.errors.friendInvitationLapsed,
    })
    expect(await myEvent(friend, id)).toMatchObject({ registration: null })
  })

  it('is in the data download of both, and goes with either account', async () => {
    const { id, name } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 10)
    const inviter = await member({ language: 'en' })
    await register(inviter, id)
    const address = friendAddress()
    const { invitation } = (await (await invite(inviter, id, address)).json()) as {
      invitation: { id: string }
    }
    const friend = await member({ email: address })
    expect((await accept(friend, invitation.id)).status).toBe(200)
    const exported = async (who: Member) => {
      const response = await who.client.get('/api/account/export')
      expect(response.status).toBe(200)
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
      return JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
        friendInvitations: Record<string, unknown>[]
      }
    }
    expect((await exported(inviter)).friendInvitations).toEqual([
      expect.objectContaining({ event: name, sentByYou: true, email: address, status: 'accepted' }),
    ])
    expect((await exported(friend)).friendInvitations).toEqual([
      expect.objectContaining({ event: name, sentByYou: false, status: 'accepted' }),
    ])
    await deleteAccountData(db(), friend.userId, QUIET_MAIL)
    expect(await invitationRows(id)).toEqual([])
  })

  it(`is rate-limited per member (${FRIEND_INVITATION_LIMIT.max} an hour)`, async () => {
    const { id } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 10)
    const inviter = await member()
    await register(inviter, id)
    for (let i = 0; i < FRIEND_INVITATION_LIMIT.max; i++)
      expect((await invite(inviter, id, inviter.email)).status).toBe(400)
    expect((await invite(inviter, id, friendAddress())).status).toBe(429)
    expect(await invitationRows(id)).toEqual([])
  })

  it('never gives the last place twice: the friend accepting and a member registering at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await eventAt(new Date(Date.now() + 5 * 24 * HOUR), 2)
      const inviter = await member()
      await register(inviter, id)
      const address = friendAddress()
      const { invitation } = (await (await invite(inviter, id, address)).json()) as {
        invitation: { id: string }
      }
      const friend = await member({ email: address })
      const racers = await Promise.all([member(), member(), member()])
      const [yes, ...others] = await Promise.all([
        accept(friend, invitation.id),
        ...racers.map((racer) => register(racer, id)),
      ])
      expect(yes?.status).toBe(200)
      for (const answer of others)
        expect(await answer.json()).toMatchObject({ registered: true, waiting: true })
      const rows = await db()
        .select()
        .from(eventParticipants)
        .where(eq(eventParticipants.eventId, id))
      expect(rows.filter((r) => r.status === 'registered').map((r) => r.userId)).toEqual(
        expect.arrayContaining([inviter.userId, friend.userId]),
      )
      expect(rows.filter((r) => r.status === 'registered')).toHaveLength(2)
    }
  })
})
