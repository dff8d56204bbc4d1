import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#shared/languages.ts'
import de from '#shared/locales/de/events.json' with { type: 'json' }
import en from '#shared/locales/en/events.json' with { type: 'json' }
import es from '#shared/locales/es/events.json' with { type: 'json' }
import hu from '#shared/locales/hu/events.json' with { type: 'json' }
import { openDatabase, type Database } from '../db/client.ts'
import { eventParticipants } from '../db/schema/events.ts'
import { scratchDatabases } from '../test/scratch-postgres.ts'
import { killStartedServers, startServer, type Running } from '../test/server-process.ts'
import { seedMember } from '../test/seed.ts'

// Never more places than exist (decision 0089), with two real server processes on one PostgreSQL:
// 50 women in line say yes to 3 open places at once, half through each process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('place offers across two processes', () => {
  const scratch = scratchDatabases('offers')
  const locales = { hu, en, es, de } as const
  let database: Database | undefined
  let a: Running
  let b: Running
  const originOf = (server: Running) => `http://127.0.0.1:${server.port}`

  beforeAll(async () => {
    const url = await scratch.create()
    const env = { DATABASE_URL: url, PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '1' }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    database = await openDatabase({ databaseUrl: url })
  }, 120_000)

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGTERM')
    await Promise.race([
      Promise.all([a?.exited, b?.exited]),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ])
    await killStartedServers()
    await database?.close()
    await scratch.dropAll()
  }, 60_000)

  it('gives 3 open places to exactly 3 of 50 acceptances, the rest refused in their language', async () => {
    if (!database) throw new Error('no database')
    const db = database
    const admin = await seedMember({ database: db }, originOf(a), { isAdmin: true })
    const created = await admin.client.post('/api/admin/events', {
      eventName: 'Two processes, three places',
      // An hour ahead: the last hours, where a place is offered to everyone in line.
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      duration: 120,
      places: 3,
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const languages: Language[] = ['hu', 'en', 'es', 'de']
    const holders = await Promise.all(
      [a, b, a].map((server) => seedMember({ database: db }, originOf(server))),
    )
    for (const who of holders)
      expect((await who.client.post(`/api/events/${id}/registration`)).status).toBe(200)
    // Five at a time: fifty sign-ups at once on a loaded machine outrun the database's answer.
    const line: Awaited<ReturnType<typeof seedMember>>[] = []
    for (let i = 0; i < 50; i += 5)
      line.push(
        ...(await Promise.all(
          [0, 1, 2, 3, 4].map((k) =>
            seedMember({ database: db }, originOf((i + k) % 2 ? b : a), {
              language: languages[(i + k) % 4],
            }),
          ),
        )),
      )
    for (const who of line)
      expect((await who.client.post(`/api/events/${id}/registration`)).status).toBe(200)
    for (const who of holders)
      expect(
        (await who.client.request(`/api/events/${id}/registration`, { method: 'DELETE' })).status,
      ).toBe(200)

    const answers = await Promise.all(
      line.map(async (who, i) => {
        const response = await who.client.post(`/api/events/${id}/offer`)
        return { status: response.status, body: await response.json(), language: languages[i % 4] }
      }),
    )
    expect(answers.filter((x) => x.status === 200)).toHaveLength(3)
    for (const refused of answers.filter((x) => x.status !== 200))
      expect(refused).toEqual({
        status: 409,
        language: refused.language,
        body: {
          code: 'place_gone',
          message: locales[refused.language ?? 'hu'].errors.placeGone,
        },
      })
    const holding = await db.db
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, id), eq(eventParticipants.status, 'registered')))
    expect(holding).toHaveLength(3)
  }, 300_000)
})
