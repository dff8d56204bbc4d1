import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Campaign, CampaignAudience } from '#shared/schemas/campaigns.ts'
import { auditLog } from '../db/schema/audit.ts'
import { user } from '../db/schema/auth.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { eventSeries, seriesFollowers } from '../db/schema/series.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'

// Audiences (issue 42 part 3, decision 0093): each filter's count, as the editor shows it, is
// what reaches the SMTP server when the campaign goes out to that audience.

const server = httpTestAppWithMail({ NEWSLETTER_RATE_PER_MINUTE: '0' })
type Member = Awaited<ReturnType<typeof seedMember>>
let admin: Member
let seriesId = ''

const BASE = '/api/admin/newsletter/campaigns'
const MONTH_MS = 30 * 24 * 60 * 60_000
const ago = (months: number) => new Date(Date.now() - months * MONTH_MS)

/**
 * anna: member, Hungarian, came two months ago, follows the series.
 * bea: member, English, came ten months ago (and left early).
 * cili: member, Hungarian, never came, follows the series.
 * dora: member, German, registered two months ago but never checked in.
 * gizi: member, Hungarian, came two months ago, but her address bounced: never mailed.
 * eva, fanni: not members (Hungarian, Spanish); pending: not confirmed.
 */
beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'en' })
  const { db } = server.harness.database
  const members = ['anna', 'bea', 'cili', 'dora', 'gizi']
  await db.insert(user).values(
    members.map((name) => ({
      id: `member-${name}`,
      name,
      email: `${name}@example.com`,
      emailVerified: true,
    })),
  )
  const subscriber = (name: string, language: 'hu' | 'en' | 'es' | 'de', extra = {}) => ({
    email: `${name}@example.com`,
    name,
    verified: true,
    language,
    ...extra,
  })
  await db
    .insert(newsletterSubscribers)
    .values([
      subscriber('anna', 'hu'),
      subscriber('bea', 'en'),
      subscriber('cili', 'hu'),
      subscriber('dora', 'de'),
      subscriber('gizi', 'hu', { bouncedAt: ago(1), bounceReason: '550 no such user' }),
      subscriber('eva', 'hu'),
      subscriber('fanni', 'es'),
      subscriber('pending', 'hu', { verified: false }),
    ])
  const [recent, old] = await db
    .insert(events)
    .values([
      // Ended by the host two months ago.
      { eventName: 'Őszi est', startTime: ago(2), duration: 120, endedAt: ago(2) },
      // Never ended by hand: over when its time ran out, ten months ago.
      { eventName: 'Téli est', startTime: ago(10), duration: 120 },
    ])
    .returning({ id: events.id })
  if (!recent || !old) throw new Error('events missing')
  await db.insert(eventParticipants).values([
    { eventId: recent.id, userId: 'member-anna', status: 'present', checkedInAt: ago(2) },
    { eventId: recent.id, userId: 'member-gizi', status: 'present', checkedInAt: ago(2) },
    { eventId: recent.id, userId: 'member-dora', status: 'registered' },
    {
      eventId: old.id,
      userId: 'member-bea',
      status: 'absent',
      checkedInAt: ago(10),
      leftAt: ago(10),
    },
  ])
  const [series] = await db
    .insert(eventSeries)
    .values({
      eventName: 'Csütörtöki klikk',
      duration: 120,
      rule: { kind: 'monthly', week: '1', weekday: 4, time: '19:00', until: null },
    })
    .returning({ id: eventSeries.id })
  if (!series) throw new Error('series missing')
  seriesId = series.id
  await db.insert(seriesFollowers).values([
    { seriesId, userId: 'member-anna' },
    { seriesId, userId: 'member-cili' },
  ])
})

const everyone: CampaignAudience = {
  languages: null,
  membership: 'all',
  attendance: 'all',
  months: 6,
  seriesId: null,
}

async function count(query: string) {
  const response = await admin.client.get(`${BASE}/audience-count?${query}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Sends a campaign to the audience; the addresses its e-mails reached, and the campaign. */
async function sendTo(audience: CampaignAudience, subject: string) {
  const created = await admin.client.post(BASE, {
    content: { hu: { subject, body: 'Szia!' } },
    audience,
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as Campaign
  expect((await admin.client.post(`${BASE}/${id}/send`, {})).status).toBe(200)
  let campaign: Campaign | undefined
  await until(`"${subject}" to be sent`, async () => {
    campaign = (await (await admin.client.get(`${BASE}/${id}`)).json()) as Campaign
    return campaign.status === 'sent'
  })
  const reached = server.mail.received
    .filter((mail) => mail.subject === subject)
    .flatMap((mail) => mail.to)
  return { reached: reached.sort(), campaign: campaign as Campaign }
}

const at = (...names: string[]) => names.map((name) => `${name}@example.com`).sort()

describe('campaign audiences', () => {
  const cases: { name: string; query: string; audience: CampaignAudience; expected: string[] }[] = [
    {
      name: 'everyone',
      query: '',
      audience: everyone,
      expected: at('anna', 'bea', 'cili', 'dora', 'eva', 'fanni'),
    },
    {
      name: 'Hungarian',
      query: 'languages=hu',
      audience: { ...everyone, languages: ['hu'] },
      expected: at('anna', 'cili', 'eva'),
    },
    {
      name: 'members',
      query: 'membership=members',
      audience: { ...everyone, membership: 'members' },
      expected: at('anna', 'bea', 'cili', 'dora'),
    },
    {
      name: 'not members',
      query: 'membership=nonMembers',
      audience: { ...everyone, membership: 'nonMembers' },
      expected: at('eva', 'fanni'),
    },
    {
      name: 'came in the last 6 months',
      query: 'attendance=cameWithin&months=6',
      audience: { ...everyone, attendance: 'cameWithin', months: 6 },
      expected: at('anna'),
    },
    {
      name: 'came in the last 12 months',
      query: 'attendance=cameWithin&months=12',
      audience: { ...everyone, attendance: 'cameWithin', months: 12 },
      expected: at('anna', 'bea'),
    },
    {
      name: 'never came',
      query: 'attendance=neverCame',
      audience: { ...everyone, attendance: 'neverCame' },
      expected: at('cili', 'dora', 'eva', 'fanni'),
    },
    {
      name: 'follows the series',
      query: 'seriesId=SERIES',
      audience: { ...everyone, seriesId: 'SERIES' },
      expected: at('anna', 'cili'),
    },
    {
      name: 'Hungarian members who never came',
      query: 'languages=hu&membership=members&attendance=neverCame',
      audience: { ...everyone, languages: ['hu'], membership: 'members', attendance: 'neverCame' },
      expected: at('cili'),
    },
  ]

  for (const { name, query, audience, expected } of cases)
    it(`${name}: the count is who the campaign reaches`, async () => {
      const counted = await count(query.replace('SERIES', seriesId))
      expect(counted).toEqual({ status: 200, body: { count: expected.length } })
      const { reached, campaign } = await sendTo(
        { ...audience, seriesId: audience.seriesId && seriesId },
        `Audience: ${name}`,
      )
      expect(reached).toEqual(expected)
      expect(campaign.stats).toMatchObject({ audience: expected.length, sent: expected.length })
    })

  it('answers with the audience, the series by name, for the figures', async () => {
    const { campaign } = await sendTo(
      { ...everyone, languages: ['hu'], seriesId, membership: 'members' },
      'Audience: figures',
    )
    expect(campaign.audience).toEqual({
      languages: ['hu'],
      membership: 'members',
      attendance: 'all',
      months: 6,
      seriesId,
      seriesName: 'Csütörtöki klikk',
    })
    const list = (await (await admin.client.get(BASE)).json()) as { campaigns: Campaign[] }
    expect(list.campaigns.find((one) => one.id === campaign.id)?.audience.seriesName).toBe(
      'Csütörtöki klikk',
    )
  })

  it('refuses bad filters with a 400 in her language', async () => {
    expect(await count('attendance=cameWithin&months=0')).toEqual({
      status: 400,
      body: {
        code: 'invalid_request',
        message: 'The number of months must be a whole number from 1 to 120.',
        fields: { months: 'The number of months must be a whole number from 1 to 120.' },
      },
    })
    expect(await count('languages=hu,fr')).toMatchObject({
      status: 400,
      body: { message: 'Unknown language: choose from Hungarian, English, Spanish and German.' },
    })
    expect(await count('membership=friends')).toMatchObject({
      status: 400,
      body: {
        message: "We don't understand this audience. Please choose from the options offered.",
      },
    })
    const unknownSeries = '00000000-0000-4000-8000-000000000000'
    expect(await count(`seriesId=${unknownSeries}`)).toEqual({
      status: 400,
      body: {
        code: 'invalid_campaign',
        message: 'There is no such series. Please choose one from the list.',
        fields: {
          'audience.seriesId': 'There is no such series. Please choose one from the list.',
        },
      },
    })

    const saved = await admin.client.post(BASE, {
      content: { hu: { subject: 'Rossz', body: 'x' } },
      audience: { ...everyone, seriesId: unknownSeries },
    })
    expect(saved.status).toBe(400)
    expect(await saved.json()).toMatchObject({
      fields: { 'audience.seriesId': 'There is no such series. Please choose one from the list.' },
    })
    const zeroMonths = await admin.client.post(BASE, {
      content: { hu: { subject: 'Rossz', body: 'x' } },
      audience: { ...everyone, attendance: 'cameWithin', months: 0 },
    })
    expect(zeroMonths.status).toBe(400)
    expect(await zeroMonths.json()).toMatchObject({
      fields: { 'audience.months': 'The number of months must be a whole number from 1 to 120.' },
    })
  })

  it("records the audience in the campaign's audit entry", async () => {
    const created = (await (
      await admin.client.post(BASE, { content: { hu: { subject: 'Napló', body: 'x' } } })
    ).json()) as Campaign
    const updated = await admin.client.request(`${BASE}/${created.id}`, {
      method: 'PUT',
      json: {
        content: { hu: { subject: 'Napló', body: 'x' } },
        audience: { ...everyone, membership: 'members', attendance: 'cameWithin', months: 3 },
      },
    })
    expect(updated.status).toBe(200)
    const [entry] = await server.harness.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.update'), eq(auditLog.subjectId, created.id)))
      .orderBy(desc(auditLog.at))
      .limit(1)
    expect(entry?.before).toMatchObject({
      audienceMembership: 'all',
      audienceCameWithinMonths: null,
    })
    expect(entry?.after).toMatchObject({
      audienceMembership: 'members',
      audienceCameWithinMonths: 3,
    })
  })
})
