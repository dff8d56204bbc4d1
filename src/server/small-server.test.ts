/**
 * Issue 23: the site fits on the smallest server. The real server process, started as
 * production starts it (`npm run build`'s bundle, with the Node flags of package.json's serve
 * script; its mixer worker, migrations and templates found from the bundle), on a new data folder,
 * under a memory limit: a watchdog reads its resident memory (worker threads included) every
 * 50 ms and the kernel's high-water mark, and kills it past the limit, as a server of that size
 * would. Through the real HTTP API and a real SMTP server it then does what a small site does:
 * a sign-up confirmed by its e-mailed link, a newsletter subscription confirmed by its link, a
 * klikk round seated and started, and a campaign to 1,000 subscribers.
 *
 * An address-space limit (prlimit --as) is not used: PGlite's WebAssembly memory reserves
 * about 18 GB of address space up front, and below that PGlite cannot start.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Campaign } from '#shared/schemas/campaigns.ts'
import type { EventState } from '#shared/live-state.ts'
import { browserClient } from './test/http-client.ts'
import { sampleMemory, type MemorySampler } from './test/memory-sampler.ts'
import { seedEvening } from './test/seed-evening.ts'
import { turnOnTwoStep } from './test/seed.ts'
import { seedConfirmedSubscribers } from './test/seed-subscribers.ts'
import { buildServerBundle } from './test/server-bundle.ts'
import { killStartedServers, startServer } from './test/server-process.ts'
import { startTestMailServer, type TestMailServer } from './test/test-mail-server.ts'

/** Issue 23's budget: resident memory at its peak during the first start on a new DATA_DIR. */
const FIRST_START_BUDGET_MB = 600
/** The smallest server: nothing the site does may take it past its first start's budget. */
const MEMORY_LIMIT_MB = FIRST_START_BUDGET_MB
const SUBSCRIBERS = 1_000
const SITE = 'http://localhost:3000'
const ADMIN = { email: 'owner@example.com', password: 'owner-secret-1', name: 'Kiss Anna' }

type Client = ReturnType<typeof browserClient>

/**
 * A server process under the memory limit from its first moment, with the peak of each step it
 * was watched through (`firstStep` names its start).
 */
async function startWatched(env: Record<string, string>, firstStep: string, script: string) {
  const steps: { step: string; peakMb: number; seconds: number }[] = []
  let step = firstStep
  let stepStarted = performance.now()
  let overLimit: string | undefined
  let sampler: MemorySampler | undefined
  const running = await startServer(env, {
    script,
    onSpawn(child) {
      sampler = sampleMemory(child.pid ?? 0, {
        limitMb: MEMORY_LIMIT_MB,
        onOverLimit(memory) {
          overLimit = `the server passed its ${MEMORY_LIMIT_MB} MB during "${step}" (resident ${memory.rssMb.toFixed(0)} MB, peak ${memory.hwmMb.toFixed(0)} MB) and was stopped, as a server of that size would stop it`
          child.kill('SIGKILL')
        },
      })
    },
  }).catch((error: unknown) => {
    throw overLimit ? new Error(overLimit, { cause: error }) : error
  })
  if (!sampler) throw new Error('the server process was not watched')
  const watched = sampler
  /** Ends the current step: its peak is noted, and the next one's starts from now. */
  const endStep = () => {
    steps.push({ step, peakMb: watched.peakMb, seconds: (performance.now() - stepStarted) / 1000 })
    watched.resetPeak()
    stepStarted = performance.now()
  }
  return {
    running,
    origin: `http://127.0.0.1:${running.port}`,
    /** Runs one step; if the watchdog stopped the server meanwhile, says so rather than the step's own failure. */
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      endStep()
      step = name
      try {
        return await run()
      } catch (error) {
        if (overLimit) throw new Error(overLimit, { cause: error })
        throw error
      }
    },
    /** Stops watching; the peak of every step, and the highest. */
    finish() {
      endStep()
      watched.stop()
      return {
        overLimit,
        peakMb: Math.max(...steps.map((s) => s.peakMb)),
        report: steps
          .map((s) => `${s.step}: ${s.peakMb.toFixed(0)} MB in ${s.seconds.toFixed(1)} s`)
          .join('; '),
      }
    },
  }
}

/** A request that must succeed; its parsed body. */
async function ok<T>(client: Client, path: string, body?: unknown): Promise<T> {
  const response = await (body === undefined ? client.get(path) : client.post(path, body))
  const text = await response.text()
  expect(response.status, `${path}: ${text}`).toBeLessThan(300)
  return JSON.parse(text) as T
}

/** Signs up through the API and follows the e-mailed link, which signs her in. */
async function signUpAndConfirm(
  origin: string,
  mail: TestMailServer,
  who: { email: string; password: string; name: string },
) {
  const client = browserClient(origin)
  await ok(client, '/api/auth/sign-up/email', { ...who, callbackURL: '/auth/callback?type=signup' })
  const message = await mail.waitFor(who.email, { timeoutMs: 30_000 })
  const link = message.links.find((l) => l.includes('/api/auth/verify-email'))
  expect(link, message.text).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)
  const { response, location } = await client.follow(link ?? '')
  expect(response.status).toBe(302)
  expect(location).toBe('/auth/callback?type=signup&lang=hu')
  const me = await ok<{
    email: string
    emailVerified: boolean
    isAdmin: boolean
    userCode: string
  }>(client, '/api/me')
  expect(me).toMatchObject({ email: who.email, emailVerified: true })
  return { client, me }
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

// The budget is the embedded database's (PGlite); on the PostgreSQL pass this would only repeat it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the smallest server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'small-server-'))
  let mail: TestMailServer | undefined
  let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined
  afterEach(() => killStartedServers())
  afterAll(async () => {
    await mail?.close()
    bundle?.remove()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    `runs a first start, sign-up, newsletter, klikk round and a ${SUBSCRIBERS.toLocaleString('en')}-subscriber campaign within ${MEMORY_LIMIT_MB} MB`,
    { timeout: 300_000 },
    async () => {
      bundle = await buildServerBundle()
      const { script } = bundle
      const mailServer = await startTestMailServer()
      mail = mailServer
      const env = {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SMTP_URL: mailServer.url,
        PUBLIC_URL: SITE,
        ADMIN_EMAILS: ADMIN.email,
        NEWSLETTER_RATE_PER_MINUTE: '0',
        MIXER_TIME_MS: '300',
        TRUST_PROXY: 'true',
      }

      // The first start: the embedded database created and migrated in a new folder.
      const first = await startWatched(env, 'first start on a new data folder', script)
      const health = await first.step('first start, answering', () =>
        ok<{ database: { ok: boolean } }>(browserClient(first.origin), '/api/health'),
      )
      expect(health.database.ok).toBe(true)
      first.running.child.kill('SIGTERM')
      expect(await first.running.exited).toBe(0)
      const firstRun = first.finish()
      expect(firstRun.overLimit, firstRun.report).toBeUndefined()
      expect(firstRun.peakMb, firstRun.report).toBeLessThanOrEqual(MEMORY_LIMIT_MB)

      // Its audience, as an import would bring it; the last subscriber confirms by her link below.
      await seedConfirmedSubscribers(dataDir, SUBSCRIBERS - 1)

      const server = await startWatched(env, 'restart', script)
      const { origin } = server
      const admin = await server.step('sign-up confirmed by its link', async () => {
        const owner = await signUpAndConfirm(origin, mailServer, ADMIN)
        // Listed in ADMIN_EMAILS: an admin as soon as her address is confirmed.
        expect(owner.me.isAdmin).toBe(true)
        // Her admin area opens once she has two-step sign-in.
        await turnOnTwoStep(owner.client, ADMIN.password)
        return owner.client
      })

      const reader = 'new-reader@example.com'
      await server.step('newsletter subscription confirmed by its link', async () => {
        const visitor = browserClient(origin, { language: 'en' })
        const asked = await ok<{ subscribed: boolean }>(visitor, '/api/newsletter/subscribe', {
          email: reader,
          name: 'Szabó Réka',
        })
        expect(asked.subscribed).toBe(false)
        const message = await mailServer.waitFor(reader, { timeoutMs: 30_000 })
        const link = message?.links.find((l) => new URL(l).pathname === '/newsletter/verify')
        const token = new URL(link ?? SITE).searchParams.get('token')
        expect(token).toBeTruthy()
        const confirmed = await ok<{ alreadyConfirmed: boolean }>(
          visitor,
          '/api/newsletter/verify',
          { token },
        )
        expect(confirmed.alreadyConfirmed).toBe(false)
      })

      await server.step('klikk round seated and started', async () => {
        const guests = []
        for (let i = 1; i <= 3; i++)
          guests.push(
            await signUpAndConfirm(origin, mailServer, {
              email: `guest-${i}@example.com`,
              password: 'guest-secret-1',
              name: `Guest ${i}`,
            }),
          )
        const adminMe = await ok<{ userCode: string }>(admin, '/api/me')
        const evening = await seedEvening((path, body = {}) => ok(admin, path, body), {
          eventName: 'Small server evening',
          tables: [
            { name: 'Rose', seats: 2 },
            { name: 'Lily', seats: 2 },
          ],
          present: [adminMe.userCode, ...guests.map((g) => g.me.userCode)],
        })
        await ok(admin, `/api/admin/events/${evening.eventId}/rounds/${evening.roundId}/start`, {})
        // A guest's phone shows the running round, and everyone at one of the two tables.
        const [guest] = guests
        if (!guest) throw new Error('no guest')
        const state = await ok<EventState>(
          guest.client,
          `/api/klikkscreen?eventId=${evening.eventId}`,
        )
        expect(state.round).toMatchObject({ roundNumber: 1, started: true })
        expect(state.tables.map((t) => t.people.length)).toEqual([2, 2])
        const seated = state.tables.flatMap((t) => t.people.map((p) => p.name))
        expect(seated.sort()).toEqual(['Guest 1', 'Guest 2', 'Guest 3', 'Kiss Anna'])
      })

      await server.step(`campaign to ${SUBSCRIBERS} subscribers`, async () => {
        const base = '/api/admin/newsletter/campaigns'
        const campaign = await ok<Campaign>(admin, base, {
          content: {
            hu: { subject: 'Tavaszi hírek', body: '# Szia!\n\nItt a **tavasz**.' },
            en: { subject: 'Spring news', body: '# Hello!\n\nSpring is **here**.' },
          },
        })
        const sending = await ok<Campaign>(admin, `${base}/${campaign.id}/send`, {})
        expect(sending.status).toBe('sending')
        const delivered = () =>
          mailServer.received.filter((m) => /Tavaszi hírek|Spring news/.test(m.subject))
        await until(
          'every subscriber’s e-mail',
          async () => delivered().length >= SUBSCRIBERS,
          180_000,
        )
        // The campaign page says so once the last acceptance is written.
        await until(
          'the campaign marked sent',
          async () => (await ok<Campaign>(admin, `${base}/${campaign.id}`)).status === 'sent',
          30_000,
        )
        const sent = await ok<Campaign>(admin, `${base}/${campaign.id}`)
        expect(sent.stats).toMatchObject({ audience: SUBSCRIBERS, sent: SUBSCRIBERS })
        const recipients = delivered().flatMap((m) => m.to)
        expect(new Set(recipients).size).toBe(SUBSCRIBERS)
        expect(recipients).toContain(reader)
        // Hers is in English, with her own way out.
        const hers = delivered().find((m) => m.to.includes(reader))
        expect(hers?.subject).toBe('Spring news')
        expect(hers?.rawHeader('List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\//)
      })

      const run = server.finish()
      expect(run.overLimit, run.report).toBeUndefined()
      expect(run.peakMb, run.report).toBeLessThanOrEqual(MEMORY_LIMIT_MB)
    },
  )
})
