import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { AuditAction } from '#shared/audit.ts'
import type { CheckInAnswer } from '../events/door.ts'
import { auditLog } from '../db/schema/audit.ts'
import type { browserClient } from './http-client.ts'
import { seedMember } from './seed.ts'
import { seedEvening, type EveningPlan } from './seed-evening.ts'
import type { HttpTestApp } from './http-test-app.ts'
import { events } from '../db/schema/events.ts'

type Client = ReturnType<typeof browserClient>
export type Member = Awaited<ReturnType<typeof seedMember>> & { userCode: string; name: string }

/**
 * The API tests' evening helpers over one test server: members with their codes and names, an
 * evening built as an admin builds one (seedEvening), and the admin's requests that must work.
 */
export function eveningApi(server: HttpTestApp) {
  let named = 0

  async function member(
    options: { isAdmin?: boolean; language?: string; name?: string; email?: string } = {},
  ): Promise<Member> {
    const name = options.name ?? `Guest ${++named}`
    const seeded = await seedMember(server.harness, server.http.origin, { ...options, name })
    const me = (await (await seeded.client.get('/api/me')).json()) as { userCode: string }
    return { ...seeded, userCode: me.userCode, name }
  }

  /** A request that must succeed (2xx); its parsed body. */
  async function ok<T = unknown>(
    client: Client,
    path: string,
    init: { method?: string; json?: unknown } = {},
  ) {
    const response = await client.request(path, { method: init.method ?? 'POST', json: init.json })
    const body = (await response.json()) as T
    expect(
      response.status,
      `${init.method ?? 'POST'} ${path}: ${JSON.stringify(body)}`,
    ).toBeLessThan(300)
    return body
  }

  /** Ends whatever event runs: one may be active at a time, and each test starts its own. */
  async function endRunning(admin: Member) {
    for (const row of await server.harness.database.db.select().from(events))
      if (row.status === 'active') await ok(admin.client, `/api/admin/events/${row.id}/end`)
  }

  const evening = (admin: Member, plan: EveningPlan) =>
    seedEvening((path, body) => ok(admin.client, path, { json: body ?? {} }), plan)

  /** Members registered for an event (on their own events page). */
  async function registered(eventId: string, ...people: Member[]) {
    for (const person of people) await ok(person.client, `/api/events/${eventId}/registration`)
  }

  /** A check-in from a door phone (a fresh client id unless given): the answer's status and body. */
  async function checkIn(
    by: Member,
    eventId: string,
    body: {
      code?: string
      userId?: string
      walkIn?: boolean
      clientId?: string
      /** When the phone took it (a check-in sent later from its queue). */
      scannedAt?: string
    },
  ) {
    const response = await by.client.request(`/api/door/${eventId}/check-ins`, {
      method: 'POST',
      json: { clientId: randomUUID(), ...body },
    })
    return {
      status: response.status,
      body: (await response.json()) as CheckInAnswer & { code?: string; message?: string },
    }
  }

  /** The audit entries of one kind an event has, oldest first. */
  const auditEntries = (eventId: string, action: AuditAction) =>
    server.harness.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, eventId), eq(auditLog.action, action)))
      .orderBy(auditLog.at)

  return { member, ok, endRunning, evening, registered, checkIn, auditEntries }
}

/**
 * The site's mail settings for a test that calls a step directly (not through the API): the
 * e-mails are queued in the outbox, and the server's mail worker finds them on its next pass.
 */
export const QUIET_MAIL = {
  baseUrl: 'http://localhost:3000',
  from: 'hello@example.com',
  onEmailQueued: () => {},
}
