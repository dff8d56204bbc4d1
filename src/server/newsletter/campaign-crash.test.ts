import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { killStartedServers, startServer, type Running } from '../test/server-process.ts'
import { startTestMailServer } from '../test/test-mail-server.ts'
import { createCampaign, getCampaign, sendCampaign } from './campaigns.ts'

/**
 * Issue 11: the server killed (SIGKILL) in the middle of a campaign. After the restart the
 * campaign completes, every subscriber has it once, and none is missing.
 */

const SUBSCRIBERS = 200

describe('a campaign through a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campaign-crash-'))
  afterEach(killStartedServers)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  it(
    'completes after a SIGKILL mid-send, with no e-mail twice and none missing',
    { timeout: 240_000 },
    async () => {
      const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `crash-${i}@example.com`)
      const seeding = await openDatabase({ dataDir })
      await seeding.migrate()
      await seeding.db
        .insert(newsletterSubscribers)
        .values(emails.map((email) => ({ email, verified: true, language: 'hu' as const })))
      const { id } = await createCampaign(
        seeding.db,
        { content: { hu: { subject: 'Hírek', body: 'Szia!' } }, audience: { languages: null } },
        null,
      )
      await sendCampaign(seeding.db, id, { scheduledAt: null })
      await seeding.close()

      const mail = await startTestMailServer({ closeTimeoutMs: 50 })
      const env = {
        DATA_DIR: dataDir,
        SMTP_URL: mail.url,
        PUBLIC_URL: 'http://lendulet.test',
        NEWSLETTER_RATE_PER_MINUTE: '3000', // fifty a second: the send lasts a few seconds
      }
      const first: Running = await startServer(env)
      await until('a part of the send', () => mail.received.length >= 40)
      // The server stops answering MAIL FROM: e-mails in flight wait before it has taken any.
      // What it took so far is recorded at once; then the process dies in the middle of the send.
      const release = mail.hold()
      await until('e-mails in flight', () => mail.waiting() > 0)
      await new Promise((resolve) => setTimeout(resolve, 500))
      first.child.kill('SIGKILL')
      await first.exited
      const beforeRestart = mail.received.length
      expect(beforeRestart).toBeLessThan(SUBSCRIBERS)
      release()

      const second = await startServer(env)
      await until('every subscriber’s e-mail', () => mail.received.length >= SUBSCRIBERS, 90_000)
      await new Promise((resolve) => setTimeout(resolve, 1_000)) // a late duplicate would show
      second.child.kill('SIGTERM')
      await second.exited
      await mail.close()

      const counts = new Map<string, number>()
      for (const m of mail.received)
        for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1)
      expect(new Set(counts.keys())).toEqual(new Set(emails))
      expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([])

      const after = await openDatabase({ dataDir })
      try {
        const campaign = await getCampaign(after.db, id)
        expect(campaign.status).toBe('sent')
        expect(campaign.stats).toMatchObject({
          audience: SUBSCRIBERS,
          sent: SUBSCRIBERS,
          queued: 0,
        })
      } finally {
        await after.close()
      }
    },
  )
})
