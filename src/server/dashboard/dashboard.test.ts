import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard, DashboardRange } from '#shared/schemas/dashboard.ts'
import { user } from '../db/schema/auth.ts'
import { campaignRecipients, newsletterCampaigns } from '../db/schema/campaigns.ts'
import { eventRounds, eventTableAssignments, eventTables } from '../db/schema/events.ts'
import { newsletterDailyCounts, newsletterSubscribers } from '../db/schema/newsletter.ts'
import { welcomeDeliveries, welcomeEmails } from '../db/schema/welcome-series.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedPastEvening } from '../test/seed-past-evening.ts'

const server = httpTestApp()
const db = () => server.harness.database.db
const DAY_MS = 24 * 60 * 60_000

/** This week's Monday in Budapest, as the dashboard counts weeks. */
function thisMonday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date())
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7
  return day(today, -weekday)
}
const day = (from: string, days: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
/** Noon (about: 10:00 UTC) on a day, `weeks` weeks before this week's Monday plus `days`. */
const at = (weeks: number, days = 0) =>
  new Date(`${day(thisMonday(), -7 * weeks + days)}T10:00:00Z`)

let admin: Awaited<ReturnType<typeof seedMember>>
let member: Awaited<ReturnType<typeof seedMember>>
let german: Awaited<ReturnType<typeof seedMember>>

async function dashboard(range: DashboardRange): Promise<Dashboard> {
  const response = await admin.client.api.admin.dashboard.$get({ query: { range } })
  expect(response.status).toBe(200)
  return response.json()
}

/** People made 40 weeks ago, so that only "all" counts their accounts. */
async function people(names: string[]) {
  await db()
    .insert(user)
    .values(
      names.map((name) => ({
        id: `person-${name}`,
        name,
        email: `${name.toLowerCase()}@example.com`,
        createdAt: at(40),
      })),
    )
  return Object.fromEntries(names.map((name) => [name, `person-${name}`]))
}

/** An evening with tables A and B, its participants and its rounds' seats. */
const evening = async (
  startTime: Date,
  participants: {
    userId: string
    status: 'registered' | 'present' | 'absent' | 'waiting'
    checkedIn?: boolean
  }[],
  rounds: { started: boolean; tables: string[][] }[],
) => (await seedPastEvening(db(), { startTime, participants, rounds })).eventId

beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
  member = await seedMember(server.harness, server.http.origin)
  german = await seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'de' })
})

describe('the dashboard', () => {
  it('counts the newsletter per week and language, from counters its trigger keeps', async () => {
    // Earlier weeks, as the counters would hold them.
    await db()
      .insert(newsletterDailyCounts)
      .values([
        { day: day(thisMonday(), -7 * 20), language: 'en', kind: 'confirmed', count: 4 },
        { day: day(thisMonday(), -7 * 3 + 2), language: 'hu', kind: 'confirmed', count: 5 },
        { day: day(thisMonday(), -7 * 3 + 4), language: 'hu', kind: 'unsubscribed', count: 1 },
        { day: day(thisMonday(), -7 * 1), language: 'de', kind: 'confirmed', count: 2 },
      ])
    // Today, through the trigger: 3 + 1 confirmed, 2 pending, one of which confirms (de).
    const subscribers = await db()
      .insert(newsletterSubscribers)
      .values([
        { email: 'hu1@example.com', language: 'hu', verified: true },
        { email: 'hu2@example.com', language: 'hu', verified: true },
        { email: 'hu3@example.com', language: 'hu', verified: true },
        { email: 'en1@example.com', language: 'en', verified: true },
        { email: 'pending1@example.com', language: 'de' },
        { email: 'pending2@example.com', language: 'es' },
      ])
      .returning()
    const id = (email: string) => subscribers.find((s) => s.email === email)?.id ?? ''
    await db()
      .update(newsletterSubscribers)
      .set({ verified: true })
      .where(eq(newsletterSubscribers.id, id('pending1@example.com')))
    // One leaves (through the admin's removal, an unsubscribe path like the others)...
    const removed = await admin.client.request(`/api/admin/newsletter/${id('hu1@example.com')}`, {
      method: 'DELETE',
    })
    expect(removed.status).toBe(200)
    // ...one changes language, and a pending one that is removed counts nowhere.
    await db()
      .update(newsletterSubscribers)
      .set({ language: 'es' })
      .where(eq(newsletterSubscribers.id, id('en1@example.com')))
    await db()
      .update(newsletterSubscribers)
      .set({ name: 'Renamed' })
      .where(eq(newsletterSubscribers.id, id('hu2@example.com')))

    const { weeks, newsletter } = await dashboard('4w')
    expect(weeks).toEqual([-21, -14, -7, 0].map((days) => day(thisMonday(), days)))
    const byLanguage = Object.fromEntries(newsletter.confirmed.map((l) => [l.language, l.weeks]))
    expect(byLanguage).toEqual({
      hu: [4, 4, 4, 6],
      en: [4, 4, 4, 4],
      es: [0, 0, 0, 1],
      de: [0, 0, 2, 3],
    })
    expect(newsletter.confirmations).toEqual([5, 0, 2, 5])
    expect(newsletter.unsubscribes).toEqual([1, 0, 0, 1])
    expect(newsletter.pending).toBe(1)

    const all = await dashboard('all')
    const since = all.weeks.indexOf(day(thisMonday(), -7 * 20))
    const allEn = all.newsletter.confirmed.find((l) => l.language === 'en')?.weeks ?? []
    expect(allEn.slice(0, since).every((n) => n === 0)).toBe(true)
    expect(allEn.slice(since)).toEqual(Array(21).fill(4))
    expect(all.newsletter.confirmations.reduce((a, b) => a + b)).toBe(16)
  })

  it('gives each campaign that started in the range its sent, failed, bounced and unsubscribed', async () => {
    const [recent, old] = await db()
      .insert(newsletterCampaigns)
      .values([
        { status: 'sending', content: { hu: { subject: 'Friss', body: '.' } }, startedAt: at(0) },
        {
          status: 'sent',
          content: { hu: { subject: 'Régi', body: '.' } },
          startedAt: at(20),
          finishedAt: at(20),
          finalStats: { audience: 13, queued: 0, sent: 10, failed: 0, bounced: 1, unsubscribed: 2 },
        },
        { status: 'draft', content: { hu: { subject: 'Vázlat', body: '.' } } },
      ])
      .returning()
    const statuses = ['sent', 'sent', 'sent', 'failed', 'bounced', 'bounced', 'pending'] as const
    await db()
      .insert(campaignRecipients)
      .values(
        statuses.map((status, i) => ({
          campaignId: recent?.id ?? '',
          email: `r${i}@example.com`,
          language: 'hu' as const,
          status,
          unsubscribedAt: i < 2 ? new Date() : null,
        })),
      )

    expect((await dashboard('4w')).campaigns).toEqual([
      {
        id: recent?.id,
        subject: 'Friss',
        startedAt: at(0).toISOString(),
        sent: 3,
        failed: 1,
        bounced: 2,
        unsubscribed: 2,
      },
    ])
    const all = (await dashboard('all')).campaigns
    expect(all.map((c) => c.subject)).toEqual(['Régi', 'Friss'])
    expect(all[0]).toMatchObject({ id: old?.id, sent: 10, failed: 0, bounced: 1, unsubscribed: 2 })
  })

  it('counts registered, present, absent and who met someone new at each evening', async () => {
    const { Anna, Bea, Cili, Dóra, Emma, Flóra } = await people([
      'Anna',
      'Bea',
      'Cili',
      'Dóra',
      'Emma',
      'Flóra',
    ])
    const oldest = await evening(
      at(30),
      [{ userId: Anna ?? '', status: 'present', checkedIn: true }],
      [],
    )
    // Ten weeks ago: Anna and Bea sit together; Cili alone; Dóra never came; Flóra waited.
    const first = await evening(
      at(10, 3),
      [
        { userId: Anna ?? '', status: 'present', checkedIn: true },
        { userId: Bea ?? '', status: 'present', checkedIn: true },
        // Came, then left early: she was there.
        { userId: Cili ?? '', status: 'absent', checkedIn: true },
        { userId: Dóra ?? '', status: 'registered' },
        { userId: Flóra ?? '', status: 'waiting' },
      ],
      [
        { started: true, tables: [[Anna ?? '', Bea ?? ''], [Cili ?? '']] },
        // Never started: nobody sat there.
        { started: false, tables: [[Anna ?? '', Cili ?? ''], [Bea ?? '']] },
      ],
    )
    // Last week: Anna and Bea again (nobody new for them); Cili and Emma meet for the first time.
    const second = await evening(
      at(1, 3),
      [
        { userId: Anna ?? '', status: 'present', checkedIn: true },
        { userId: Bea ?? '', status: 'present', checkedIn: true },
        { userId: Cili ?? '', status: 'present', checkedIn: true },
        { userId: Emma ?? '', status: 'present', checkedIn: true },
        { userId: Dóra ?? '', status: 'absent' },
      ],
      [
        {
          started: true,
          tables: [
            [Anna ?? '', Bea ?? ''],
            [Cili ?? '', Emma ?? ''],
          ],
        },
        {
          started: true,
          tables: [
            [Bea ?? '', Anna ?? ''],
            [Emma ?? '', Cili ?? ''],
          ],
        },
      ],
    )
    // Still to come: not on the dashboard.
    await evening(new Date(Date.now() + DAY_MS), [{ userId: Anna ?? '', status: 'registered' }], [])

    const figures = (range: DashboardRange) =>
      dashboard(range).then((d) =>
        d.evenings.map(({ id, registered, present, absent, metSomeoneNew }) => ({
          id,
          registered,
          present,
          absent,
          metSomeoneNew,
        })),
      )
    const secondFigures = { id: second, registered: 5, present: 4, absent: 1, metSomeoneNew: 2 }
    expect(await figures('4w')).toEqual([secondFigures])
    expect(await figures('12w')).toEqual([
      { id: first, registered: 4, present: 3, absent: 1, metSomeoneNew: 2 },
      secondFigures,
    ])
    expect((await figures('all')).map((e) => e.id)).toEqual([oldest, first, second])

    // Kept once counted, and counted again after a change to the seats of that evening or an
    // earlier one. Ten weeks ago, the second round starts after all (Anna and Cili together)...
    const [round] = await db()
      .update(eventRounds)
      .set({ started: true })
      .where(and(eq(eventRounds.eventId, first), eq(eventRounds.roundNumber, 2)))
      .returning()
    const firstFigures = { id: first, registered: 4, present: 3, absent: 1 }
    expect(await figures('12w')).toEqual([{ ...firstFigures, metSomeoneNew: 3 }, secondFigures])
    // ...and Emma sits with them: last week, Cili and Emma met again, nobody new.
    const [tableA] = await db()
      .select()
      .from(eventTables)
      .where(and(eq(eventTables.eventId, first), eq(eventTables.tableName, 'A')))
    await db()
      .insert(eventTableAssignments)
      .values({ roundId: round?.id ?? '', tableId: tableA?.id ?? '', userId: Emma ?? '' })
    expect(await figures('12w')).toEqual([
      { ...firstFigures, metSomeoneNew: 4 },
      { ...secondFigures, metSomeoneNew: 0 },
    ])
  })

  it('counts the welcome e-mails that went out in the range, each in its place', async () => {
    expect((await dashboard('4w')).welcome).toEqual([])
    const [first, second] = await db()
      .insert(welcomeEmails)
      .values([
        { position: 1, delayDays: 0, content: { hu: { subject: 'Szia', body: 'Üdv!' } } },
        { position: 2, delayDays: 3, content: { hu: { subject: 'Újra', body: 'Üdv!' } } },
      ])
      .returning()
    if (!first || !second) throw new Error('no welcome e-mails')
    const sent = (emailId: string, hash: string, queuedAt: Date) => ({
      addressHash: hash,
      emailId,
      language: 'hu' as const,
      queuedAt,
    })
    await db()
      .insert(welcomeDeliveries)
      .values([
        sent(first.id, 'a', at(1)),
        sent(first.id, 'b', at(0)),
        sent(second.id, 'a', at(0)),
        // Before the four weeks: only "all" counts it.
        sent(first.id, 'c', at(10)),
      ])
    expect((await dashboard('4w')).welcome).toEqual([
      { position: 1, delayDays: 0, sent: 2 },
      { position: 2, delayDays: 3, sent: 1 },
    ])
    expect((await dashboard('all')).welcome.map((e) => e.sent)).toEqual([3, 1])
  })

  it('counts new accounts per week', async () => {
    await db()
      .insert(user)
      .values([
        { id: 'week-2-a', name: 'A', email: 'week2a@example.com', createdAt: at(2, 1) },
        { id: 'week-2-b', name: 'B', email: 'week2b@example.com', createdAt: at(2, 6) },
        // Before anything else in this file: the first week of "all".
        { id: 'week-60', name: 'C', email: 'week60@example.com', createdAt: at(60) },
      ])
    // The three seeded members signed up this week.
    expect((await dashboard('4w')).members.newAccounts).toEqual([0, 2, 0, 3])
    const all = await dashboard('all')
    expect(all.weeks).toHaveLength(61)
    expect(all.members.newAccounts[0]).toBe(1)
    expect(all.members.newAccounts.at(-1)).toBe(3)
    expect(all.members.newAccounts[58]).toBe(2)
    // Without a range: 12 weeks.
    const plain = await admin.client.get('/api/admin/dashboard')
    expect(((await plain.json()) as Dashboard).weeks).toHaveLength(12)
  })

  it('refuses an unknown range in the admin’s language, members and the signed-out', async () => {
    const response = await german.client.get('/api/admin/dashboard?range=5w')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      message: 'Der Zeitraum muss 4w (4 Wochen), 12w (12 Wochen) oder all (seit Beginn) sein.',
      fields: {
        range: 'Der Zeitraum muss 4w (4 Wochen), 12w (12 Wochen) oder all (seit Beginn) sein.',
      },
    })
    expect((await member.client.get('/api/admin/dashboard')).status).toBe(403)
    expect((await browserClient(server.http.origin).get('/api/admin/dashboard')).status).toBe(401)
  })
})
