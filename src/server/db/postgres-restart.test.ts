import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import {
  findPostgresBin,
  privatePostgresSkipReason,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../test/private-postgres.ts'
import { browserClient } from '../test/http-client.ts'
import { startServer, type Running } from '../test/server-process.ts'
import { openDatabase } from './client.ts'
import { newsletterSubscribers } from './schema/newsletter.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

/**
 * Fault test: PostgreSQL is stopped under a steady load of writes, held down for 3 s, and
 * started again. The server process keeps running throughout: during the outage every request
 * is answered within 2 s with 503 `database_unavailable` in its own language, it serves again
 * within 5 s of the database coming back, and no write it acknowledged is lost.
 *
 * It needs the PostgreSQL server binaries (initdb, pg_ctl) to run a cluster of its own: the
 * machine's shared PostgreSQL is never stopped.
 */
const bin = findPostgresBin()
const skipReason = privatePostgresSkipReason()
const PUBLIC_URL = 'http://lendulet.test'
/** The promise: an answer within 2 s. The margin covers the test's own HTTP and timers. */
const OUTAGE_ANSWER_MS = 2_000
const MARGIN_MS = 250
const RECOVERY_MS = 5_000
const HOLD_DOWN_MS = 3_000
const WORKERS = 6

const unavailableText = Object.fromEntries(
  LANGUAGE_CODES.map((language) => {
    const file = new URL(`../../shared/locales/${language}/errors.json`, import.meta.url)
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    return [language, messages.databaseUnavailable]
  }),
) as Record<Language, string>

interface Outcome {
  n: number
  started: number
  ended: number
  status: number
  body: unknown
  email: string
  language: Language
}

const now = () => performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A distinct documentation address per request (each of 762 reused at most a few times). */
function addressOf(n: number): string {
  const nets = ['198.51.100', '192.0.2', '203.0.113']
  return `${nets[Math.floor(n / 254) % nets.length]}.${(n % 254) + 1}`
}

async function timed(send: () => Promise<Response>) {
  const started = now()
  const response = await send()
  const body: unknown = await response.json().catch(() => null)
  return { status: response.status, body, ms: now() - started }
}

function percentile(outcomes: Outcome[], p: number): number {
  const sorted = outcomes.map((o) => o.ended - o.started).sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0)
}

const title = `PostgreSQL outages, on a private cluster${skipReason ? ` (skipped: ${skipReason})` : ''}`
describe.skipIf(skipReason !== null)(title, () => {
  let pg: PrivatePostgres | undefined
  let server: Running | undefined
  let exitedEarly = false

  beforeAll(async () => {
    pg = await startPrivatePostgres(bin ?? '')
    server = await startServer({
      DATABASE_URL: pg.url,
      TRUST_PROXY: 'true',
      PUBLIC_URL,
      NODE_ENV: 'test',
    })
    void server.exited.then(() => (exitedEarly = true))
  })

  afterAll(async () => {
    if (exitedEarly) console.log(`server output:\n${server?.output().slice(-6000)}`)
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM')
      await Promise.race([server.exited, sleep(5_000)])
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
    await pg?.destroy()
  })

  it('restarted under load: 503 within 2 s meanwhile, serving again within 5 s, no acknowledged write lost', async () => {
    const base = `http://127.0.0.1:${server?.port}`
    const url = pg?.url ?? ''

    // A signed-in member, for the paths through Better Auth: the session lookup in our routes,
    // and Better Auth's own handler (which answers its own 500 when the database fails).
    const member = browserClient(base, { siteOrigin: PUBLIC_URL, language: 'es' })
    const account = { email: 'restart-member@example.com', password: 'restart-password' }
    const signUp = await member.post('/api/auth/sign-up/email', { ...account, name: 'Member' })
    expect(signUp.status).toBe(200)
    const setup = postgres(url, { max: 1, onnotice: () => {} })
    await setup`update "user" set email_verified = true where email = ${account.email}`
    await setup.end()
    expect((await member.post('/api/auth/sign-in/email', account)).status).toBe(200)
    expect((await member.get('/api/me')).status).toBe(200)

    const outcomes: Outcome[] = []
    let counter = 0
    let loadRunning = true

    async function subscribeOnce(n: number) {
      const language = LANGUAGE_CODES[n % LANGUAGE_CODES.length] ?? 'hu'
      const email = `restart-${n}@example.com`
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Origin: PUBLIC_URL,
        'X-Forwarded-For': addressOf(n),
      }
      // Half of them say their language by cookie, half by Accept-Language.
      if (n % 2 === 0) headers.Cookie = `lang=${language}`
      else headers['Accept-Language'] = `${language};q=0.9`
      const started = now()
      let status = 0
      let body: unknown
      try {
        const response = await fetch(`${base}/api/newsletter/subscribe`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, name: 'Restart Test' }),
          signal: AbortSignal.timeout(15_000),
        })
        status = response.status
        body = await response.json().catch(() => null)
      } catch (error) {
        body = String(error)
      }
      outcomes.push({ n, started, ended: now(), status, body, email, language })
    }

    const workers = Array.from({ length: WORKERS }, async () => {
      while (loadRunning) {
        await subscribeOnce(counter++)
        await sleep(20)
      }
    })

    await sleep(1_500)
    expect(outcomes.filter((o) => o.status === 200).length, 'load runs before the outage').toBe(
      outcomes.length,
    )

    await pg?.stop()
    const down = now()

    // Readiness says so, quickly; liveness is about the process only.
    await sleep(300)
    const healthStarted = now()
    const health = await fetch(`${base}/api/health`)
    const healthMs = now() - healthStarted
    const live = await fetch(`${base}/api/health/live`)
    const memberDuring = await timed(() => member.get('/api/me'))
    const stranger = browserClient(base, { siteOrigin: PUBLIC_URL, language: 'de' })
    const signInDuring = await timed(() => stranger.post('/api/auth/sign-in/email', account))

    await sleep(Math.max(0, HOLD_DOWN_MS - (now() - down)))
    const startIssued = now()
    await pg?.start()
    const up = now()

    // Load goes on until the server has served again for a second (or long past the promise).
    const deadline = up + RECOVERY_MS + 3_000
    while (now() < deadline) {
      const firstOk = outcomes.find((o) => o.started >= up && o.status === 200)
      if (firstOk && now() - firstOk.ended > 1_000) break
      await sleep(50)
    }
    loadRunning = false
    await Promise.all(workers)

    // LISTEN is re-established (live updates cross processes again): the server's listening
    // connection is back within the same 5 s.
    const check = postgres(url, { max: 1, onnotice: () => {} })
    let listening = 0
    let stored = new Set<string>()
    try {
      while (now() < up + RECOVERY_MS + 1_000) {
        const [row] = await check<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where query = 'listen "lendulet_live"' and pid <> pg_backend_pid()`
        listening = row?.n ?? 0
        if (listening > 0) break
        await sleep(100)
      }
      stored = new Set(
        (
          await check<{ email: string }[]>`
          select email from newsletter_subscribers where email like 'restart-%'`
        ).map((row) => row.email),
      )
    } finally {
      await check.end()
    }

    const duringOutage = outcomes.filter((o) => o.started >= down && o.ended <= startIssued)
    const failures = outcomes.filter((o) => o.status !== 200)
    const slowest = Math.max(...outcomes.map((o) => o.ended - o.started))
    const slowestFailure = Math.max(0, ...failures.map((o) => o.ended - o.started))
    const firstOkAfterUp = outcomes
      .filter((o) => o.started >= up && o.status === 200)
      .sort((a, b) => a.ended - b.ended)[0]
    const recoveryMs = firstOkAfterUp ? firstOkAfterUp.ended - up : Infinity
    const acknowledged = outcomes.filter((o) => o.status === 200)
    const lost = acknowledged.filter((o) => !stored.has(o.email))
    const byStatus: Record<string, number> = {}
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1
    console.log(
      JSON.stringify({
        requests: outcomes.length,
        byStatus,
        duringOutage: duringOutage.length,
        slowestMs: Math.round(slowest),
        slowestFailureMs: Math.round(slowestFailure),
        healthDuringOutage: { status: health.status, ms: Math.round(healthMs) },
        databaseStartMs: Math.round(up - startIssued),
        recoveryMsAfterUp: Math.round(recoveryMs),
        recoveryMsAfterStartIssued: Math.round(recoveryMs + (up - startIssued)),
        p50OkMs: percentile(acknowledged, 0.5),
        p50FailureMs: percentile(failures, 0.5),
        p99FailureMs: percentile(failures, 0.99),
        acknowledged: acknowledged.length,
        lost: lost.length,
      }),
    )

    expect(exitedEarly, 'the server process kept running').toBe(false)
    expect(server?.child.exitCode).toBeNull()

    expect(health.status).toBe(503)
    expect(healthMs).toBeLessThan(OUTAGE_ANSWER_MS + MARGIN_MS)
    expect(live.status).toBe(200)

    expect(memberDuring, 'a signed-in request').toMatchObject({
      status: 503,
      body: { code: 'database_unavailable', message: unavailableText.es },
    })
    expect(memberDuring.ms).toBeLessThan(OUTAGE_ANSWER_MS + MARGIN_MS)
    expect(signInDuring, 'a sign-in (Better Auth)').toMatchObject({
      status: 503,
      body: { code: 'database_unavailable', message: unavailableText.de },
    })
    expect(signInDuring.ms).toBeLessThan(OUTAGE_ANSWER_MS + MARGIN_MS)

    expect(duringOutage.length, 'the load reached the outage').toBeGreaterThan(20)
    for (const o of duringOutage) expect(o.status, `request ${o.n} during the outage`).toBe(503)
    for (const o of failures) {
      expect(o.status, `request ${o.n}: ${JSON.stringify(o.body)}`).toBe(503)
      expect(o.body).toEqual({ code: 'database_unavailable', message: unavailableText[o.language] })
      expect(o.ended - o.started, `request ${o.n} answered in time`).toBeLessThan(
        OUTAGE_ANSWER_MS + MARGIN_MS,
      )
    }
    expect(recoveryMs, 'served again after the database came back').toBeLessThan(RECOVERY_MS)
    // Once recovered it stays recovered.
    const afterRecovery = outcomes.filter((o) => firstOkAfterUp && o.started > firstOkAfterUp.ended)
    expect(afterRecovery.length).toBeGreaterThan(0)
    for (const o of afterRecovery) expect(o.status, `request ${o.n} after recovery`).toBe(200)

    expect(lost, 'acknowledged writes missing from the database').toEqual([])
    expect(listening, 'LISTEN re-established').toBeGreaterThan(0)

    const ready = await fetch(`${base}/api/health`)
    expect(ready.status).toBe(200)
    expect((await member.get('/api/me')).status, 'the session outlived the outage').toBe(200)
    expect(server?.output()).not.toMatch(/unhandled rejection|uncaught/i)
  }, 60_000)

  it('fails a transaction whose connection dies as unavailable, without taking the process down', async () => {
    // postgres.js 3.4.9 crashes the process when anything is written to a connection whose
    // socket has closed (porsager/postgres#1208): the transaction's next query, or its ROLLBACK.
    const database = await openDatabase({ databaseUrl: pg?.url ?? '' })
    const admin = postgres(pg?.url ?? '', { max: 1, onnotice: () => {} })
    try {
      // Killed from outside while the transaction waits on something else.
      let started!: (pid: number) => void
      const pidOf = new Promise<number>((resolve) => (started = resolve))
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      const killedOutside = database.db.transaction(async (tx) => {
        const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          pid: number
        }[]
        started(row?.pid ?? 0)
        await released
        await tx.execute(sql`select 1`)
      })
      await admin`select pg_terminate_backend(${await pidOf})`
      await sleep(200)
      release()
      const outside = await killedOutside.then(
        () => null,
        (error: unknown) => error,
      )
      expect(isDatabaseUnavailable(outside), String(outside)).toBe(true)

      // Killed by its own query, whose error the body swallows before querying again.
      const killedInside = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch(() => {})
        await tx.execute(sql`select 1`)
      })
      const inside = await killedInside.then(
        () => null,
        (error: unknown) => error,
      )
      expect(isDatabaseUnavailable(inside), String(inside)).toBe(true)

      // The server itself is fine: the client is back within a moment.
      await expect.poll(async () => (await database.ping()).ok, { timeout: 3_000 }).toBe(true)
      const [row] = (await database.db.execute(sql`select 41 + 1 as n`)) as unknown as {
        n: number
      }[]
      expect(row?.n).toBe(42)
      // The fresh pool parses as Drizzle set the first one up to (timestamps, JSON).
      const [written] = await database.db
        .insert(newsletterSubscribers)
        .values({ email: 'gate@example.com' })
        .returning()
      expect(written?.createdAt).toBeInstanceOf(Date)
      expect(Math.abs((written?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
    } finally {
      await admin.end()
      await database.close()
    }
  })
})
