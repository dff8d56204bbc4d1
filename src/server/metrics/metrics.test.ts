import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/errors.json' with { type: 'json' }
import hu from '#shared/locales/hu/errors.json' with { type: 'json' }
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedEvening } from '../test/seed-evening.ts'
import { sseReader } from '../test/sse.ts'
import { createTestApp } from '../test/test-app.ts'
import type { Database } from '../db/client.ts'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { pino } from 'pino'
import { createScheduler } from '../scheduler/scheduler.ts'
import { createMetrics } from './metrics.ts'
import { scrape, type Scrape } from '../test/scrape.ts'

const TOKEN = 'metrics-token-for-the-tests-0123456789'

/** A port nothing listens on: the SMTP server is down for this whole file. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const server = httpTestApp({
  METRICS_TOKEN: TOKEN,
  SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
})

/** The site as `npm start` serves it (the web app built), with no metrics configured. */
function bareSite() {
  const site = { distDir: '' } as {
    distDir: string
    harness: Awaited<ReturnType<typeof createTestApp>>
  }
  beforeAll(async () => {
    site.distDir = mkdtempSync(join(tmpdir(), 'dist-'))
    writeFileSync(
      join(site.distDir, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head></html>',
    )
    mkdirSync(join(site.distDir, 'assets'))
    writeFileSync(join(site.distDir, 'assets', 'main-abc123.js'), 'console.log(1)')
    site.harness = await createTestApp({ distDir: site.distDir })
  })
  afterAll(async () => {
    await site.harness.close()
    rmSync(site.distDir, { recursive: true, force: true })
  })
  return site
}
const bare = bareSite()

async function metrics(): Promise<Scrape> {
  const response = await fetch(`${server.http.origin}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.status).toBe(200)
  return scrape(await response.text())
}

/** Waits for a scrape to show what the test expects (a stream's close is heard a moment later). */
async function until(check: (scraped: Scrape) => boolean, timeoutMs = 10_000): Promise<Scrape> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const scraped = await metrics()
    if (check(scraped) || Date.now() > deadline) return scraped
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('GET /metrics on the main port', () => {
  it('is not there when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    // Not the web app's page either: the answer of an unknown API path.
    const response = await bare.harness.app.request('/metrics')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'not_found', message: hu.notFound })
    const withToken = await bare.harness.app.request('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(withToken.status).toBe(404)
  })

  it('refuses a scraper without the token, or with a wrong one, in its language', async () => {
    const without = await fetch(`${server.http.origin}/metrics`)
    expect(without.status).toBe(401)
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await without.json()).toEqual({
      code: 'unauthorized',
      message: hu.metrics.tokenRequired,
    })

    const wrong = await fetch(`${server.http.origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}x`, 'accept-language': 'en' },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      code: 'unauthorized',
      message: en.metrics.tokenRequired,
    })

    for (const authorization of [TOKEN, `Basic ${TOKEN}`, 'Bearer ', `Bearer ${TOKEN.slice(1)}`]) {
      const response = await fetch(`${server.http.origin}/metrics?lang=en`, {
        headers: { authorization },
      })
      expect(response.status, authorization).toBe(401)
    }
  })

  it('answers the token with the Prometheus text format', async () => {
    const response = await fetch(`${server.http.origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const scraped = scrape(await response.text())
    // The process itself, under the site's prefix.
    expect(scraped.value('lendulet_process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(scraped.value('lendulet_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    // The database pool: PGlite's one connection, or the PostgreSQL pool.
    expect(scraped.value('lendulet_db_pool_connections_max')).toBe(
      process.env.TEST_DATABASE_URL ? 10 : 1,
    )
    expect(scraped.value('lendulet_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0)
    expect(scraped.value('lendulet_db_pool_waiting')).toBeGreaterThanOrEqual(0)
  })
})

describe('what /metrics counts', () => {
  it('counts requests by route pattern and status, never by path', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const post = async (path: string, body: unknown = {}) =>
      (await admin.client.post(path, body)).json()
    const { eventId } = await seedEvening(post, { started: false })
    const before = await metrics()
    const labels = { method: 'GET', route: '/api/admin/events/:id', status: '200' }
    const counted = before.value('lendulet_http_requests_total', labels) ?? 0

    expect((await admin.client.get(`/api/admin/events/${eventId}`)).status).toBe(200)
    expect((await admin.client.get(`/api/admin/events/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await browserClient(server.http.origin).get('/api/no/such/thing')).status).toBe(404)

    const after = await metrics()
    expect(after.value('lendulet_http_requests_total', labels)).toBe(counted + 1)
    expect(
      after.value('lendulet_http_requests_total', { ...labels, status: '404' }),
    ).toBeGreaterThanOrEqual(1)
    expect(
      after.value('lendulet_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/admin/events/:id',
      }),
    ).toBeGreaterThanOrEqual(2)
    expect(
      after.value('lendulet_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1)
    // No label anywhere carries an id.
    expect(after.text).not.toContain(eventId)
  })

  it("counts the web app's files and pages under one label", async () => {
    for (const path of ['/assets/main-abc123.js', '/account', '/robots.txt'])
      expect((await bare.harness.app.request(path)).status, path).toBe(200)
    const scraped = scrape(await bare.harness.metrics.registry.metrics())
    const requests = (route: string) =>
      scraped.value('lendulet_http_requests_total', { method: 'GET', route, status: '200' })
    expect(requests('static')).toBe(2)
    expect(requests('/robots.txt')).toBe(1)
    expect(scraped.text).not.toContain('main-abc123')
  })

  it('times the mixing engine when a round is seated', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const post = async (path: string, body: unknown = {}) =>
      (await admin.client.post(path, body)).json()
    const before = (await metrics()).value('lendulet_mixer_run_seconds_count', { outcome: 'ok' })
    const guest = await seedMember(server.harness, server.http.origin)
    const { userCode } = (await (await guest.client.get('/api/me')).json()) as { userCode: string }
    const { roundId } = await seedEvening(post, { present: [userCode], started: false })
    expect(roundId).not.toBeNull()
    const after = await metrics()
    expect(after.value('lendulet_mixer_run_seconds_count', { outcome: 'ok' })).toBe(
      (before ?? 0) + 1,
    )
    expect(after.value('lendulet_mixer_run_seconds_sum', { outcome: 'ok' })).toBeGreaterThan(0)
  })

  it('shows a live stream as open while a client listens, and closed after it leaves', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const open = (s: Scrape) => s.value('lendulet_sse_streams_open', { stream: 'admin_events' })
    const before = open(await metrics()) ?? 0

    const stream = sseReader(await admin.client.get('/api/admin/events/live'))
    await stream.next('hello')
    expect(open(await until((s) => open(s) === before + 1))).toBe(before + 1)
    expect(
      (await metrics()).value('lendulet_http_requests_total', {
        method: 'GET',
        route: '/api/admin/events/live',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1)

    await stream.close()
    expect(open(await until((s) => open(s) === before))).toBe(before)
  })

  it('shows the database connections in use, and what waits for one', async () => {
    const { db } = server.harness.database
    const embedded = !process.env.TEST_DATABASE_URL
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      started()
      await held
    })
    await running
    // The embedded database's one connection is the transaction's: these wait for it.
    // (Drizzle's queries start when awaited: `then` sends them now.)
    const queued = embedded ? [1, 2].map(() => db.execute(sql`select 1`).then(() => {})) : []
    // The scrape's own reads of the queues wait behind it too on PGlite: let go in a moment.
    const letGo = setTimeout(release, 300)
    const scraped = await metrics()
    clearTimeout(letGo)
    release()
    await transaction
    await Promise.all(queued)
    expect(scraped.value('lendulet_db_pool_connections_in_use')).toBeGreaterThanOrEqual(1)
    if (embedded) expect(scraped.value('lendulet_db_pool_waiting')).toBeGreaterThanOrEqual(2)
  })

  it('still answers while the database is away, the queue figures unknown', async () => {
    const away = {
      db: {
        select() {
          throw new DatabaseUnavailableError()
        },
      },
    } as unknown as Database
    const noStreams = () => ({ event: 0, admin_events: 0, campaign: 0, door: 0, member_events: 0 })
    const scraped = scrape(
      await createMetrics({ database: away, openStreams: noStreams }).registry.metrics(),
    )
    expect(scraped.value('lendulet_outbox_queue_depth')).toBeNaN()
    expect(scraped.value('lendulet_campaign_recipients_pending')).toBeNaN()
    expect(scraped.value('lendulet_process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it("shows each scheduled job's passes, failures and last duration", async () => {
    // The tests' servers send no reminders (EVENT_REMINDER_HOURS=0). The outbox and campaigns run
    // at start, the janitor a second after it.
    const jobs = ['outbox', 'campaigns', 'janitor']
    const scraped = await until((s) =>
      jobs.every((job) => (s.value('lendulet_job_runs_total', { job }) ?? 0) >= 1),
    )
    for (const job of jobs) {
      expect(scraped.value('lendulet_job_runs_total', { job })).toBeGreaterThanOrEqual(1)
      expect(scraped.value('lendulet_job_failures_total', { job })).toBe(0)
      expect(scraped.value('lendulet_job_last_duration_seconds', { job })).toBeGreaterThanOrEqual(0)
    }
  })

  it('counts a job whose pass failed, and its pass again at the next tick', async () => {
    const scheduler = createScheduler({ logger: pino({ level: 'silent' }) })
    let calls = 0
    const job = scheduler.add({
      name: 'janitor',
      everyMs: 60_000,
      async run() {
        if (++calls === 1) throw new Error('the database is away')
      },
    })
    const registry = createMetrics({
      database: bare.harness.database,
      openStreams: () => ({ event: 0, admin_events: 0, campaign: 0, door: 0, member_events: 0 }),
      jobs: () => scheduler.stats(),
    }).registry
    await job.drain()
    await job.drain()
    const scraped = scrape(await registry.metrics())
    await scheduler.stop()
    expect(scraped.value('lendulet_job_runs_total', { job: 'janitor' })).toBe(2)
    expect(scraped.value('lendulet_job_failures_total', { job: 'janitor' })).toBe(1)
  })

  it('counts the e-mails waiting while the SMTP server is down', async () => {
    const depth = (s: Scrape) => s.value('lendulet_outbox_queue_depth') ?? Number.NaN
    const before = depth(await metrics())
    const email = `waiting-${Date.now()}@example.com`
    const response = await browserClient(server.http.origin).post('/api/newsletter/subscribe', {
      email,
      name: 'Kiss Anna',
    })
    expect(response.status).toBe(200)
    const after = await metrics()
    expect(depth(after)).toBe(before + 1)
    expect(after.value('lendulet_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(after.value('lendulet_campaign_recipients_pending')).toBe(0)
  })
})
