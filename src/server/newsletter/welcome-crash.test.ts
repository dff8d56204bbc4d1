import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { welcomeDeliveries, welcomeEmails, welcomeSeries } from '../db/schema/welcome-series.ts'
import { killStartedServers, startServer } from '../test/server-process.ts'
import { startTestMailServer } from '../test/test-mail-server.ts'

/**
 * Issue 42 part 1: the server killed (SIGKILL) while its welcome e-mails go out. After the restart
 * every new subscriber has her welcome e-mail, and none twice beyond the outbox's in-flight bound:
 * the outbox sends one message at a time, so at most the one the SMTP server took in the instant
 * before the kill comes again (with the same Message-ID). The message in flight waits out its
 * claim's lease (the send's deadline and a minute) before the restarted process sends it.
 */

const SUBSCRIBERS = 120
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(what: string, done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

describe('the welcome series through a crash', () => {
  const folder = mkdtempSync(join(tmpdir(), 'welcome-crash-'))
  afterEach(killStartedServers)
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it(
    'welcomes every new subscriber after a SIGKILL in the middle of the send, at most the one in flight twice',
    { timeout: 360_000 },
    async () => {
      const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `new-${i}@example.com`)
      const seeding = await openDatabase({ dataDir: folder })
      try {
        await seeding.migrate()
        // The series has been on for a day; they all confirmed just now.
        await seeding.db
          .insert(welcomeSeries)
          .values({ id: 1, enabled: true, startedAt: new Date(Date.now() - 86_400_000) })
        await seeding.db.insert(welcomeEmails).values({
          position: 1,
          delayDays: 0,
          content: { hu: { subject: 'Üdv nálunk', body: 'Szia! Jó, hogy itt vagy.' } },
        })
        await seeding.db.insert(newsletterSubscribers).values(
          emails.map((email) => ({
            email,
            verified: true,
            confirmedAt: new Date(),
            language: 'hu' as const,
          })),
        )
      } finally {
        await seeding.close()
      }

      const mail = await startTestMailServer({ closeTimeoutMs: 50 })
      const env = { DATA_DIR: folder, SMTP_URL: mail.url, PUBLIC_URL: 'http://lendulet.test' }
      const welcomes = () => mail.received.filter((m) => m.subject === 'Üdv nálunk')
      const first = await startServer(env)
      // Killed once the send is under way, a third of the way through.
      await until(
        'a part of the welcome e-mails',
        () => welcomes().length >= SUBSCRIBERS / 3,
        120_000,
      )
      first.child.kill('SIGKILL')
      await first.exited
      const atKill = welcomes().length
      expect(atKill).toBeLessThan(SUBSCRIBERS)

      const second = await startServer(env)
      const reached = () => new Set(welcomes().flatMap((m) => m.to)).size
      await until('every subscriber’s welcome e-mail', () => reached() >= SUBSCRIBERS, 240_000)
      await sleep(1_000) // a late copy would show
      second.child.kill('SIGTERM')
      await second.exited
      await mail.close()

      const copies = new Map<string, string[]>()
      for (const m of welcomes())
        for (const to of m.to) copies.set(to, [...(copies.get(to) ?? []), m.messageId])
      expect(new Set(copies.keys())).toEqual(new Set(emails))
      const twice = [...copies.entries()].filter(([, ids]) => ids.length > 1)
      expect(twice.length).toBeLessThanOrEqual(1)
      for (const [, ids] of twice) expect(new Set(ids).size).toBe(1) // the same e-mail again

      // Each was queued once and recorded once, whatever the kill interrupted.
      const database = await openDatabase({ dataDir: folder })
      try {
        expect(await database.db.$count(welcomeDeliveries)).toBe(SUBSCRIBERS)
        const queued = await database.db.select({ to: outbox.toAddress }).from(outbox)
        expect(queued.filter((row) => emails.includes(row.to))).toHaveLength(SUBSCRIBERS)
      } finally {
        await database.close()
      }
    },
  )
})
