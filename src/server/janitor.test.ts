import { asc, count, eq, ne } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from './db/client.ts'
import { BATCH_ROWS } from './db/in-batches.ts'
import { account, session, user, verification } from './db/schema/auth.ts'
import {
  eventDoorHelpers,
  eventFriendInvitations,
  eventParticipants,
  events,
} from './db/schema/events.ts'
import { newsletterSubscribers } from './db/schema/newsletter.ts'
import { outbox } from './db/schema/outbox.ts'
import { profiles } from './db/schema/profiles.ts'
import { FRIEND_ADDRESS_RETENTION_DAYS } from './events/friend-invitations.ts'
import { RETENTION_DAYS_DEFAULT, tidyUp } from './janitor.ts'
import { createTestDatabase, type TestDatabase } from './test/test-database.ts'

const DAY = 24 * 60 * 60_000
const SECOND = 1000
const NOW = Date.parse('2026-06-01T12:00:00Z')
/** Just past a period of `days`, and just inside it. */
const past = (days: number) => new Date(NOW - days * DAY - SECOND)
const within = (days: number) => new Date(NOW - days * DAY + SECOND)
const days = RETENTION_DAYS_DEFAULT

let database: TestDatabase
const db = () => database.db
beforeEach(async () => {
  database = await createTestDatabase()
})
afterEach(async () => {
  await database.close()
})

/** Accounts as Better Auth and our sign-up hook leave them, made at `createdAt`. */
async function seedAccounts(
  rows: { id: string; createdAt: Date; verified?: boolean; isAdmin?: boolean }[],
) {
  await db()
    .insert(user)
    .values(
      rows.map(({ id, createdAt, verified = false }) => ({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: verified,
        createdAt,
        updatedAt: createdAt,
      })),
    )
  await db()
    .insert(profiles)
    .values(
      rows.map(({ id, isAdmin = false }) => ({
        id,
        email: `${id}@example.com`,
        userCode: id.toUpperCase(),
        isAdmin,
      })),
    )
  await db()
    .insert(account)
    .values(
      rows.map(({ id }) => ({
        id: `acc-${id}`,
        accountId: id,
        providerId: 'credential',
        userId: id,
      })),
    )
}

const email = (id: string, status: 'sent' | 'failed' | 'pending', createdAt: Date) => ({
  kind: 'verify-email',
  toAddress: `${id}@example.com`,
  subject: `Subject ${id}`,
  html: `<a href="https://x/?token=${id}">link</a>`,
  text: `https://x/?token=${id}`,
  headers: { 'List-Unsubscribe': `<https://x/u?token=${id}>` },
  attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN' }],
  language: 'hu',
  status,
  sentAt: status === 'sent' ? createdAt : null,
  createdAt,
})

const ids = async <T extends { id: string | number }>(rows: Promise<T[]>) =>
  (await rows).map((row) => String(row.id)).sort()

describe('tidyUp: each kind of data goes exactly when its period has passed', () => {
  it('deletes what is past its period and keeps everything else', async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: 'pending-old@example.com', updatedAt: past(days.pendingSubscription) },
        { email: 'pending-new@example.com', updatedAt: within(days.pendingSubscription) },
        {
          email: 'unverified-old@example.com',
          verified: true,
          confirmedAt: past(400),
          updatedAt: past(400),
        },
      ])
    const old = past(days.unverifiedAccount)
    await seedAccounts([
      { id: 'unverified-old', createdAt: old },
      { id: 'unverified-new', createdAt: within(days.unverifiedAccount) },
      { id: 'verified-old', createdAt: past(400), verified: true },
      { id: 'admin-old', createdAt: old, isAdmin: true },
      { id: 'participant-old', createdAt: old },
      { id: 'helper-old', createdAt: old },
      { id: 'signed-in-old', createdAt: old },
    ])
    // Her confirmed subscription was made signed in, before the account was left unverified.
    await db()
      .update(newsletterSubscribers)
      .set({ userId: 'unverified-old' })
      .where(eq(newsletterSubscribers.email, 'unverified-old@example.com'))
    const [event] = await db()
      .insert(events)
      .values({ eventName: 'Klikk', startTime: new Date(NOW), duration: 120 })
      .returning({ id: events.id })
    const eventId = event?.id ?? ''
    await db().insert(eventParticipants).values({ eventId, userId: 'participant-old' })
    await db().insert(eventDoorHelpers).values({ eventId, userId: 'helper-old' })

    await db()
      .insert(session)
      .values(
        [
          ['expired', new Date(NOW - SECOND)],
          ['live', new Date(NOW + SECOND)],
        ].map(([id, expiresAt]) => ({
          id: `session-${String(id)}`,
          token: `token-${String(id)}`,
          userId: id === 'live' ? 'signed-in-old' : 'verified-old',
          expiresAt: expiresAt as Date,
        })),
      )
    await db()
      .insert(verification)
      .values([
        { id: 'v-expired', identifier: 'reset', value: 'x', expiresAt: new Date(NOW - SECOND) },
        { id: 'v-live', identifier: 'reset', value: 'y', expiresAt: new Date(NOW + SECOND) },
      ])

    await db()
      .insert(outbox)
      .values([
        email('body-old', 'sent', past(days.emailBody)),
        email('body-new', 'sent', within(days.emailBody)),
        email('failed-old', 'failed', past(days.emailBody)),
        email('pending-old', 'pending', past(days.emailRecord)),
        email('record-old', 'sent', past(days.emailRecord)),
        email('record-new', 'sent', within(days.emailRecord)),
      ])

    expect(await tidyUp(db(), NOW)).toEqual({
      pendingSubscribers: 1,
      unverifiedAccounts: 1,
      expiredSessions: 1,
      expiredTokens: 1,
      emailBodies: 3,
      emailRecords: 1,
      auditEntries: 0,
      friendAddresses: 0,
    })

    const subscribers = await db()
      .select({ email: newsletterSubscribers.email, userId: newsletterSubscribers.userId })
      .from(newsletterSubscribers)
      .orderBy(asc(newsletterSubscribers.email))
    // The confirmed subscription stands on its own consent; it only loses the account link.
    expect(subscribers).toEqual([
      { email: 'pending-new@example.com', userId: null },
      { email: 'unverified-old@example.com', userId: null },
    ])
    const kept = [
      'admin-old',
      'helper-old',
      'participant-old',
      'signed-in-old',
      'unverified-new',
      'verified-old',
    ]
    expect(await ids(db().select({ id: user.id }).from(user))).toEqual(kept)
    // What hangs on the account went with it.
    expect(await ids(db().select({ id: profiles.id }).from(profiles))).toEqual(kept)
    expect(await ids(db().select({ id: account.userId }).from(account))).toEqual(kept)
    expect(await ids(db().select({ id: session.id }).from(session))).toEqual(['session-live'])
    expect(await ids(db().select({ id: verification.id }).from(verification))).toEqual(['v-live'])

    const mails = await db().select().from(outbox).orderBy(asc(outbox.id))
    const body = (row: (typeof mails)[number]) => ({
      html: row.html,
      text: row.text,
      headers: row.headers,
      attachments: row.attachments,
    })
    const erased = { html: '', text: '', headers: {}, attachments: [] }
    const byAddress = new Map(mails.map((row) => [row.toAddress.split('@')[0], row]))
    expect([...byAddress.keys()]).toEqual([
      'body-old',
      'body-new',
      'failed-old',
      'pending-old',
      'record-new',
    ])
    for (const id of ['body-old', 'failed-old', 'record-new']) {
      const row = byAddress.get(id)
      expect(row && body(row)).toEqual(erased)
      // Who, what and when stay.
      expect(row).toMatchObject({ subject: `Subject ${id}`, kind: 'verify-email', language: 'hu' })
    }
    for (const id of ['body-new', 'pending-old']) {
      const row = byAddress.get(id)
      const { html, text, headers, attachments } = email(id, 'sent', new Date())
      expect(row && body(row)).toEqual({ html, text, headers, attachments })
    }

    // A second pass finds nothing left to do.
    expect(Object.values(await tidyUp(db(), NOW)).every((n) => n === 0)).toBe(true)
  })

  it(`erases the friend's address of an invitation withdrawn or lapsed ${FRIEND_ADDRESS_RETENTION_DAYS} days ago, keeping the row`, async () => {
    await seedAccounts([
      { id: 'inviter', createdAt: past(400), verified: true },
      { id: 'other', createdAt: past(400), verified: true },
    ])
    const [event] = await db()
      .insert(events)
      .values({ eventName: 'Klikk', startTime: past(45), duration: 120 })
      .returning({ id: events.id })
    const eventId = event?.id ?? ''
    const period = FRIEND_ADDRESS_RETENTION_DAYS
    const invitation = (
      name: string,
      status: 'open' | 'accepted' | 'withdrawn' | 'lapsed',
      at: Date,
    ) => ({
      eventId,
      inviterId: 'inviter',
      email: `${name}@example.com`,
      status,
      invitedAt: past(60),
      expiresAt: at,
      answeredAt: status === 'open' ? null : at,
    })
    await db()
      .insert(eventFriendInvitations)
      .values([
        invitation('withdrawn-old', 'withdrawn', past(period)),
        invitation('lapsed-old', 'lapsed', past(period)),
        // The evening ended before the job lapsed it: its hold ran out long ago all the same.
        invitation('open-old', 'open', past(period)),
        invitation('withdrawn-new', 'withdrawn', within(period)),
        invitation('lapsed-new', 'lapsed', within(period)),
        // One open or accepted a member and evening: another member's.
        { ...invitation('accepted-old', 'accepted', past(period)), inviterId: 'other' },
      ])
    expect(await tidyUp(db(), NOW)).toMatchObject({ friendAddresses: 3 })
    const rows = await db()
      .select({ email: eventFriendInvitations.email, status: eventFriendInvitations.status })
      .from(eventFriendInvitations)
      .orderBy(asc(eventFriendInvitations.email), asc(eventFriendInvitations.status))
    expect(rows).toEqual([
      { email: '', status: 'lapsed' },
      { email: '', status: 'lapsed' },
      { email: '', status: 'withdrawn' },
      { email: 'accepted-old@example.com', status: 'accepted' },
      { email: 'lapsed-new@example.com', status: 'lapsed' },
      { email: 'withdrawn-new@example.com', status: 'withdrawn' },
    ])
    expect(await tidyUp(db(), NOW)).toMatchObject({ friendAddresses: 0 })
  })

  it('follows the configured periods', async () => {
    await db()
      .insert(outbox)
      .values([email('a', 'sent', past(1)), email('b', 'sent', past(29))])
    await seedAccounts([{ id: 'u', createdAt: past(2) }])
    const longer = { ...days, unverifiedAccount: 3, emailBody: 30, emailRecord: 30 }
    expect(await tidyUp(db(), NOW, longer)).toMatchObject({
      unverifiedAccounts: 0,
      emailBodies: 0,
      emailRecords: 0,
    })
    const shorter = { ...days, unverifiedAccount: 2, emailBody: 1, emailRecord: 28 }
    expect(await tidyUp(db(), NOW, shorter)).toMatchObject({
      unverifiedAccounts: 1,
      emailBodies: 1,
      emailRecords: 1,
    })
  })

  it(`works through more than ${BATCH_ROWS} rows a statement at a time`, async () => {
    const many = 2 * BATCH_ROWS + 500
    await seedExpired(many)
    const counts = await tidyUp(db(), NOW)
    expect(counts).toMatchObject({
      pendingSubscribers: many,
      emailBodies: many,
      expiredSessions: many,
    })
    expect(await left()).toEqual({ subscribers: 0, sessions: 1, bodies: 0, records: many })
  })
})

/** `n` pending sign-ups, sessions and e-mail bodies past their periods, and one live session. */
async function seedExpired(n: number, on = db()) {
  const range = Array.from({ length: n }, (_, i) => i)
  await seedAccounts([{ id: 'owner', createdAt: past(1), verified: true }])
  await on
    .insert(newsletterSubscribers)
    .values(
      range.map((i) => ({ email: `p${i}@example.com`, updatedAt: past(days.pendingSubscription) })),
    )
  await on.insert(session).values(
    [...range, -1].map((i) => ({
      id: `s${i}`,
      token: `t${i}`,
      userId: 'owner',
      expiresAt: new Date(i < 0 ? NOW + DAY : NOW - SECOND),
    })),
  )
  await on.insert(outbox).values(range.map((i) => email(`m${i}`, 'sent', past(days.emailBody))))
}

async function left() {
  const [subscribers] = await db().select({ n: count() }).from(newsletterSubscribers)
  const [sessions] = await db().select({ n: count() }).from(session)
  const [bodies] = await db().select({ n: count() }).from(outbox).where(ne(outbox.html, ''))
  const [records] = await db().select({ n: count() }).from(outbox)
  return {
    subscribers: subscribers?.n,
    sessions: sessions?.n,
    bodies: bodies?.n,
    records: records?.n,
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('tidyUp on PostgreSQL, two processes', () => {
  it('deletes each row once when two passes run at the same moment, and neither fails', async () => {
    const many = 3 * BATCH_ROWS
    await seedExpired(many)
    const other = await openDatabase({ databaseUrl: database.url ?? '' })
    try {
      const [a, b] = await Promise.all([tidyUp(db(), NOW), tidyUp(other.db, NOW)])
      expect(a.pendingSubscribers + b.pendingSubscribers).toBe(many)
      expect(a.expiredSessions + b.expiredSessions).toBe(many)
      expect(a.emailBodies + b.emailBodies).toBe(many)
      expect(await left()).toEqual({ subscribers: 0, sessions: 1, bodies: 0, records: many })
    } finally {
      await other.close()
    }
  })

  it('passes over rows another process holds instead of waiting for them', async () => {
    await seedExpired(10)
    const other = await openDatabase({ databaseUrl: database.url ?? '' })
    try {
      await other.db.transaction(async (tx) => {
        await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, 'p0@example.com'))
          .for('update')
        // Within the other transaction's lock: this pass must finish, without the held row.
        expect(await tidyUp(db(), NOW)).toMatchObject({ pendingSubscribers: 9 })
      })
      expect(await tidyUp(db(), NOW)).toMatchObject({ pendingSubscribers: 1 })
    } finally {
      await other.close()
    }
  })
})
