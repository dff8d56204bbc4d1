import { expect } from 'vitest'
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
    options: { isAdmin?: boolean; language?: string; name?: string } = {},
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

  return { member, ok, endRunning, evening }
}
