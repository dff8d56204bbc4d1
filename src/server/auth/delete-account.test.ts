import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { account, session, user } from '../db/schema/auth.ts'
import { eventParticipants } from '../db/schema/events.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { profiles } from '../db/schema/profiles.ts'
import { seedMember } from '../test/seed.ts'
import { httpTestApp } from '../test/http-test-app.ts'

const server = httpTestApp()

/** A subscribed member's rows, one of each. */
const ALL_ROWS = { user: 1, profile: 1, sessions: 1, accounts: 1, newsletter: 1 }

async function rowsOf(userId: string) {
  const db = server.harness.database.db
  return {
    user: (await db.select().from(user).where(eq(user.id, userId))).length,
    profile: (await db.select().from(profiles).where(eq(profiles.id, userId))).length,
    sessions: (await db.select().from(session).where(eq(session.userId, userId))).length,
    accounts: (await db.select().from(account).where(eq(account.userId, userId))).length,
    newsletter: (
      await db
        .select()
        .from(newsletterSubscribers)
        .innerJoin(user, eq(user.email, newsletterSubscribers.email))
        .where(eq(user.id, userId))
    ).length,
  }
}

describe('POST /api/account/delete', () => {
  it('deletes the user, profile, sessions, linked accounts and newsletter subscription when e-mail and password are right', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const subscribed = await member.client.post('/api/newsletter/subscribe', {
      email: member.email,
    })
    expect(await subscribed.json()).toMatchObject({ subscribed: true })
    expect(await rowsOf(member.userId)).toEqual(ALL_ROWS)
    const db = server.harness.database.db
    const countSubscribers = async () => (await db.select().from(newsletterSubscribers)).length
    const subscribersBefore = await countSubscribers()

    const response = await member.client.post('/api/account/delete', {
      method: 'password',
      email: member.email.toUpperCase(),
      password: member.password,
    })

    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().some((c) => c.includes('session_token=;'))).toBe(true)
    expect(await countSubscribers()).toBe(subscribersBefore - 1)
    expect(await rowsOf(member.userId)).toEqual({
      user: 0,
      profile: 0,
      sessions: 0,
      accounts: 0,
      newsletter: 0,
    })
    expect(
      (
        await member.client.post('/api/auth/sign-in/email', {
          email: member.email,
          password: member.password,
        })
      ).status,
    ).toBe(401)
  })

  it('refuses wrong credentials with SPEC text and keeps everything', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const wrongPassword = await member.client.post('/api/account/delete', {
      method: 'password',
      email: member.email,
      password: 'nope',
    })
    const wrongEmail = await member.client.post('/api/account/delete', {
      method: 'password',
      email: 'someone@example.com',
      password: member.password,
    })
    for (const response of [wrongPassword, wrongEmail]) {
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        code: 'incorrect_credentials',
        message: "That e-mail address or password isn't right. Please try again.",
      })
    }
    expect(await rowsOf(member.userId)).toMatchObject({
      user: 1,
      profile: 1,
      sessions: 1,
      accounts: 1,
    })
  })

  it('is all or nothing: a failure half-way leaves every row in place', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    await member.client.post('/api/newsletter/subscribe', { email: member.email })
    // Make the last step fail: the user row may not be deleted while this trigger exists.
    await server.harness.database.db.execute(
      sql`create function refuse_user_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    )
    await server.harness.database.db.execute(
      sql`create trigger refuse_user_delete before delete on "user" for each row execute function refuse_user_delete()`,
    )
    try {
      const response = await member.client.post('/api/account/delete', {
        method: 'password',
        email: member.email,
        password: member.password,
      })
      expect(response.status).toBe(500)
      expect(Object.keys(await response.json()).sort()).toEqual(['code', 'message'])
      expect(await rowsOf(member.userId)).toEqual(ALL_ROWS)
    } finally {
      await server.harness.database.db.execute(sql`drop trigger refuse_user_delete on "user"`)
      await server.harness.database.db.execute(sql`drop function refuse_user_delete()`)
    }
  })

  it('asks a Google-only member to confirm with a fresh Google sign-in', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const response = await member.client.post('/api/account/delete', { method: 'google' })
    expect(response.status).toBe(403)
    expect((await response.json()).code).toBe('reauthentication_required')
    expect(await rowsOf(member.userId)).toMatchObject({ user: 1 })
  })

  it('needs a session', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    await member.client.post('/api/auth/sign-out')
    const response = await member.client.post('/api/account/delete', {
      method: 'password',
      email: member.email,
      password: member.password,
    })
    expect(response.status).toBe(401)
  })
})

describe('deleting an account that took part in events', () => {
  it('removes her registrations with her', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const created = await admin.client.post('/api/admin/events', {
      eventName: 'Evening',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      duration: 90,
    })
    const { id } = (await created.json()) as { id: string }
    const member = await seedMember(server.harness, server.http.origin)
    expect((await member.client.post(`/api/events/${id}/registration`)).status).toBe(200)
    const db = server.harness.database.db
    const registrations = async () =>
      (await db.select().from(eventParticipants).where(eq(eventParticipants.userId, member.userId)))
        .length
    expect(await registrations()).toBe(1)

    const response = await member.client.post('/api/account/delete', {
      method: 'password',
      email: member.email,
      password: member.password,
    })
    expect(response.status).toBe(200)
    expect(await registrations()).toBe(0)
  })
})
