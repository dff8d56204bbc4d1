/**
 * What the live benchmarks share: an admin signed up through the e-mailed link, SSE screens on
 * raw sockets that note when a running round reaches them, and a load of state reads.
 */
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { browserClient } from '#server/test/http-client.ts'
import { turnOnTwoStep } from '#server/test/seed.ts'
import { startTestMailServer, type TestMailServer } from '#server/test/test-mail-server.ts'
import { startServerProcess } from './server-process.ts'

export interface BenchRow {
  measure: string
  value: string
  target: string
  ok: boolean | null
  /** The machine's load average (1 min) while it was measured; bench/parts.ts fills it in. */
  load?: string
}

export const BENCH_ADMIN = {
  email: 'bench-admin@example.com',
  password: 'bench-secret-1',
  name: 'Bench Admin',
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

export const ms = (value: number) => value.toFixed(0)

/** The test suite's browser-like client, failing loudly on any refusal. */
export function adminSession(origin: string) {
  const client = browserClient(origin)
  return {
    client,
    get cookie() {
      return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    async call(path: string, body?: unknown) {
      const response = await (body === undefined ? client.get(path) : client.post(path, body))
      if (response.status >= 400)
        throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return response
    },
  }
}

export type AdminSession = ReturnType<typeof adminSession>

/**
 * Where the bench reads the link an address was e-mailed: the test mail server's, or a bench's
 * own SMTP server (bench/campaigns.ts) through a function.
 */
export type MailLinks = TestMailServer | ((email: string) => Promise<string[]>)

async function emailedLinks(mail: MailLinks, email: string) {
  if (typeof mail === 'function') return mail(email)
  return (await mail.waitFor(email, { timeoutMs: 60_000 })).links
}

/**
 * Someone signed up at `origin` and confirmed by the link `mail` received, and so signed in.
 * Returns her session and member code.
 */
export async function signUpConfirmed(
  origin: string,
  mail: MailLinks,
  who: { email: string; password: string; name: string },
) {
  const session = adminSession(origin)
  await session.call('/api/auth/sign-up/email', who)
  const link = (await emailedLinks(mail, who.email)).find((l) => l.includes('verify-email'))
  if (!link) throw new Error('no verification link')
  await session.call(link)
  const me = (await (await session.call('/api/me')).json()) as { userCode: string }
  return { session, userCode: me.userCode }
}

/**
 * BENCH_ADMIN as a real admin becomes one: signed up at `origin`, confirmed by the link `mail`
 * received (an admin, given that the server runs with ADMIN_EMAILS=BENCH_ADMIN.email), then two-step
 * sign-in turned on with her authenticator app's first code, which the admin area requires
 * (decision 0043). Every part of the bench that signs in as an admin comes through here.
 * Returns her session, her member code and her app's key (`totpURI`, for a later sign-in).
 */
export async function signUpBenchAdmin(origin: string, mail: MailLinks) {
  const { session, userCode } = await signUpConfirmed(origin, mail, BENCH_ADMIN)
  const { totpURI } = await turnOnTwoStep(session.client, BENCH_ADMIN.password)
  return { admin: session, userCode, totpURI }
}

export interface SseClient {
  /** True once the first state arrived; false if the stream failed (refused, cut) before it. */
  connected: Promise<boolean>
  /** When a state with a running round arrived (performance.now()). */
  started: Promise<number>
  /** Why it failed: an HTTP status, a socket error's code, or "closed". */
  failure(): string | undefined
  close(): void
}

/** One SSE client on a raw socket; `started` resolves when a state with a running round arrives. */
export function sseClient(agent: Agent, port: number, path: string, cookie: string): SseClient {
  let failure: string | undefined
  let resolveConnected: (ok: boolean) => void = () => {}
  const onConnected = (ok: boolean, why?: string) => {
    if (!ok && !seenFirst) failure ??= why
    resolveConnected(ok)
  }
  let onStarted: (at: number) => void = () => {}
  const connected = new Promise<boolean>((resolve) => (resolveConnected = resolve))
  const started = new Promise<number>((resolve) => (onStarted = resolve))
  let seenFirst = false
  let buffer = ''
  const req = httpRequest(
    { host: '127.0.0.1', port, path, agent, headers: { cookie, accept: 'text/event-stream' } },
    (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        onConnected(false, `HTTP ${res.statusCode}`)
        res.resume()
        return
      }
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!block.startsWith('event: state')) continue
          if (!seenFirst) {
            seenFirst = true
            onConnected(true)
          } else if (block.includes('"started":true')) onStarted(performance.now())
        }
      })
      res.on('close', () => onConnected(false, 'closed'))
    },
  )
  // A refused or reset connection is a failed client, not a crash of the benchmark.
  req.on('error', (error: NodeJS.ErrnoException) => onConnected(false, error.code ?? error.message))
  req.end()
  return { connected, started, failure: () => failure, close: () => req.destroy() }
}

/** `promise`, or `fallback` once `timeoutMs` has passed. */
export function within<T, F>(promise: Promise<T>, timeoutMs: number, fallback: F) {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<F>((resolve) => (timer = setTimeout(resolve, timeoutMs, fallback))),
  ]).finally(() => clearTimeout(timer))
}

export interface LoadResult {
  /** Requests answered 200. */
  ok: number
  /** Requests answered otherwise, or failed. */
  failed: number
  elapsedMs: number
  /** Latency of each answered request, sorted, in ms. */
  latencies: number[]
  perSecond: number
}

/**
 * GET `path` from `concurrency` requesters over kept-alive connections, until `seconds` have
 * passed or `requests` have been sent, whichever is given. With several ports, the requesters
 * take them in turn (requester i asks ports[i % ports.length]).
 */
export async function loadGet(
  ports: number | number[],
  path: string,
  cookie: string,
  limit: { concurrency: number } & ({ seconds: number } | { requests: number }),
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: limit.concurrency })
  const started = performance.now()
  const until = 'seconds' in limit ? started + limit.seconds * 1000 : Infinity
  let left = 'requests' in limit ? limit.requests : Infinity
  let ok = 0
  let failed = 0
  const latencies: number[] = []
  const portList = typeof ports === 'number' ? [ports] : ports
  const one = (port: number) =>
    new Promise<void>((resolve) => {
      const sent = performance.now()
      const req = httpRequest(
        { host: '127.0.0.1', port, path, agent, headers: { cookie } },
        (res) => {
          res.resume()
          res.on('end', () => {
            if (res.statusCode === 200) {
              ok++
              latencies.push(performance.now() - sent)
            } else failed++
            resolve()
          })
        },
      )
      req.on('error', () => {
        failed++
        resolve()
      })
      req.end()
    })
  const worker = async (port: number) => {
    while (left > 0 && performance.now() < until) {
      left--
      await one(port)
    }
  }
  await Promise.all(
    Array.from({ length: limit.concurrency }, (_, i) => worker(portList[i % portList.length] ?? 0)),
  )
  const elapsedMs = performance.now() - started
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { ok, failed, elapsedMs, latencies, perSecond: ok / (elapsedMs / 1000) }
}

/**
 * The server the live benches load: a new data folder (filled by `seed` first, if given), a test
 * SMTP server, the bench admin's address in ADMIN_EMAILS and a short mixer time; `stop()` ends
 * all three.
 */
export async function startBenchSite(name: string, seed?: (dataDir: string) => Promise<void>) {
  const mail = await startTestMailServer()
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`))
  await seed?.(dataDir)
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAILS: BENCH_ADMIN.email,
    MIXER_TIME_MS: '100',
    LOG_LEVEL: 'info',
  })
  return {
    mail,
    server,
    origin: `http://127.0.0.1:${server.port}`,
    async stop() {
      await server.stop()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
