import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '../db/schema/profiles.ts'
import { browserClient } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { httpTestApp } from '../test/http-test-app.ts'

// With a metrics token, so that /metrics is there to refuse sessions (only the token opens it).
const server = httpTestApp({ METRICS_TOKEN: 'metrics-token-for-the-role-matrix-0123' })

/** Every protected route, and what none, user and admin get from it. */
const MATRIX: {
  method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  none: number
  user: number
  admin: number
}[] = [
  { method: 'GET', path: '/api/me', none: 401, user: 200, admin: 200 },
  { method: 'GET', path: '/metrics', none: 401, user: 401, admin: 401 },
  {
    method: 'PATCH',
    path: '/api/me',
    body: { givenName: 'New', familyName: 'Name' },
    none: 401,
    user: 200,
    admin: 200,
  },
  {
    method: 'POST',
    path: '/api/admin-setup',
    body: { token: 'not-the-token' },
    none: 401,
    user: 400,
    admin: 400,
  },
  { method: 'GET', path: '/api/admin/users', none: 401, user: 403, admin: 200 },
  { method: 'GET', path: '/api/admin/users?q=bulk&page=2', none: 401, user: 403, admin: 200 },
  {
    method: 'PUT',
    path: '/api/admin/users/no-such-user/role',
    body: { role: 'admin' },
    none: 401,
    user: 403,
    admin: 404,
  },
  { method: 'GET', path: '/api/events/people-met', none: 401, user: 200, admin: 200 },
  // Series (decision 0088): the host's, and a member's following.
  { method: 'GET', path: '/api/admin/series', none: 401, user: 403, admin: 200 },
  {
    method: 'POST',
    path: '/api/admin/series',
    body: {
      eventName: 'Matrix series',
      duration: 120,
      rule: {
        kind: 'dates',
        dates: [`${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T19:00`],
      },
    },
    none: 401,
    user: 403,
    admin: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/series/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/series/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/admin/series/00000000-0000-4000-8000-000000000000/evenings/00000000-0000-4000-8000-000000000001',
    body: { scope: 'evening', eventName: 'Klikk', duration: 120 },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/admin/series/00000000-0000-4000-8000-000000000000/evenings/00000000-0000-4000-8000-000000000001/tables',
    body: { scope: 'evening', tables: [] },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/admin/series/00000000-0000-4000-8000-000000000000/rule',
    body: {
      rule: {
        kind: 'dates',
        dates: [`${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T19:00`],
      },
      registrationOpensDays: 21,
    },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/events/series/00000000-0000-4000-8000-000000000000/follow',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/events/series/00000000-0000-4000-8000-000000000000/follow',
    none: 401,
    user: 200,
    admin: 200,
  },
  // The e-mail's unfollow link works without signing in; a token not ours is refused to all.
  {
    method: 'POST',
    path: '/api/series/unfollow',
    body: { token: 'bm90LW91cnM.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    none: 400,
    user: 400,
    admin: 400,
  },
  // A place offered from the waiting list: hers alone; with no offer, 404 (decision 0089).
  {
    method: 'POST',
    path: '/api/events/00000000-0000-4000-8000-000000000000/offer',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/events/00000000-0000-4000-8000-000000000000/offer',
    none: 401,
    user: 404,
    admin: 404,
  },
  // A friend's invitation (decision 0092): a member's own; the friend's by the invited address.
  {
    method: 'POST',
    path: '/api/events/00000000-0000-4000-8000-000000000000/friend',
    body: { email: 'friend@example.com' },
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/events/00000000-0000-4000-8000-000000000000/friend',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'GET',
    path: '/api/events/friend-invitations/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/events/friend-invitations/00000000-0000-4000-8000-000000000000/accept',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/participants/no-such-member/late-cancellation/waive',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/participants/no-such-member/no-show/clear',
    none: 401,
    user: 403,
    admin: 404,
  },
  // The klikk: every member her own; an evening she did not sit at is not hers (404).
  { method: 'GET', path: '/api/klikk', none: 401, user: 200, admin: 200 },
  {
    method: 'PUT',
    path: '/api/klikk/contact',
    body: { share: 'email' },
    none: 401,
    user: 200,
    admin: 200,
  },
  {
    method: 'PUT',
    path: '/api/klikk/visibility',
    body: { hidden: false },
    none: 401,
    user: 200,
    admin: 200,
  },
  {
    method: 'PUT',
    path: '/api/klikk/00000000-0000-4000-8000-000000000000/picks/no-such-member',
    body: { kind: 'friend' },
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/klikk/00000000-0000-4000-8000-000000000000/picks/no-such-member',
    none: 401,
    user: 404,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/klikk/00000000-0000-4000-8000-000000000000/feedback',
    body: { rating: 5 },
    none: 401,
    user: 404,
    admin: 404,
  },
  { method: 'PUT', path: '/api/klikk/blocks/no-such-member', none: 401, user: 409, admin: 409 },
  { method: 'DELETE', path: '/api/klikk/blocks/no-such-member', none: 401, user: 200, admin: 200 },
  // The door: admins, and door helpers of that one event (door.test.ts covers the helper).
  {
    method: 'GET',
    path: '/api/door/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/door/00000000-0000-4000-8000-000000000000/check-ins',
    body: { clientId: '00000000-0000-4000-8000-000000000001', code: 'K7M4QX' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/door/00000000-0000-4000-8000-000000000000/check-ins/00000000-0000-4000-8000-000000000001',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/door-helpers',
    body: { userCode: 'K7M4QX' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/me/people-met',
    body: { visible: true },
    none: 401,
    user: 200,
    admin: 200,
  },
  {
    method: 'PUT',
    path: '/api/me/event-reminders',
    body: { enabled: true },
    none: 401,
    user: 200,
    admin: 200,
  },
  {
    method: 'GET',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/seating.csv',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'GET',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/keep-apart',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/keep-apart',
    body: { userA: 'a', userB: 'b' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/keep-apart/00000000-0000-4000-8000-000000000001',
    none: 401,
    user: 403,
    admin: 404,
  },
  // Someone in with no seat: only the host sees her and seats her (unseated.test.ts).
  {
    method: 'GET',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/unseated',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/unseated/u1/seat',
    body: { tableId: '00000000-0000-4000-8000-000000000001' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/unseated/new-table',
    none: 401,
    user: 403,
    admin: 404,
  },
  // The host's big-screen link (screen-link.test.ts: what the link itself opens, and what not).
  {
    method: 'GET',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/screen-link',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/screen-link',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/screen-link',
    none: 401,
    user: 403,
    admin: 404,
  },
  { method: 'GET', path: '/api/newsletter/status', none: 401, user: 200, admin: 200 },
  { method: 'DELETE', path: '/api/account/sessions', none: 401, user: 200, admin: 200 },
  // Her own data only: the route takes no member id.
  { method: 'GET', path: '/api/account/export', none: 401, user: 200, admin: 200 },
  {
    method: 'GET',
    path: '/api/admin/users/no-such-user/export',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/auth/change-email',
    body: { newEmail: 'someone-new@example.com' },
    none: 401,
    user: 200,
    admin: 200,
  },
  // The round's question (questions.test.ts) and the owner's list of them.
  {
    method: 'POST',
    path: '/api/admin/events/00000000-0000-4000-8000-000000000000/rounds/00000000-0000-4000-8000-000000000001/question/skip',
    none: 401,
    user: 403,
    admin: 404,
  },
  { method: 'GET', path: '/api/admin/questions', none: 401, user: 403, admin: 200 },
  {
    method: 'POST',
    path: '/api/admin/questions',
    body: { texts: { hu: 'Mi a kedvenc nyújtásod?' } },
    none: 401,
    user: 403,
    admin: 200,
  },
  {
    method: 'PUT',
    path: '/api/admin/questions/order',
    body: { ids: ['00000000-0000-4000-8000-000000000000'] },
    none: 401,
    user: 403,
    admin: 409,
  },
  {
    method: 'PUT',
    path: '/api/admin/questions/00000000-0000-4000-8000-000000000000',
    body: { texts: { en: 'Stretch?' }, active: false },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/questions/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  { method: 'GET', path: '/api/admin/settings', none: 401, user: 403, admin: 200 },
  {
    method: 'PATCH',
    path: '/api/admin/settings',
    body: { launchDate: '2099-spring' },
    none: 401,
    user: 403,
    admin: 200,
  },
  { method: 'GET', path: '/api/admin/audit', none: 401, user: 403, admin: 200 },
  {
    method: 'GET',
    path: '/api/admin/audit?action=role.grant&from=2026-01-01&to=2026-12-31&page=2',
    none: 401,
    user: 403,
    admin: 200,
  },
  { method: 'GET', path: '/api/admin/audit.csv', none: 401, user: 403, admin: 200 },
  { method: 'GET', path: '/api/admin/dashboard', none: 401, user: 403, admin: 200 },
  { method: 'GET', path: '/api/admin/dashboard?range=all', none: 401, user: 403, admin: 200 },
  // The log is read-only: no method changes or deletes an entry.
  { method: 'DELETE', path: '/api/admin/audit', none: 404, user: 404, admin: 404 },
  {
    method: 'PUT',
    path: '/api/admin/audit/00000000-0000-4000-8000-000000000000',
    body: { action: 'role.grant' },
    none: 404,
    user: 404,
    admin: 404,
  },
  { method: 'GET', path: '/api/admin/newsletter', none: 401, user: 403, admin: 200 },
  { method: 'GET', path: '/api/admin/newsletter/export.csv', none: 401, user: 403, admin: 200 },
  { method: 'GET', path: '/api/admin/newsletter/campaigns', none: 401, user: 403, admin: 200 },
  {
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/audience-count?languages=hu&membership=members',
    none: 401,
    user: 403,
    admin: 200,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns',
    body: { content: { hu: { subject: 'Szia', body: 'Hírek' } } },
    none: 401,
    user: 403,
    admin: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/preview',
    body: { language: 'en', subject: 'Hello', body: '**News**' },
    none: 401,
    user: 403,
    admin: 200,
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/issue?lang=en',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'PUT',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000',
    body: { content: { hu: { subject: 'x', body: 'y' } } },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/test',
    body: { language: 'hu' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/send',
    body: {},
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/unschedule',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/pause',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/resume',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/cancel',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/00000000-0000-4000-8000-000000000000/live',
    none: 401,
    user: 403,
    admin: 404,
  },
  { method: 'GET', path: '/api/admin/newsletter/welcome', none: 401, user: 403, admin: 200 },
  {
    method: 'PUT',
    path: '/api/admin/newsletter/welcome/enabled',
    body: { enabled: false },
    none: 401,
    user: 403,
    admin: 200,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/welcome/include-earlier',
    body: { count: 0 },
    none: 401,
    user: 403,
    admin: 409,
  },
  {
    method: 'PUT',
    path: '/api/admin/newsletter/welcome/emails/3',
    body: { delayDays: 7, content: { hu: { subject: 'Szia', body: 'Üdv' } } },
    none: 401,
    user: 403,
    admin: 200,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/welcome/emails/2/test',
    body: { language: 'hu' },
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/welcome/emails/2',
    none: 401,
    user: 403,
    admin: 404,
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/00000000-0000-4000-8000-000000000000',
    none: 401,
    user: 403,
    admin: 404,
  },
]

describe('role matrix', () => {
  for (const route of MATRIX) {
    it(`${route.method} ${route.path}: none ${route.none}, user ${route.user}, admin ${route.admin}`, async () => {
      const callers = {
        none: browserClient(server.http.origin),
        user: (await seedMember(server.harness, server.http.origin)).client,
        admin: (await seedMember(server.harness, server.http.origin, { isAdmin: true })).client,
      }
      for (const role of ['none', 'user', 'admin'] as const) {
        const response = await callers[role].request(route.path, {
          method: route.method,
          json: route.body,
        })
        expect(response.status, `${role} on ${route.method} ${route.path}`).toBe(route[role])
        if (response.status >= 400) {
          const body = await response.json()
          expect(Object.keys(body).sort(), `${role} error body`).toEqual(['code', 'message'])
        }
      }
    })
  }

  it('refuses every admin route to an admin whose account has no two-step sign-in yet', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { language: 'en' })
    await server.harness.database.db
      .update(profiles)
      .set({ isAdmin: true })
      .where(eq(profiles.id, admin.userId))
    const adminOnly = MATRIX.filter((route) => route.user === 403 && route.admin !== 403)
    expect(adminOnly.length).toBeGreaterThan(20)
    for (const route of adminOnly) {
      const response = await admin.client.request(route.path, {
        method: route.method,
        json: route.body,
      })
      // The admin area says what is missing; at a door she is simply not its helper.
      const code = route.path.startsWith('/api/door/') ? 'forbidden' : 'two_factor_required'
      expect(
        [response.status, ((await response.json()) as { code: string }).code],
        `${route.method} ${route.path}`,
      ).toEqual([403, code])
    }
  })

  it("opens none of them with a big-screen link's key, as a token or a cookie", async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const created = await admin.client.post('/api/admin/events', {
      eventName: 'Screen',
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      duration: 60,
    })
    const { id } = (await created.json()) as { id: string }
    const made = await admin.client.post(`/api/admin/events/${id}/screen-link`, {})
    const key = ((await made.json()) as { path: string }).path.replace('/screen/', '')
    expect((await browserClient(server.http.origin).get(`/api/screen/${key}`)).status).toBe(200)
    const projector = browserClient(server.http.origin)
    for (const route of MATRIX)
      for (const headers of [
        { authorization: `Bearer ${key}` },
        { cookie: `better-auth.session_token=${key}` },
      ] as Record<string, string>[]) {
        const response = await projector.request(
          route.path.replace(/0{8}-0{4}-4000-8000-0{12}/, id),
          {
            method: route.method,
            json: route.body,
            headers,
          },
        )
        expect(response.status, `${route.method} ${route.path}`).toBe(route.none)
      }
  })

  it('answers 403 with a message in the user language', async () => {
    const { client } = await seedMember(server.harness, server.http.origin, { language: 'de' })
    const response = await client.get('/api/admin/users')
    expect(await response.json()).toEqual({
      code: 'forbidden',
      message: 'Dazu hast du keine Berechtigung.',
    })
  })
})
