import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { turnOnTwoStep } from '../test/seed.ts'
import { browserClient } from '../test/http-client.ts'
import { startServer, type Running } from '../test/server-process.ts'
import { seedEvening } from '../test/seed-evening.ts'
import { sseReader } from '../test/sse.ts'
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts'

// Two server processes on one PostgreSQL: a change made through one reaches screens connected to
// the other, by LISTEN/NOTIFY. The embedded database serves one process, so this runs on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live updates across two server processes', () => {
  let database: TestDatabase | undefined
  const processes: Running[] = []
  afterAll(async () => {
    for (const running of processes) {
      running.child.kill('SIGTERM')
      await running.exited
    }
    await database?.close()
  })

  it(
    'a round started through process A appears on a stream from process B within a second',
    { timeout: 90_000 },
    async () => {
      database = await createTestDatabase()
      const env = {
        DATABASE_URL: database.url ?? '',
        PUBLIC_URL: 'http://localhost:3000',
        TRUST_PROXY: 'true',
        MIXER_TIME_MS: '100',
      }
      // One after the other: the first applies the migrations.
      const a = await startServer(env)
      const b = await startServer(env)
      processes.push(a, b)
      const originA = `http://127.0.0.1:${a.port}`
      const originB = `http://127.0.0.1:${b.port}`

      // An admin and a guest, confirmed straight in the database; each signs in through process A.
      const people = []
      for (const [i, isAdmin] of [true, false].entries()) {
        const client = browserClient(originA)
        const email = `fanout${i}-${Date.now()}@example.com`
        await client.post('/api/auth/sign-up/email', {
          name: `Person ${i}`,
          email,
          password: 'secret123',
        })
        await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email))
        const [row] = await database.db.select().from(user).where(eq(user.email, email))
        if (isAdmin)
          await database.db
            .update(profiles)
            .set({ isAdmin: true })
            .where(eq(profiles.id, row?.id ?? ''))
        expect(
          (await client.post('/api/auth/sign-in/email', { email, password: 'secret123' })).status,
        ).toBe(200)
        // An admin's routes open once she has two-step sign-in.
        if (isAdmin) await turnOnTwoStep(client, 'secret123')
        people.push(client)
      }
      const [admin, guest] = people
      if (!admin || !guest) throw new Error('no people')
      const post = async (path: string, body: unknown = {}) => {
        const response = await admin.post(path, body)
        expect(response.status, await response.clone().text()).toBeLessThan(300)
        return (await response.json()) as { id: string }
      }
      const me = (await (await guest.get('/api/me')).json()) as { userCode: string }
      const { eventId, roundId } = await seedEvening(post, {
        eventName: 'Two processes',
        duration: 60,
        present: [me.userCode],
      })

      // The guest's phone is connected to process B; her session cookie works there too.
      const onB = browserClient(originB)
      for (const [name, value] of guest.cookies) onB.cookies.set(name, value)
      const stream = sseReader(await onB.get(`/api/events/${eventId}/live`))
      const before = (await stream.next('state')) as { round: unknown }
      expect(before.round).toBeNull()

      const started = performance.now()
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
      const after = (await stream.next('state', 1_000)) as { round: { started: boolean } | null }
      expect(after.round?.started).toBe(true)
      expect(performance.now() - started).toBeLessThan(1_000)
      await stream.close()
    },
  )
})
