import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema/outbox.ts'
import { browserClient, listen } from '../test/http-client.ts'
import { createTestApp } from '../test/test-app.ts'
import { createTestDatabase } from '../test/test-database.ts'
import {
  startSilentSmtpServer,
  startTestMailServer,
  type TestMailServer,
} from '../test/test-mail-server.ts'
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import { startMailWorker, type MailWorkerOptions } from './mail-worker.ts'
import { enqueueEmail } from './outbox.ts'

/**
 * The worker's delays, shrunk so that each case runs in seconds. Giving up before the data is
 * sent is harmless, so connecting may fail fast; later timeouts leave room for a loaded machine,
 * as one given up after the data went out could mean a second copy.
 */
const FAST = { connectionMs: 300, greetingMs: 300, socketMs: 2_000, sendMs: 2_500 }
const FROM = 'Lendület <hello@lendulet.fit>'

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

function capturingLogger() {
  const lines: { level: number; msg: string }[] = []
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  )
  return { logger, lines, saying: (text: string) => lines.filter((l) => l.msg.includes(text)) }
}

type WorkerOptions = Omit<MailWorkerOptions, 'db' | 'logger' | 'from'>

/** Two mail workers on one database, as two server processes on one PostgreSQL would run. */
function twoWorkers(db: Db, options: WorkerOptions) {
  const log = capturingLogger()
  const workers = [1, 2].map(() =>
    startMailWorker({ db, logger: log.logger, from: () => FROM, pollMs: 25, ...options }),
  )
  cleanup.push(async () => {
    await Promise.all(workers.map((w) => w.stop()))
  })
  return { workers, log }
}

async function freshDatabase() {
  const database = await createTestDatabase()
  cleanup.push(database.close)
  return database
}

async function mailServer(listenPort?: number) {
  const mail = await startTestMailServer({ listenPort })
  cleanup.push(mail.close)
  return mail
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How many e-mails each address received. */
function deliveries(mail: TestMailServer) {
  const counts = new Map<string, number>()
  for (const m of mail.received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

async function enqueue(db: Db, addresses: string[]) {
  for (const to of addresses)
    await enqueueEmail(db, {
      kind: 'test',
      to,
      language: 'en',
      subject: `Hello ${to}`,
      html: '<p>Hello</p>',
      text: 'Hello',
    })
}

describe('the outbox when the SMTP server does not answer', () => {
  it(
    'keeps 100 newsletter sign-ups through a silent server and sends each confirmation once when a real one takes its port',
    { timeout: 90_000 },
    async () => {
      const silent = await startSilentSmtpServer()
      cleanup.push(silent.close)
      const harness = await createTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: silent.url } })
      cleanup.push(harness.close)
      // The app's own worker makes way for two with test-sized delays on the same database.
      await harness.mailWorker.stop()
      const http = await listen(harness.app.fetch)
      cleanup.push(http.close)
      const db = harness.database.db
      const { workers, log } = twoWorkers(db, {
        smtpUrl: silent.url,
        timeouts: FAST,
        leaseMs: 3_000,
        retryBaseMs: 50,
        maxPauseMs: 200,
      })

      const emails = Array.from({ length: 100 }, (_, i) => `silent-smtp-${i}@example.com`)
      const answers = await Promise.all(
        emails.map((email) =>
          browserClient(http.origin, { language: 'en' }).post('/api/newsletter/subscribe', {
            email,
            name: 'Kiss Anna',
          }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200))

      // The workers keep trying, one e-mail at a time, each try ended by the timeouts.
      await until('tries against the silent server', () => log.saying('still does not').length >= 4)
      const waiting = await db.select().from(outbox)
      expect(waiting).toHaveLength(100)
      expect(waiting.every((row) => row.status === 'pending')).toBe(true)
      expect(waiting.some((row) => /timeout|greeting/i.test(row.lastError ?? ''))).toBe(true)
      // At most one warning per worker for the whole outage, not one per e-mail and try.
      const warnings = log.lines.filter((line) => line.level >= 40)
      expect(warnings.length).toBeGreaterThanOrEqual(1)
      expect(warnings.length).toBeLessThanOrEqual(2)
      expect(warnings.every((line) => line.msg.includes('sending paused'))).toBe(true)

      await silent.close()
      const mail = await mailServer(silent.port)
      await until('all 100 confirmations', () => deliveries(mail).size === 100)
      await Promise.all(workers.map((w) => w.drain()))
      await sleep(300) // a few more polls: a second copy would have time to arrive

      expect(mail.received).toHaveLength(100)
      expect([...deliveries(mail).values()].every((n) => n === 1)).toBe(true)
      expect(new Set(mail.received.map((m) => m.to[0]))).toEqual(new Set(emails))
      expect(
        mail.received.every((m) => m.subject.startsWith(enEmails.newsletterConfirm.subject)),
      ).toBe(true)
      expect(new Set(mail.received.map((m) => m.messageId)).size).toBe(100)
      expect(mail.received[0]?.messageId).toMatch(/^<outbox\.\d+\.\d+@lendulet\.fit>$/)
      const rows = await db.select().from(outbox)
      expect(rows.every((row) => row.status === 'sent' && row.lastError === null)).toBe(true)
      expect(log.saying('SMTP server answers again').length).toBeGreaterThanOrEqual(1)
      expect(log.saying('claim was lost')).toHaveLength(0)
    },
  )

  it(
    'with two workers on one database, never sends twice though the server is slower than the lease',
    { timeout: 60_000 },
    async () => {
      const { db } = await freshDatabase()
      const mail = await mailServer()
      // Slower than the lease: without a deadline the other worker would claim these while the
      // first still waits, and both would deliver.
      mail.slowNext(4, 1_500)
      const { workers, log } = twoWorkers(db, {
        smtpUrl: mail.url,
        timeouts: { ...FAST, sendMs: 1_000 },
        leaseMs: 1_200,
        retryBaseMs: 50,
        maxPauseMs: 100,
      })
      const addresses = Array.from({ length: 40 }, (_, i) => `slow-smtp-${i}@example.com`)
      await enqueue(db, addresses)
      workers.forEach((w) => w.wake())

      await until('all 40 e-mails', () => deliveries(mail).size === 40)
      await Promise.all(workers.map((w) => w.drain()))
      await sleep(1_600) // longer than the slow answers: a late second copy would show

      expect(mail.received).toHaveLength(40)
      expect([...deliveries(mail).values()].every((n) => n === 1)).toBe(true)
      const rows = await db.select().from(outbox)
      expect(rows.every((row) => row.status === 'sent')).toBe(true)
      // The 4 slow tries were given up at their deadline, and those e-mails sent on a retry.
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBeGreaterThanOrEqual(44)
      expect(log.saying('claim was lost')).toHaveLength(0)
    },
  )

  it('ends a send at its deadline even when the server keeps talking', async () => {
    const { db } = await freshDatabase()
    const trickle = await startSilentSmtpServer({ mode: 'trickle' })
    cleanup.push(trickle.close)
    const log = capturingLogger()
    const worker = startMailWorker({
      db,
      logger: log.logger,
      from: () => FROM,
      smtpUrl: trickle.url,
      // The server answers every 50 ms, so the socket timeout never fires: only the deadline.
      timeouts: { connectionMs: 1_000, greetingMs: 1_000, socketMs: 500, sendMs: 1_500 },
    })
    cleanup.push(worker.stop)
    await enqueue(db, ['trickle@example.com'])

    const started = performance.now()
    await worker.drain()
    const elapsed = performance.now() - started

    expect(elapsed).toBeGreaterThanOrEqual(1_450)
    expect(elapsed).toBeLessThan(3_500) // the lease is a minute longer
    const [row] = await db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row?.lastError).toContain('within 1500 ms')
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
  })

  it('does not touch a message another worker has claimed since', async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    mail.slowNext(1, 400)
    const log = capturingLogger()
    const worker = startMailWorker({ db, logger: log.logger, from: () => FROM, smtpUrl: mail.url })
    cleanup.push(worker.stop)
    await enqueue(db, ['fenced@example.com'])

    const sending = worker.drain()
    await until('the claim', async () => (await db.select().from(outbox))[0]?.attempts === 1)
    // As another process would after the lease ran out: a claim of its own, in the future.
    const later = new Date(Date.now() + 60 * 60_000)
    await db
      .update(outbox)
      .set({ attempts: 2, nextAttemptAt: later })
      .where(eq(outbox.toAddress, 'fenced@example.com'))
    await sending

    const [row] = await db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 2, sentAt: null })
    expect(row?.nextAttemptAt.getTime()).toBe(later.getTime())
    expect(log.saying('claim was lost')).toHaveLength(1)
  })
})
