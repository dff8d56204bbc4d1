import { and, eq, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#shared/languages.ts'
import de from '#shared/locales/de/events.json' with { type: 'json' }
import esEmails from '#shared/locales/es/emails.json' with { type: 'json' }
import { eventFriendInvitations } from '../db/schema/events.ts'
import { outbox } from '../db/schema/outbox.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'

// What happens to a friend's seat (decision 0092) when its inviter hears back or leaves
// (decision 0100): she is told when her friend accepts; her place given back, taken by the host
// or gone with her account takes her friend's open invitation with it, and both places go to the
// waiting list at once. Through the API a browser uses.
const server = httpTestAppWithMail()
const { member, ok, auditEntries } = eveningApi(server)
const db = () => server.harness.database.db
const HOUR = 3_600_000
let admin: Member
let friends = 0
const friendAddress = () => `leaving${++friends}-${Date.now()}@example.com`

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

async function eventIn(days: number, places: number) {
  const name = `Friends ${Math.random().toString(36).slice(2, 8)}`
  const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
    json: {
      eventName: name,
      startTime: new Date(Date.now() + days * 24 * HOUR).toISOString(),
      duration: 120,
      places,
      friendsAllowed: true,
    },
  })
  return { id, name }
}

type MemberEvent = {
  id: string
  registration: string | null
  offer: { kind: string } | null
  friendInvitation: { email: string; status: string } | null
}
const myEvent = async (who: Member, eventId: string) =>
  (await ok<{ events: MemberEvent[] }>(who.client, '/api/events', { method: 'GET' })).events.find(
    (e) => e.id === eventId,
  )
const register = (who: Member, id: string) =>
  ok<{ waiting?: boolean }>(who.client, `/api/events/${id}/registration`)
const invite = async (who: Member, id: string, email: string) =>
  (
    await ok<{ invitation: { id: string } }>(who.client, `/api/events/${id}/friend`, {
      json: { email },
    })
  ).invitation
const accept = (who: Member, invitationId: string) =>
  who.client.request(`/api/events/friend-invitations/${invitationId}/accept`, { method: 'POST' })
const invitationPage = (who: Member, invitationId: string) =>
  ok<{ status: string; inviterName: string }>(
    who.client,
    `/api/events/friend-invitations/${invitationId}`,
    { method: 'GET' },
  )

/**
 * An evening of two places: `inviter` has one and holds the other for her friend (open), and two
 * women wait in line behind them.
 */
async function fullWithAFriend(language: Language = 'en') {
  const { id } = await eventIn(5, 2)
  const inviter = await member({ language })
  await register(inviter, id)
  const address = friendAddress()
  const invitation = await invite(inviter, id, address)
  const first = await member()
  const second = await member()
  expect(await register(first, id)).toMatchObject({ waiting: true })
  expect(await register(second, id)).toMatchObject({ waiting: true })
  return { id, inviter, address, invitation, first, second }
}

/** Both women in line have an offer now: the inviter's place and the one held for her friend. */
async function bothOffered(id: string, first: Member, second: Member) {
  expect(await myEvent(first, id)).toMatchObject({ offer: { kind: 'single' } })
  expect(await myEvent(second, id)).toMatchObject({ offer: { kind: 'single' } })
}

/** The friend, signing up with the invited address, finds the invitation no longer valid. */
async function friendFindsItWithdrawn(address: string, invitationId: string) {
  const friend = await member({ email: address, language: 'de' })
  expect(await invitationPage(friend, invitationId)).toMatchObject({ status: 'withdrawn' })
  const refused = await accept(friend, invitationId)
  expect(refused.status).toBe(409)
  expect(await refused.json()).toEqual({
    code: 'invitation_withdrawn',
    message: de.errors.friendInvitationWithdrawn,
  })
  expect(await myEvent(friend, (await invitationRow(invitationId))?.eventId ?? '')).toMatchObject({
    registration: null,
  })
}

const invitationRow = async (id: string) =>
  (await db().select().from(eventFriendInvitations).where(eq(eventFriendInvitations.id, id)))[0]

describe("a friend's seat when her inviter hears back or leaves", { timeout: 240_000 }, () => {
  it('tells the inviter in her language when her friend accepts, once, and her card says so', async () => {
    const { id, name } = await eventIn(5, 4)
    const inviter = await member({ language: 'es', name: 'Inés Anfitriona' })
    await register(inviter, id)
    const address = friendAddress()
    const invitation = await invite(inviter, id, address)
    const friend = await member({ email: address, language: 'hu', name: 'Barát Boglárka' })
    expect((await accept(friend, invitation.id)).status).toBe(200)
    expect((await accept(friend, invitation.id)).status).toBe(200)

    const told = await server.mail.waitFor(inviter.email, {
      subject: /Barát Boglárka viene/,
      timeoutMs: 30_000,
    })
    expect(told.subject).toContain(name)
    expect(told.text).toContain(esEmails.friendAccepted.note)
    expect(told.links.some((l) => l.endsWith('/events?lang=es'))).toBe(true)
    const sent = await db()
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(and(eq(outbox.toAddress, inviter.email), like(outbox.kind, 'friendAccepted:%')))
    expect(sent).toHaveLength(1)
    expect(await myEvent(inviter, id)).toMatchObject({
      friendInvitation: { email: address, status: 'accepted' },
    })
  })

  it('giving her place back withdraws her open invitation: both places are offered at once', async () => {
    const { id, inviter, address, invitation, first, second } = await fullWithAFriend()
    await ok(inviter.client, `/api/events/${id}/registration`, { method: 'DELETE' })
    await bothOffered(id, first, second)
    expect(await myEvent(inviter, id)).toMatchObject({ friendInvitation: null })
    await friendFindsItWithdrawn(address, invitation.id)
  })

  it('taken off by the host, her open invitation goes too, and both places are offered at once', async () => {
    const { id, inviter, address, invitation, first, second } = await fullWithAFriend()
    await ok(admin.client, `/api/admin/events/${id}/participants/${inviter.userId}`, {
      method: 'DELETE',
    })
    expect(await auditEntries(id, 'participant.remove')).toHaveLength(1)
    await bothOffered(id, first, second)
    await friendFindsItWithdrawn(address, invitation.id)
  })

  it('her account deleted, her place and her friend’s go to the line at once, and the link says it is no longer valid', async () => {
    const { id, inviter, address, invitation, first, second } = await fullWithAFriend('hu')
    const deleted = await inviter.client.post('/api/account/delete', {
      method: 'password',
      email: inviter.email,
      password: inviter.password,
    })
    expect(deleted.status).toBe(200)
    await bothOffered(id, first, second)
    // The row stays, without her: the friend learns nothing of who she was.
    expect(await invitationRow(invitation.id)).toMatchObject({
      inviterId: null,
      status: 'withdrawn',
    })
    await friendFindsItWithdrawn(address, invitation.id)
    const friendAgain = await member({ language: 'hu' })
    expect(
      (await friendAgain.client.request(`/api/events/friend-invitations/${invitation.id}`)).status,
    ).toBe(404)
  })

  it('a member without a friend: deleting her account offers her place to the first in line at once', async () => {
    const { id } = await eventIn(5, 1)
    const holder = await member()
    await register(holder, id)
    const waiting = await member()
    expect(await register(waiting, id)).toMatchObject({ waiting: true })
    const deleted = await holder.client.post('/api/account/delete', {
      method: 'password',
      email: holder.email,
      password: holder.password,
    })
    expect(deleted.status).toBe(200)
    expect(await myEvent(waiting, id)).toMatchObject({
      registration: 'waiting',
      offer: { kind: 'single' },
    })
  })

  it('a friend who already accepted keeps her place when the inviter gives hers back', async () => {
    const { id } = await eventIn(5, 3)
    const inviter = await member()
    await register(inviter, id)
    const address = friendAddress()
    const invitation = await invite(inviter, id, address)
    const friend = await member({ email: address })
    expect((await accept(friend, invitation.id)).status).toBe(200)
    await ok(inviter.client, `/api/events/${id}/registration`, { method: 'DELETE' })
    expect(await myEvent(friend, id)).toMatchObject({ registration: 'registered' })
    expect(await invitationPage(friend, invitation.id)).toMatchObject({ status: 'accepted' })
  })
})
