/**
 * Memory under a long mixed load (issue 23): one server process, started as production starts
 * it, on a new data folder, for SOAK_MINUTES (10) of
 * - visitors on the public pages (the landing page in each language, /login, /privacy-policy,
 *   sign-up) and the API's public reads;
 * - members signing in, reading their pages, following the evening on a live stream, and
 *   signing out;
 * - klikkscreens connecting to the evening's live stream and leaving;
 * - an admin running klikk rounds (the mixer seats each one in its worker thread);
 * - a newsletter campaign going out half-way, at the default rate;
 * - Prometheus scraping /metrics.
 * Resident memory (the whole process, worker threads included) is sampled every 100 ms. Its
 * level after the first minute and at the end are medians of 10 s of samples, so that one
 * garbage collection's sawtooth does not decide; the end should be within 10 % of the first.
 * A soak of one minute (BENCH_QUICK=1, with fewer members and screens) compares the level after
 * its first half instead.
 *
 * `node bench/soak.ts` builds the web app and runs this part alone (SOAK_MINUTES=2 for a
 * shorter run while developing); BENCH_SERVER_LOG=1 shows the server's log.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { browserClient } from '#server/test/http-client.ts'
import { medianRss, sampleMemory } from '#server/test/memory-sampler.ts'
import { scrape } from '#server/test/scrape.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { seedConfirmedSubscribers } from '#server/test/seed-subscribers.ts'
import { startTestMailServer } from '#server/test/test-mail-server.ts'
import {
  BENCH_ADMIN,
  signUpBenchAdmin,
  signUpConfirmed,
  sseClient,
  within,
  type BenchRow,
  type SseClient,
} from './live-clients.ts'
import { startServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

const MINUTES = Number(process.env.SOAK_MINUTES ?? sized(10, 1))
/** Issue 23: resident memory at the end within 10 % of its level after the first minute. */
const GROWTH_TARGET = 0.1
const MEMBERS = sized(30, 5)
const VISITORS = 3
const SCREENS = sized(20, 5)
const SUBSCRIBERS = sized(1_000, 200)
const ROUND_SECONDS = 30
const METRICS_TOKEN = 'soak-bench-metrics-token-0123456789'
const SITE = 'http://localhost:3000'
const distPages = fileURLToPath(new URL('../dist/pages/pages.json', import.meta.url))

const PUBLIC_PATHS = [
  '/',
  '/?lang=en',
  '/?lang=es',
  '/?lang=de',
  '/login',
  '/privacy-policy',
  '/signup',
  '/robots.txt',
  '/sitemap.xml',
  '/api/health',
  '/api/session',
  '/api/openapi.json',
]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const between = (min: number, max: number) => min + Math.random() * (max - min)
const mb = (bytes: number | undefined) => (bytes === undefined ? NaN : bytes / 2 ** 20)
const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`

type Client = ReturnType<typeof browserClient>
const cookieOf = (client: Client) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

/** What the traffic did, by kind: answered as expected, or not (with the first few reasons). */
function tally() {
  const counts = new Map<string, { ok: number; failed: number }>()
  const reasons: string[] = []
  return {
    note(kind: string, ok: boolean, reason?: string) {
      const count = counts.get(kind) ?? { ok: 0, failed: 0 }
      if (ok) count.ok++
      else {
        count.failed++
        if (reasons.length < 10) reasons.push(`${kind}: ${reason}`)
      }
      counts.set(kind, count)
    },
    counts,
    reasons,
    failed: () => [...counts.values()].reduce((sum, c) => sum + c.failed, 0),
  }
}

export async function benchSoak(): Promise<BenchRow[]> {
  if (!existsSync(distPages)) throw new Error('soak: build the web app first (npm run build)')
  const mail = await startTestMailServer()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-soak-'))
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const streams = new Set<SseClient>()
  try {
    // The campaign's audience, written before the server first starts on the folder.
    await seedConfirmedSubscribers(dataDir, SUBSCRIBERS)

    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      PUBLIC_URL: SITE,
      ADMIN_EMAILS: BENCH_ADMIN.email,
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      MIXER_TIME_MS: '300',
    })
    const origin = `http://127.0.0.1:${server.port}`
    const pid = server.child.pid ?? 0
    try {
      // The admin, the members (each signed up and confirmed by her link) and the evening.
      const { admin, userCode } = await signUpBenchAdmin(origin, mail)
      const members: { email: string; password: string; userCode: string }[] = []
      for (let i = 0; i < MEMBERS; i++) {
        const who = { email: `soak-${i}@example.com`, password: 'soak-secret-1', name: `Soak ${i}` }
        const { session, userCode: code } = await signUpConfirmed(origin, mail, who)
        await session.call('/api/auth/sign-out', {})
        members.push({ ...who, userCode: code })
      }
      const evening = await seedEvening(
        async (path, body = {}) => (await admin.call(path, body)).json(),
        {
          eventName: 'Soak evening',
          tables: Array.from({ length: 6 }, (_, i) => ({ name: `T${i + 1}`, seats: 6 })),
          present: [userCode, ...members.map((m) => m.userCode)],
        },
      )
      const eventBase = `/api/admin/events/${evening.eventId}`
      const livePath = `/api/events/${evening.eventId}/live`

      const traffic = tally()
      const metrics = async () => {
        const response = await fetch(`${origin}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
        traffic.note('metrics scrape', response.ok, `HTTP ${response.status}`)
        return scrape(await response.text())
      }
      /**
       * V8's heap in use, and the memory outside it that V8 knows of (Buffers, ArrayBuffers):
       * resident memory that grows while neither does is native, PGlite's WebAssembly memory
       * (which only ever grows) among it.
       */
      const v8Memory = async () => {
        const figures = await metrics()
        return {
          heapUsedMb: mb(figures.value('lendulet_nodejs_heap_size_used_bytes')),
          externalMb: mb(figures.value('lendulet_nodejs_external_memory_bytes')),
        }
      }
      const unknownV8 = { heapUsedMb: NaN, externalMb: NaN }

      const memory = sampleMemory(pid, { intervalMs: 100 })
      // The traffic's own peak, not the first start's (VmHWM is the process's lifetime peak).
      memory.resetPeak()
      const durationMs = MINUTES * 60_000
      const started = performance.now()
      const end = started + durationMs
      const running = () => performance.now() < end
      /** Waits `ms`, or until the end of the soak if that comes first. */
      const pause = (ms: number) => sleep(Math.max(0, Math.min(ms, end - performance.now())))
      let issuePath: string | undefined

      /**
       * One request that must answer 2xx (or a redirect, for pages). A connection the server
       * closed while idle just as it was reused is tried once more, as browsers do.
       */
      async function send(kind: string, client: Client, path: string, body?: unknown) {
        for (let attempt = 1; ; attempt++) {
          try {
            const response = await (body === undefined ? client.get(path) : client.post(path, body))
            await response.arrayBuffer()
            traffic.note(kind, response.status < 400, `${path}: HTTP ${response.status}`)
            return response.status < 400
          } catch (error) {
            if (attempt < 2) continue
            traffic.note(
              kind,
              false,
              `${path}: ${String(error instanceof Error ? (error.cause ?? error) : error)}`,
            )
            return false
          }
        }
      }

      /** An SSE client on the evening's stream, kept for `ms`; whether its first state came. */
      async function watchFor(kind: string, cookie: string, ms: number) {
        const stream = sseClient(agent, server.port, livePath, cookie)
        streams.add(stream)
        const connected = await within(stream.connected, 30_000, false)
        traffic.note(kind, connected, stream.failure() ?? 'no first state within 30 s')
        if (connected) await pause(ms)
        stream.close()
        streams.delete(stream)
      }

      async function visitor(index: number) {
        const client = browserClient(origin, { siteOrigin: SITE })
        for (let i = index; running(); i++) {
          const paths = issuePath ? [...PUBLIC_PATHS, issuePath] : PUBLIC_PATHS
          const path = paths[i % paths.length] ?? '/'
          await send('public page or read', client, path)
          await pause(100)
        }
      }

      async function member(who: (typeof members)[number]) {
        await pause(between(0, 10_000))
        while (running()) {
          const client = browserClient(origin, { siteOrigin: SITE })
          const signedIn = await send('sign-in', client, '/api/auth/sign-in/email', {
            email: who.email,
            password: who.password,
          })
          if (signedIn) {
            await send('member read', client, '/api/me')
            await send('member read', client, '/api/events')
            await watchFor('member live stream', cookieOf(client), between(2_000, 10_000))
            await send('member read', client, '/api/events/people-met')
            await send('sign-out', client, '/api/auth/sign-out', {})
          }
          await pause(between(5_000, 15_000))
        }
      }

      async function screen() {
        await pause(between(0, 5_000))
        while (running()) {
          await watchFor('klikkscreen live stream', admin.cookie, between(3_000, 20_000))
          await pause(1_000)
        }
      }

      async function rounds() {
        let roundId = evening.roundId
        while (running()) {
          try {
            await admin.call(`${eventBase}/rounds/${roundId}/start`, {})
            traffic.note('round', true)
          } catch (error) {
            traffic.note('round', false, String(error))
          }
          await pause(ROUND_SECONDS * 1000)
          if (!running()) break
          try {
            await admin.call(`${eventBase}/rounds/${roundId}/end`, {})
            roundId = (
              (await (await admin.call(`${eventBase}/rounds`, {})).json()) as { id: string }
            ).id
          } catch (error) {
            traffic.note('round', false, String(error))
            await pause(5_000)
          }
        }
      }

      let campaignDelivered = () => 0
      async function campaign() {
        await pause(durationMs / 2)
        try {
          const created = (await (
            await admin.call('/api/admin/newsletter/campaigns', {
              content: {
                hu: { subject: 'Soak hírek', body: '# Szia!\n\nItt a **tavasz**.' },
                en: { subject: 'Soak news', body: '# Hello!\n\nSpring is **here**.' },
              },
            })
          ).json()) as { id: string }
          await admin.call(`/api/admin/newsletter/campaigns/${created.id}/send`, {})
          issuePath = `/api/newsletter/issues/${created.id}?lang=en`
          const subjects = /^Soak (hírek|news)$/
          campaignDelivered = () => mail.received.filter((m) => subjects.test(m.subject)).length
          traffic.note('campaign', true)
        } catch (error) {
          traffic.note('campaign', false, String(error))
        }
      }

      async function prometheus() {
        while (running()) {
          await metrics().catch((error: unknown) =>
            traffic.note('metrics scrape', false, String(error)),
          )
          await pause(15_000)
        }
      }

      const heap = { afterFirstMinute: unknownV8, end: unknownV8 }
      async function progress() {
        for (let minute = 1; minute <= MINUTES; minute++) {
          await sleep(started + minute * 60_000 - performance.now())
          const now = performance.now() - started
          const level = medianRss(memory.between(now - 10_000, now))
          const v8 = await v8Memory().catch(() => unknownV8)
          if (minute === 1) heap.afterFirstMinute = v8
          console.error(
            `soak ${clock(now)}: resident ${level.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)}), ` +
              `heap used ${v8.heapUsedMb.toFixed(0)} MB, external ${v8.externalMb.toFixed(0)} MB, ` +
              `${traffic.failed()} failed, ` +
              `campaign e-mails ${campaignDelivered()}`,
          )
        }
      }

      await Promise.all([
        ...Array.from({ length: VISITORS }, (_, i) => visitor(i)),
        ...members.map((who) => member(who)),
        ...Array.from({ length: SCREENS }, () => screen()),
        rounds(),
        campaign(),
        prometheus(),
        progress(),
      ])
      heap.end = await v8Memory().catch(() => unknownV8)
      memory.stop()

      // After the first minute, or after the first half of a shorter soak.
      const firstAt = Math.min(60_000, durationMs / 2)
      const firstMinute = medianRss(memory.between(firstAt, firstAt + 10_000))
      const atEnd = medianRss(memory.between(durationMs - 10_000, durationMs))
      const change = atEnd / firstMinute - 1
      const count = (kind: string) => traffic.counts.get(kind)?.ok ?? 0
      const streamsOpened = count('member live stream') + count('klikkscreen live stream')
      if (traffic.reasons.length > 0)
        console.error(`soak: failures:\n${traffic.reasons.join('\n')}`)
      return [
        {
          measure: `soak ${MINUTES} min, mixed traffic: resident memory after ${clock(firstAt)} → at the end (medians of 10 s)`,
          value: `${firstMinute.toFixed(0)} → ${atEnd.toFixed(0)} MB (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %)`,
          target: `≤ +${GROWTH_TARGET * 100} %`,
          ok: change <= GROWTH_TARGET,
        },
        {
          measure: 'soak: peak resident memory during the traffic',
          value: `${memory.peakMb.toFixed(0)} MB`,
          target: '-',
          ok: null,
        },
        {
          measure: 'soak: V8 heap used; external memory: after 1 min → at the end (/metrics)',
          value: `${heap.afterFirstMinute.heapUsedMb.toFixed(0)} → ${heap.end.heapUsedMb.toFixed(0)} MB; ${heap.afterFirstMinute.externalMb.toFixed(0)} → ${heap.end.externalMb.toFixed(0)} MB`,
          target: '-',
          ok: null,
        },
        {
          measure: `soak: what was done (public reads, sign-ins, live streams, rounds, campaign e-mails of ${SUBSCRIBERS})`,
          value: `${count('public page or read')}, ${count('sign-in')}, ${streamsOpened}, ${count('round')}, ${campaignDelivered()}`,
          target: '-',
          ok: null,
        },
        {
          measure: 'soak: requests and streams that failed',
          value: String(traffic.failed()),
          target: '0',
          ok: traffic.failed() === 0,
        },
      ]
    } finally {
      for (const stream of streams) stream.close()
      await server.stop()
    }
  } finally {
    agent.destroy()
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// `node bench/soak.ts` builds the web app and runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  console.table(await benchSoak())
}
