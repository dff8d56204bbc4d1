import { randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  isAuditField,
  type AuditAction,
  type AuditActorKind,
  type AuditEntry,
  type AuditSubjectType,
} from '#shared/audit.ts'
import { auditLog } from '../db/schema/audit.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { eventTableAssignments } from '../db/schema/events.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'

/*
 * Every route of the app that lets an admin or a door helper change something (or export
 * personal data) writes exactly one audit entry when it succeeds, and none when it is refused.
 * The routes come from the app itself: a new one without a scenario here fails the first test.
 */

// One e-mail a minute: a campaign sent to three subscribers stays "sending" long enough to pause.
const server = httpTestApp({ NEWSLETTER_RATE_PER_MINUTE: '1' })
const ZERO = '00000000-0000-4000-8000-000000000000'
const ADDRESS = '203.0.113.24'
const BROWSER = 'audit-walk/1.0'
const db = () => server.harness.database.db

/** Changes nothing: a preview is rendered and thrown away. */
const EXEMPT = new Set(['POST /api/admin/newsletter/campaigns/preview'])

type Who = Awaited<ReturnType<typeof seedMember>> & { userCode: string }
const people = {} as Record<'admin' | 'helper' | 'outsider' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5', Who>
const ids: Record<string, string> = {}

async function sign(isAdmin = false): Promise<Who> {
  const member = await seedMember(server.harness, server.http.origin, { isAdmin })
  const me = (await (await member.client.get('/api/me')).json()) as { userCode: string }
  return { ...member, userCode: me.userCode }
}

interface Call {
  method: string
  path: string
  body?: unknown
  image?: boolean
}

async function send(who: Who, { method, path, body, image }: Call) {
  const headers = { 'x-forwarded-for': ADDRESS, 'user-agent': BROWSER }
  if (!image) return who.client.request(path, { method, json: body, headers })
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#8E3B52' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'event.png')
  return fetch(`${server.http.origin}${path}`, {
    method,
    body: form,
    headers: {
      ...headers,
      origin: 'http://localhost:3000',
      cookie: [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  })
}

/** A call that must succeed (setting the scene); its JSON answer. */
async function ok<T = Record<string, unknown>>(call: Call, who: Who = people.admin): Promise<T> {
  const response = await send(who, call)
  if (!response.ok) throw new Error(`${call.method} ${call.path}: ${response.status}`)
  return (await response.json()) as T
}

const entries = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0
const newest = async () =>
  (await db().select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(1))[0]

interface Scenario {
  /** The route as the app lists it. */
  route: string
  action: AuditAction
  subject: () => { type: AuditSubjectType; id: string | null }
  /** Sets the scene just before the call (after the refused calls). */
  prepare?: () => Promise<void>
  call: () => Call
  /** The same route refused (bad input, or a subject that does not exist). */
  refused: () => Call
  by?: 'admin' | 'helper'
  /** Reads what later scenarios need from the answer. */
  then?: (answer: Response) => Promise<void>
}

const event = (path = '') => `/api/admin/events/${ids.event}${path}`
const missingEvent = (path = '') => `/api/admin/events/${ZERO}${path}`
const campaign = (path = '') => `/api/admin/newsletter/campaigns/${ids.campaign}${path}`
const missingCampaign = (path = '') => `/api/admin/newsletter/campaigns/${ZERO}${path}`
const theEvent = () => ({ type: 'event' as const, id: ids.event ?? null })
const theCampaign = () => ({ type: 'campaign' as const, id: ids.campaign ?? null })
const START = new Date(Date.now() + 60 * 60_000).toISOString()
const eventInput = (name: string) => ({
  eventName: name,
  startTime: START,
  duration: 120,
})
const remember =
  (key: string, field = 'id') =>
  async (answer: Response) => {
    ids[key] = ((await answer.clone().json()) as Record<string, string>)[field] ?? ''
  }
const draft = { content: { hu: { subject: 'Tavaszi hírek', body: 'Jön a **tavasz**.' } } }
/** A welcome e-mail in every language (the series turns on only with a complete one). */
const welcomeContent = {
  hu: { subject: 'Üdv a Lendületnél', body: 'Örülünk, hogy itt vagy.' },
  en: { subject: 'Welcome to Lendület', body: 'We are glad you are here.' },
  es: { subject: 'Bienvenida a Lendület', body: 'Nos alegra que estés aquí.' },
  de: { subject: 'Willkommen bei Lendület', body: 'Schön, dass du da bist.' },
}
/** The day `days` from now, as a series' list of dates takes it. */
const futureDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Takes her seat in the running round away, as if every table had been full when she came. */
async function unseat(userId: string) {
  await db()
    .delete(eventTableAssignments)
    .where(
      and(
        eq(eventTableAssignments.userId, userId),
        eq(eventTableAssignments.roundId, ids.round ?? ZERO),
      ),
    )
}

const SCENARIOS: Scenario[] = [
  {
    route: 'PATCH /api/admin/settings',
    action: 'settings.update',
    subject: () => ({ type: 'setting', id: 'site' }),
    call: () => ({
      method: 'PATCH',
      path: '/api/admin/settings',
      body: { contactEmail: 'walk@studio.example', launchDate: '2099-03' },
    }),
    refused: () => ({
      method: 'PATCH',
      path: '/api/admin/settings',
      body: { contactEmail: 'walk@studio.example', instagramUrl: 'http://not-https.example' },
    }),
  },
  {
    route: 'POST /api/admin/events',
    action: 'event.create',
    subject: theEvent,
    call: () => ({ method: 'POST', path: '/api/admin/events', body: eventInput('Klikk-est') }),
    refused: () => ({ method: 'POST', path: '/api/admin/events', body: { duration: 'long' } }),
    then: remember('event'),
  },
  {
    route: 'PUT /api/admin/events/:id',
    action: 'event.update',
    subject: theEvent,
    call: () => ({ method: 'PUT', path: event(), body: eventInput('Tavaszi klikk-est') }),
    refused: () => ({ method: 'PUT', path: missingEvent(), body: eventInput('Nobody') }),
  },
  {
    route: 'POST /api/admin/events/:id/image',
    action: 'event.image',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event('/image'), image: true }),
    refused: () => ({ method: 'POST', path: missingEvent('/image'), image: true }),
  },
  {
    route: 'POST /api/admin/events/:id/tables',
    action: 'table.add',
    subject: theEvent,
    call: () => ({
      method: 'POST',
      path: event('/tables'),
      body: { tableName: 'A', capacityFull: 4, capacityActual: 4 },
    }),
    refused: () => ({
      method: 'POST',
      path: event('/tables'),
      body: { tableName: '', capacityFull: 4, capacityActual: 4 },
    }),
    then: remember('tableA'),
  },
  {
    route: 'PUT /api/admin/events/:id/tables/:tableId',
    action: 'table.update',
    subject: theEvent,
    prepare: async () => {
      const table = await ok<{ id: string }>({
        method: 'POST',
        path: event('/tables'),
        body: { tableName: 'B', capacityFull: 4, capacityActual: 4 },
      })
      ids.tableB = table.id
    },
    call: () => ({
      method: 'PUT',
      path: event(`/tables/${ids.tableA}`),
      body: { tableName: 'Ablak', capacityFull: 4, capacityActual: 4 },
    }),
    refused: () => ({
      method: 'PUT',
      path: event(`/tables/${ZERO}`),
      body: { tableName: 'Ablak', capacityFull: 4, capacityActual: 4 },
    }),
  },
  {
    route: 'POST /api/admin/events/:id/participants',
    action: 'participant.add',
    subject: theEvent,
    call: () => ({
      method: 'POST',
      path: event('/participants'),
      body: { userCode: people.m1.userCode },
    }),
    refused: () => ({
      method: 'POST',
      path: missingEvent('/participants'),
      body: { userCode: people.m1.userCode },
    }),
  },
  {
    route: 'PATCH /api/admin/events/:id/participants/:userId',
    action: 'participant.status',
    subject: theEvent,
    prepare: async () => {
      for (const who of [people.m2, people.m3])
        await ok({ method: 'POST', path: event('/participants'), body: { userCode: who.userCode } })
    },
    call: () => ({
      method: 'PATCH',
      path: event(`/participants/${people.m1.userId}`),
      body: { status: 'present' },
    }),
    refused: () => ({
      method: 'PATCH',
      path: event(`/participants/${people.m1.userId}`),
      body: { status: 'dancing' },
    }),
  },
  {
    route: 'POST /api/admin/events/:id/door-helpers',
    action: 'door_helper.add',
    subject: theEvent,
    call: () => ({
      method: 'POST',
      path: event('/door-helpers'),
      body: { userCode: people.helper.userCode },
    }),
    refused: () => ({
      method: 'POST',
      path: missingEvent('/door-helpers'),
      body: { userCode: people.helper.userCode },
    }),
  },
  {
    route: 'POST /api/admin/events/:id/keep-apart',
    action: 'keep_apart.add',
    subject: theEvent,
    call: () => ({
      method: 'POST',
      path: event('/keep-apart'),
      body: { userA: people.m1.userId, userB: people.m2.userId },
    }),
    refused: () => ({
      method: 'POST',
      path: event('/keep-apart'),
      body: { userA: people.m1.userId, userB: people.outsider.userId },
    }),
    then: remember('pair'),
  },
  {
    route: 'POST /api/admin/events/:id/rounds',
    action: 'round.add',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event('/rounds'), body: { durationMinutes: 30 } }),
    refused: () => ({ method: 'POST', path: event('/rounds'), body: { durationMinutes: 0 } }),
    then: remember('round'),
  },
  {
    route: 'POST /api/admin/events/:id/rounds/:roundId/reseat',
    action: 'round.reseat',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event(`/rounds/${ids.round}/reseat`) }),
    refused: () => ({ method: 'POST', path: event(`/rounds/${ZERO}/reseat`) }),
  },
  {
    route: 'POST /api/admin/events/:id/rounds/:roundId/seating',
    action: 'round.seating',
    subject: theEvent,
    call: () => ({
      method: 'POST',
      path: event(`/rounds/${ids.round}/seating`),
      body: { action: 'move', userId: people.m1.userId, tableId: ids.tableB },
    }),
    refused: () => ({
      method: 'POST',
      path: event(`/rounds/${ids.round}/seating`),
      body: { action: 'move', userId: people.m1.userId, tableId: ZERO },
    }),
  },
  {
    route: 'POST /api/admin/events/:id/start',
    action: 'event.start',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event('/start') }),
    refused: () => ({ method: 'POST', path: missingEvent('/start') }),
  },
  {
    route: 'POST /api/admin/events/:id/rounds/:roundId/start',
    action: 'round.start',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event(`/rounds/${ids.round}/start`) }),
    refused: () => ({ method: 'POST', path: event(`/rounds/${ZERO}/start`) }),
  },
  {
    route: 'POST /api/admin/events/:id/rounds/:roundId/question/skip',
    action: 'round.question_skip',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event(`/rounds/${ids.round}/question/skip`) }),
    refused: () => ({ method: 'POST', path: event(`/rounds/${ZERO}/question/skip`) }),
  },
  {
    route: 'POST /api/door/:id/check-ins',
    action: 'participant.check_in',
    subject: theEvent,
    by: 'helper',
    call: () => ({
      method: 'POST',
      path: `/api/door/${ids.event}/check-ins`,
      body: { clientId: randomUUID(), code: people.m4.userCode, walkIn: true },
    }),
    refused: () => ({
      method: 'POST',
      path: `/api/door/${ids.event}/check-ins`,
      body: { clientId: randomUUID(), code: people.m5.userCode },
    }),
  },
  {
    route: 'DELETE /api/door/:id/check-ins/:checkInId',
    action: 'participant.check_in_undo',
    subject: theEvent,
    prepare: async () => {
      const made = await ok<{ checkInId: string }>({
        method: 'POST',
        path: `/api/door/${ids.event}/check-ins`,
        body: { clientId: randomUUID(), code: people.m5.userCode, walkIn: true },
      })
      ids.checkIn = made.checkInId
    },
    // Before the scene is set, a check-in that does not exist (the outsider is refused first).
    call: () => ({
      method: 'DELETE',
      path: `/api/door/${ids.event}/check-ins/${ids.checkIn ?? ZERO}`,
    }),
    refused: () => ({ method: 'DELETE', path: `/api/door/${ids.event}/check-ins/${ZERO}` }),
  },
  {
    route: 'POST /api/admin/events/:id/unseated/:userId/seat',
    action: 'seating.add_seat',
    subject: theEvent,
    // The walk-in has no seat in the running round (as when every table was full).
    prepare: () => unseat(people.m4.userId),
    call: () => ({
      method: 'POST',
      path: event(`/unseated/${people.m4.userId}/seat`),
      body: { tableId: ids.tableB },
    }),
    refused: () => ({
      method: 'POST',
      path: event(`/unseated/${people.m4.userId}/seat`),
      body: { tableId: ZERO },
    }),
  },
  {
    route: 'POST /api/admin/events/:id/unseated/new-table',
    action: 'seating.open_table',
    subject: theEvent,
    prepare: () => unseat(people.m4.userId),
    call: () => ({ method: 'POST', path: event('/unseated/new-table') }),
    refused: () => ({ method: 'POST', path: missingEvent('/unseated/new-table') }),
  },
  {
    route: 'POST /api/admin/events/:id/rounds/:roundId/end',
    action: 'round.end',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event(`/rounds/${ids.round}/end`) }),
    refused: () => ({ method: 'POST', path: event(`/rounds/${ZERO}/end`) }),
  },
  {
    route: 'DELETE /api/admin/events/:id/rounds/:roundId',
    action: 'round.remove',
    subject: theEvent,
    prepare: async () => {
      ids.round2 = (
        await ok<{ id: string }>({ method: 'POST', path: event('/rounds'), body: {} })
      ).id
    },
    call: () => ({ method: 'DELETE', path: event(`/rounds/${ids.round2}`) }),
    // A round that has started is history: refused.
    refused: () => ({ method: 'DELETE', path: event(`/rounds/${ids.round}`) }),
  },
  {
    route: 'DELETE /api/admin/events/:id/keep-apart/:pairId',
    action: 'keep_apart.remove',
    subject: theEvent,
    call: () => ({ method: 'DELETE', path: event(`/keep-apart/${ids.pair}`) }),
    refused: () => ({ method: 'DELETE', path: event(`/keep-apart/${ZERO}`) }),
  },
  {
    route: 'POST /api/admin/events/:id/screen-link',
    action: 'screen_link.create',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event('/screen-link') }),
    refused: () => ({ method: 'POST', path: missingEvent('/screen-link') }),
  },
  {
    route: 'DELETE /api/admin/events/:id/screen-link',
    action: 'screen_link.revoke',
    subject: theEvent,
    call: () => ({ method: 'DELETE', path: event('/screen-link') }),
    refused: () => ({ method: 'DELETE', path: missingEvent('/screen-link') }),
  },
  {
    route: 'DELETE /api/admin/events/:id/door-helpers/:userId',
    action: 'door_helper.remove',
    subject: theEvent,
    call: () => ({ method: 'DELETE', path: event(`/door-helpers/${people.helper.userId}`) }),
    refused: () => ({
      method: 'DELETE',
      path: missingEvent(`/door-helpers/${people.helper.userId}`),
    }),
  },
  {
    route: 'DELETE /api/admin/events/:id/participants/:userId',
    action: 'participant.remove',
    subject: theEvent,
    call: () => ({ method: 'DELETE', path: event(`/participants/${people.m3.userId}`) }),
    refused: () => ({ method: 'DELETE', path: event(`/participants/${people.outsider.userId}`) }),
  },
  {
    route: 'DELETE /api/admin/events/:id/tables/:tableId',
    action: 'table.remove',
    subject: theEvent,
    prepare: async () => {
      const table = await ok<{ id: string }>({
        method: 'POST',
        path: event('/tables'),
        body: { tableName: 'C', capacityFull: 2, capacityActual: 2 },
      })
      ids.tableC = table.id
    },
    call: () => ({ method: 'DELETE', path: event(`/tables/${ids.tableC}`) }),
    // Someone sat at it in a round that has started: refused.
    refused: () => ({ method: 'DELETE', path: event(`/tables/${ids.tableB}`) }),
  },
  {
    route: 'GET /api/admin/events/:id/seating.csv',
    action: 'export.seating',
    subject: theEvent,
    call: () => ({ method: 'GET', path: event('/seating.csv') }),
    refused: () => ({ method: 'GET', path: missingEvent('/seating.csv') }),
  },
  {
    route: 'POST /api/admin/events/:id/reopen',
    action: 'event.reopen',
    subject: theEvent,
    // Only an ended evening reopens: end it first (its own entry, before the count).
    prepare: async () => {
      await ok({ method: 'POST', path: event('/end') })
    },
    call: () => ({ method: 'POST', path: event('/reopen') }),
    refused: () => ({ method: 'POST', path: missingEvent('/reopen') }),
  },
  {
    route: 'POST /api/admin/events/:id/end',
    action: 'event.end',
    subject: theEvent,
    call: () => ({ method: 'POST', path: event('/end') }),
    refused: () => ({ method: 'POST', path: missingEvent('/end') }),
  },
  {
    route: 'DELETE /api/admin/events/:id',
    action: 'event.delete',
    subject: () => ({ type: 'event', id: ids.doomed ?? null }),
    prepare: async () => {
      ids.doomed = (
        await ok<{ id: string }>({
          method: 'POST',
          path: '/api/admin/events',
          body: eventInput('Elmarad'),
        })
      ).id
    },
    call: () => ({ method: 'DELETE', path: `/api/admin/events/${ids.doomed}` }),
    refused: () => ({ method: 'DELETE', path: missingEvent() }),
  },
  {
    route: 'PUT /api/admin/users/:userId/role',
    action: 'role.grant',
    subject: () => ({ type: 'user', id: people.m5.userId }),
    call: () => ({
      method: 'PUT',
      path: `/api/admin/users/${people.m5.userId}/role`,
      body: { role: 'admin' },
    }),
    refused: () => ({
      method: 'PUT',
      path: '/api/admin/users/no-such-user/role',
      body: { role: 'admin' },
    }),
  },
  {
    route: 'GET /api/admin/users/:userId/export',
    action: 'export.member_data',
    subject: () => ({ type: 'user', id: people.m5.userId }),
    call: () => ({ method: 'GET', path: `/api/admin/users/${people.m5.userId}/export` }),
    refused: () => ({ method: 'GET', path: '/api/admin/users/no-such-user/export' }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns',
    action: 'campaign.create',
    subject: theCampaign,
    call: () => ({ method: 'POST', path: '/api/admin/newsletter/campaigns', body: draft }),
    refused: () => ({
      method: 'POST',
      path: '/api/admin/newsletter/campaigns',
      body: { content: 'none' },
    }),
    then: remember('campaign'),
  },
  {
    route: 'PUT /api/admin/newsletter/campaigns/:id',
    action: 'campaign.update',
    subject: theCampaign,
    call: () => ({
      method: 'PUT',
      path: campaign(),
      body: { content: { hu: { subject: 'Tavaszi hírek!', body: 'Itt a **tavasz**.' } } },
    }),
    refused: () => ({ method: 'PUT', path: missingCampaign(), body: draft }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/test',
    action: 'campaign.test',
    subject: theCampaign,
    call: () => ({ method: 'POST', path: campaign('/test'), body: { language: 'hu' } }),
    refused: () => ({ method: 'POST', path: missingCampaign('/test'), body: { language: 'hu' } }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/send',
    action: 'campaign.schedule',
    subject: theCampaign,
    prepare: async () => {
      await db()
        .insert(newsletterSubscribers)
        .values(
          ['anna', 'bori', 'cili'].map((name) => ({
            email: `${name}@example.com`,
            name,
            verified: true,
            confirmedAt: new Date(),
          })),
        )
    },
    call: () => ({
      method: 'POST',
      path: campaign('/send'),
      body: { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    }),
    refused: () => ({
      method: 'POST',
      path: campaign('/send'),
      body: { scheduledAt: new Date(Date.now() - 86_400_000).toISOString() },
    }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/unschedule',
    action: 'campaign.unschedule',
    subject: theCampaign,
    call: () => ({ method: 'POST', path: campaign('/unschedule') }),
    refused: () => ({ method: 'POST', path: missingCampaign('/unschedule') }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/pause',
    action: 'campaign.pause',
    subject: theCampaign,
    prepare: async () => {
      await ok({ method: 'POST', path: campaign('/send'), body: {} })
    },
    call: () => ({ method: 'POST', path: campaign('/pause') }),
    refused: () => ({ method: 'POST', path: missingCampaign('/pause') }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/resume',
    action: 'campaign.resume',
    subject: theCampaign,
    call: () => ({ method: 'POST', path: campaign('/resume') }),
    refused: () => ({ method: 'POST', path: missingCampaign('/resume') }),
  },
  {
    route: 'POST /api/admin/newsletter/campaigns/:id/cancel',
    action: 'campaign.cancel',
    subject: theCampaign,
    call: () => ({ method: 'POST', path: campaign('/cancel') }),
    refused: () => ({ method: 'POST', path: missingCampaign('/cancel') }),
  },
  {
    route: 'DELETE /api/admin/newsletter/campaigns/:id',
    action: 'campaign.delete',
    subject: () => ({ type: 'campaign', id: ids.draft ?? null }),
    prepare: async () => {
      ids.draft = (
        await ok<{ id: string }>({
          method: 'POST',
          path: '/api/admin/newsletter/campaigns',
          body: draft,
        })
      ).id
    },
    call: () => ({ method: 'DELETE', path: `/api/admin/newsletter/campaigns/${ids.draft}` }),
    // A cancelled campaign is no draft: refused.
    refused: () => ({ method: 'DELETE', path: campaign() }),
  },
  {
    route: 'GET /api/admin/newsletter/export.csv',
    action: 'export.subscribers',
    subject: () => ({ type: 'subscribers', id: null }),
    call: () => ({ method: 'GET', path: '/api/admin/newsletter/export.csv?status=verified' }),
    refused: () => ({ method: 'GET', path: '/api/admin/newsletter/export.csv?status=nope' }),
  },
  {
    route: 'DELETE /api/admin/newsletter/:id',
    action: 'subscriber.delete',
    subject: () => ({ type: 'subscriber', id: ids.subscriber ?? null }),
    prepare: async () => {
      const [row] = await db()
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, 'anna@example.com'))
      ids.subscriber = row?.id ?? ''
    },
    call: () => ({ method: 'DELETE', path: `/api/admin/newsletter/${ids.subscriber}` }),
    refused: () => ({ method: 'DELETE', path: `/api/admin/newsletter/${ZERO}` }),
  },
  {
    route: 'DELETE /api/admin/newsletter/suppressions/:email',
    action: 'subscriber.unsuppress',
    subject: () => ({ type: 'subscriber', id: ids.suppressed ?? null }),
    prepare: async () => {
      const [row] = await db()
        .insert(newsletterSubscribers)
        .values({ email: 'bounced@example.com', name: 'Bounced', verified: true })
        .returning({ id: newsletterSubscribers.id })
      ids.suppressed = row?.id ?? ''
      await db()
        .insert(mailSuppressions)
        .values({ email: 'bounced@example.com', reason: 'hard_bounce', source: 'smtp' })
    },
    call: () => ({
      method: 'DELETE',
      path: '/api/admin/newsletter/suppressions/bounced%40example.com',
    }),
    refused: () => ({
      method: 'DELETE',
      path: '/api/admin/newsletter/suppressions/nobody%40example.com',
    }),
  },
  {
    route: 'POST /api/admin/events/:id/participants/:userId/late-cancellation/waive',
    action: 'late_cancellation.waive',
    subject: () => ({ type: 'event', id: ids.lateEvent ?? null }),
    prepare: async () => {
      // An evening in two hours: its deadline (24 hours before) is past, so giving a place
      // back now is late.
      ids.lateEvent = (
        await ok<{ id: string }>({
          method: 'POST',
          path: '/api/admin/events',
          body: { ...eventInput('Késői lemondás'), places: 10 },
        })
      ).id
      await ok({ method: 'POST', path: `/api/events/${ids.lateEvent}/registration` }, people.m5)
      await ok({ method: 'DELETE', path: `/api/events/${ids.lateEvent}/registration` }, people.m5)
    },
    call: () => ({
      method: 'POST',
      path: `/api/admin/events/${ids.lateEvent}/participants/${people.m5.userId}/late-cancellation/waive`,
    }),
    refused: () => ({
      method: 'POST',
      path: `/api/admin/events/${ZERO}/participants/${people.m5.userId}/late-cancellation/waive`,
    }),
  },
  {
    route: 'POST /api/admin/events/:id/participants/:userId/no-show/clear',
    action: 'no_show.clear',
    subject: () => ({ type: 'event', id: ids.noShowEvent ?? null }),
    prepare: async () => {
      // She registers and never comes in: the evening's end records her as a no-show.
      ids.noShowEvent = (
        await ok<{ id: string }>({
          method: 'POST',
          path: '/api/admin/events',
          body: eventInput('Távolmaradás'),
        })
      ).id
      await ok({ method: 'POST', path: `/api/events/${ids.noShowEvent}/registration` }, people.m5)
      await ok({ method: 'POST', path: `/api/admin/events/${ids.noShowEvent}/start` })
      await ok({ method: 'POST', path: `/api/admin/events/${ids.noShowEvent}/end` })
    },
    call: () => ({
      method: 'POST',
      path: `/api/admin/events/${ids.noShowEvent}/participants/${people.m5.userId}/no-show/clear`,
    }),
    refused: () => ({
      method: 'POST',
      path: `/api/admin/events/${ZERO}/participants/${people.m5.userId}/no-show/clear`,
    }),
  },
  {
    route: 'POST /api/admin/series',
    action: 'series.create',
    subject: () => ({ type: 'series', id: ids.series ?? null }),
    call: () => ({
      method: 'POST',
      path: '/api/admin/series',
      body: {
        eventName: 'Havi klikk',
        duration: 120,
        rule: { kind: 'dates', dates: [`${futureDay(30)}T19:00`, `${futureDay(60)}T19:00`] },
      },
    }),
    refused: () => ({
      method: 'POST',
      path: '/api/admin/series',
      body: {
        eventName: 'Múltbeli',
        duration: 120,
        rule: { kind: 'dates', dates: ['2020-01-03T19:00'] },
      },
    }),
    then: async (answer) => {
      const made = (await answer.clone().json()) as {
        series: { id: string }
        evenings: { id: string }[]
      }
      ids.series = made.series.id
      ids.seriesEvening = made.evenings[0]?.id ?? ''
    },
  },
  {
    route: 'PUT /api/admin/series/:id/evenings/:eventId',
    action: 'event.update',
    subject: () => ({ type: 'event', id: ids.seriesEvening ?? null }),
    call: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ids.series}/evenings/${ids.seriesEvening}`,
      body: { scope: 'evening', eventName: 'Havi klikk, nyári', duration: 120 },
    }),
    refused: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ZERO}/evenings/${ids.seriesEvening}`,
      body: { scope: 'evening', eventName: 'Senkié', duration: 120 },
    }),
  },
  {
    route: 'PUT /api/admin/series/:id/evenings/:eventId/tables',
    action: 'event.update',
    subject: () => ({ type: 'event', id: ids.seriesEvening ?? null }),
    call: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ids.series}/evenings/${ids.seriesEvening}/tables`,
      body: {
        scope: 'evening',
        tables: [{ tableName: 'Rózsa', capacityFull: 6, capacityActual: 5 }],
      },
    }),
    refused: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ZERO}/evenings/${ids.seriesEvening}/tables`,
      body: { scope: 'evening', tables: [] },
    }),
  },
  {
    route: 'PUT /api/admin/series/:id/rule',
    action: 'series.update',
    subject: () => ({ type: 'series', id: ids.series ?? null }),
    call: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ids.series}/rule`,
      body: {
        // The same dates: no evening moves, so the series' entry is the only one (each evening
        // moved, removed or made has its own: events/series-edits.test.ts).
        rule: { kind: 'dates', dates: [`${futureDay(30)}T19:00`, `${futureDay(60)}T19:00`] },
        registrationOpensDays: 21,
      },
    }),
    refused: () => ({
      method: 'PUT',
      path: `/api/admin/series/${ids.series}/rule`,
      body: { rule: { kind: 'dates', dates: ['2020-01-03T19:00'] }, registrationOpensDays: 21 },
    }),
  },
  {
    route: 'DELETE /api/admin/series/:id',
    action: 'series.delete',
    subject: () => ({ type: 'series', id: ids.series ?? null }),
    call: () => ({ method: 'DELETE', path: `/api/admin/series/${ids.series}` }),
    refused: () => ({ method: 'DELETE', path: `/api/admin/series/${ZERO}` }),
  },
  {
    route: 'POST /api/admin/questions',
    action: 'question.add',
    subject: () => ({ type: 'setting', id: ids.question ?? null }),
    call: () => ({
      method: 'POST',
      path: '/api/admin/questions',
      body: { texts: { hu: 'Mi tett ma mosolygóssá?', en: 'What made you smile today?' } },
    }),
    refused: () => ({ method: 'POST', path: '/api/admin/questions', body: { texts: {} } }),
    then: remember('question'),
  },
  {
    route: 'PUT /api/admin/questions/:id',
    action: 'question.update',
    subject: () => ({ type: 'setting', id: ids.question ?? null }),
    call: () => ({
      method: 'PUT',
      path: `/api/admin/questions/${ids.question}`,
      body: { texts: { hu: 'Mi tett ma igazán mosolygóssá?' }, active: true },
    }),
    refused: () => ({
      method: 'PUT',
      path: `/api/admin/questions/${ZERO}`,
      body: { texts: { hu: 'Senkié' }, active: true },
    }),
  },
  {
    route: 'PUT /api/admin/questions/order',
    action: 'question.reorder',
    subject: () => ({ type: 'setting', id: 'questions' }),
    prepare: async () => {
      const { questions } = await ok<{ questions: { id: string }[] }>({
        method: 'GET',
        path: '/api/admin/questions',
      })
      ids.questionOrder = JSON.stringify(questions.map((question) => question.id).reverse())
    },
    call: () => ({
      method: 'PUT',
      path: '/api/admin/questions/order',
      body: { ids: JSON.parse(ids.questionOrder ?? '[]') as string[] },
    }),
    refused: () => ({ method: 'PUT', path: '/api/admin/questions/order', body: { ids: [ZERO] } }),
  },
  {
    route: 'DELETE /api/admin/questions/:id',
    action: 'question.remove',
    subject: () => ({ type: 'setting', id: ids.question ?? null }),
    call: () => ({ method: 'DELETE', path: `/api/admin/questions/${ids.question}` }),
    refused: () => ({ method: 'DELETE', path: `/api/admin/questions/${ZERO}` }),
  },
  {
    route: 'PUT /api/admin/newsletter/welcome/emails/:position',
    action: 'welcome.create',
    subject: () => ({ type: 'welcome', id: '1' }),
    call: () => ({
      method: 'PUT',
      path: '/api/admin/newsletter/welcome/emails/1',
      body: { delayDays: 0, content: welcomeContent },
    }),
    refused: () => ({
      method: 'PUT',
      path: '/api/admin/newsletter/welcome/emails/1',
      body: { delayDays: -1, content: welcomeContent },
    }),
  },
  {
    route: 'POST /api/admin/newsletter/welcome/emails/:position/test',
    action: 'welcome.test',
    subject: () => ({ type: 'welcome', id: '1' }),
    call: () => ({
      method: 'POST',
      path: '/api/admin/newsletter/welcome/emails/1/test',
      body: { language: 'hu' },
    }),
    refused: () => ({
      method: 'POST',
      path: '/api/admin/newsletter/welcome/emails/3/test',
      body: { language: 'hu' },
    }),
  },
  {
    route: 'PUT /api/admin/newsletter/welcome/enabled',
    action: 'welcome.enable',
    subject: () => ({ type: 'welcome', id: null }),
    call: () => ({
      method: 'PUT',
      path: '/api/admin/newsletter/welcome/enabled',
      body: { enabled: true },
    }),
    refused: () => ({
      method: 'PUT',
      path: '/api/admin/newsletter/welcome/enabled',
      body: { enabled: 'yes' },
    }),
  },
  {
    route: 'POST /api/admin/newsletter/welcome/include-earlier',
    action: 'welcome.include_earlier',
    subject: () => ({ type: 'welcome', id: null }),
    call: () => ({
      method: 'POST',
      path: '/api/admin/newsletter/welcome/include-earlier',
      body: { count: 0 },
    }),
    refused: () => ({
      method: 'POST',
      path: '/api/admin/newsletter/welcome/include-earlier',
      body: { count: -1 },
    }),
  },
  {
    route: 'DELETE /api/admin/newsletter/welcome/emails/:position',
    action: 'welcome.remove',
    subject: () => ({ type: 'welcome', id: '2' }),
    prepare: async () => {
      await ok({
        method: 'PUT',
        path: '/api/admin/newsletter/welcome/emails/2',
        body: { delayDays: 3, content: welcomeContent },
      })
    },
    call: () => ({ method: 'DELETE', path: '/api/admin/newsletter/welcome/emails/2' }),
    refused: () => ({ method: 'DELETE', path: '/api/admin/newsletter/welcome/emails/3' }),
  },
  {
    route: 'GET /api/admin/audit.csv',
    action: 'export.audit',
    subject: () => ({ type: 'audit', id: null }),
    call: () => ({ method: 'GET', path: '/api/admin/audit.csv?action=event.create' }),
    refused: () => ({ method: 'GET', path: '/api/admin/audit.csv?from=2026-03-02&to=2026-03-01' }),
  },
]

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

describe('the audit log, route by route', () => {
  it('has a scenario for every admin and door route that changes something or exports', async () => {
    people.admin = await sign(true)
    for (const key of ['helper', 'outsider', 'm1', 'm2', 'm3', 'm4', 'm5'] as const)
      people[key] = await sign()
    const routes = new Set(
      server.harness.app.routes
        .filter(({ path }) => path.startsWith('/api/admin/') || path.startsWith('/api/door/'))
        .filter(
          ({ method, path }) =>
            CHANGES.has(method) || path.endsWith('.csv') || path.endsWith('/export'),
        )
        .map(({ method, path }) => `${method} ${path}`)
        .filter((route) => !EXEMPT.has(route)),
    )
    expect(new Set(SCENARIOS.map((scenario) => scenario.route))).toEqual(routes)
  })

  for (const scenario of SCENARIOS) {
    it(`${scenario.route}: one ${scenario.action} entry, none when refused`, async () => {
      const actor = scenario.by === 'helper' ? people.helper : people.admin

      // A member who may not: 403, nothing written.
      let before = await entries()
      const forbidden = await send(people.outsider, scenario.call())
      expect(forbidden.status).toBe(403)
      expect(await entries()).toBe(before)

      // Refused: bad input, or a subject that does not exist.
      const refused = await send(actor, scenario.refused())
      expect(refused.status, 'refused').toBeGreaterThanOrEqual(400)
      expect(refused.status, 'refused').toBeLessThan(500)
      expect(await entries()).toBe(before)

      await scenario.prepare?.()
      before = await entries()
      const answer = await send(actor, scenario.call())
      expect(answer.status, await answer.clone().text()).toBeLessThan(300)
      await scenario.then?.(answer)
      expect(await entries()).toBe(before + 1)
      const entry = await newest()
      const kind: AuditActorKind = scenario.by === 'helper' ? 'door_helper' : 'admin'
      expect(entry).toMatchObject({
        action: scenario.action,
        actorKind: kind,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        subjectType: scenario.subject().type,
        subjectId: scenario.subject().id,
        clientAddress: ADDRESS,
        userAgent: BROWSER,
      })
    })
  }

  it("records an edit's before and after: only what changed", async () => {
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.update'), eq(auditLog.subjectId, ids.event ?? ZERO)))
      .orderBy(auditLog.at)
      .limit(1)
    expect(entry?.before).toEqual({ eventName: 'Klikk-est' })
    expect(entry?.after).toEqual({ eventName: 'Tavaszi klikk-est' })
    expect(entry?.subjectLabel).toBe('Klikk-est')
  })

  /** The admin's read of the log: the newest entry of an action about the walk's event. */
  const entryOf = async (action: AuditAction): Promise<AuditEntry | undefined> => {
    const response = await people.admin.client.get(
      `/api/admin/audit?action=${action}&subjectType=event&subjectId=${ids.event}`,
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { entries: AuditEntry[] }).entries[0]
  }

  it('tells an event started and ended as it was: not started, running, ended', async () => {
    const started = await entryOf('event.start')
    expect(started?.before).toEqual({ status: 'inactive' })
    expect(started?.after).toEqual({ status: 'active' })
    // Reopened, it ran again: ended, then running.
    const reopened = await entryOf('event.reopen')
    expect(reopened?.before).toEqual({ status: 'ended' })
    expect(reopened?.after).toEqual({ status: 'active' })
    const ended = await entryOf('event.end')
    // The end says how many no-shows it recorded (decision 0091).
    expect(ended?.before).toEqual({ status: 'active', endedAt: null, noShows: null })
    expect(ended?.after).toEqual({
      status: 'ended',
      endedAt: expect.any(String),
      noShows: expect.any(Number),
    })
    expect(Date.parse(String(ended?.after?.endedAt))).not.toBeNaN()
    // The event itself agrees: ended, no longer running.
    const detail = (await (await people.admin.client.get(event())).json()) as {
      event: { status: string; endedAt: string | null }
    }
    expect(detail.event.status).toBe('inactive')
    expect(detail.event.endedAt).toBe(ended?.after?.endedAt)
  })

  it('tells a round by its number, length and state, and the people and table by name', async () => {
    const started = await entryOf('round.start')
    expect(started?.after).toEqual({
      roundId: ids.round,
      roundNumber: 1,
      durationMinutes: 30,
      roundStatus: 'running',
    })
    expect((await entryOf('round.end'))?.after).toMatchObject({ roundStatus: 'finished' })
    expect((await entryOf('round.remove'))?.before).toMatchObject({
      roundId: ids.round2,
      roundNumber: 2,
      roundStatus: 'pending',
    })
    const moved = await entryOf('round.seating')
    expect(moved?.after).toEqual({
      roundId: ids.round,
      roundNumber: 1,
      action: 'move',
      userId: people.m1.userId,
      name: expect.stringMatching(/\S/),
      userCode: people.m1.userCode,
      tableId: ids.tableB,
      tableName: 'B',
    })
    const apart = await entryOf('keep_apart.add')
    expect(apart?.after?.people).toHaveLength(2)
    expect((await entryOf('participant.remove'))?.before).toMatchObject({
      userId: people.m3.userId,
      userCode: people.m3.userCode,
      name: expect.stringMatching(/\S/),
    })
    expect((await entryOf('door_helper.add'))?.after).toMatchObject({
      userId: people.helper.userId,
      userCode: people.helper.userCode,
      name: expect.stringMatching(/\S/),
    })
  })

  it('writes only fields the audit page has words for', async () => {
    const rows = await db().select().from(auditLog)
    const unknown = rows.flatMap((row) =>
      [...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})]
        .filter((key) => !isAuditField(key))
        .map((key) => `${row.action}: ${key}`),
    )
    expect(rows.length).toBeGreaterThan(SCENARIOS.length)
    expect(unknown).toEqual([])
  })

  it("keeps a deleted event's entries, and the admin reads them by its id", async () => {
    const response = await people.admin.client.get(
      `/api/admin/audit?subjectType=event&subjectId=${ids.doomed}`,
    )
    expect(response.status).toBe(200)
    const page = (await response.json()) as {
      entries: { action: string; subject: { label: string | null } }[]
    }
    expect(page.entries.map((entry) => entry.action)).toEqual(['event.delete', 'event.create'])
    expect(page.entries[0]?.subject.label).toBe('Elmarad')
  })

  it('writes nothing for a refused first-admin link', async () => {
    // The site has admins by now, so the link is refused, and nothing is written.
    const before = await entries()
    const response = await people.m4.client.post('/api/admin-setup', { token: 'no-such-token' })
    expect(response.status).toBe(400)
    expect(await entries()).toBe(before)
  })

  it('answers a stranger on the door routes 403 without writing', async () => {
    const before = await entries()
    const visitor = browserClient(server.http.origin)
    const response = await visitor.request(`/api/door/${ids.event}/check-ins`, {
      method: 'POST',
      json: { clientId: randomUUID(), code: people.m1.userCode },
    })
    expect(response.status).toBe(401)
    expect(await entries()).toBe(before)
  })
})
