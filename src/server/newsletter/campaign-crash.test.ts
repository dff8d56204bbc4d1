import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { EVERYONE } from '#shared/schemas/campaigns.ts'
import { openDatabase } from '../db/client.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { POOL_CONNECTIONS } from '../mail/mail-worker.ts'
import { killStartedServers, startServer, type Running } from '../test/server-process.ts'
import { startTestMailServer, type TestMailServer } from '../test/test-mail-server.ts'
import { createCampaign, getCampaign, sendCampaign } from './campaigns.ts'

/**
 * Issue 11 and its follow-up: the server killed (SIGKILL) in the middle of a campaign. After the
 * restart the campaign completes and every subscriber has it. An e-mail the SMTP server took in
 * the instant before the kill, whose acceptance was not yet recorded, may come again (with the
 * same Message-ID): never more of them than the SMTP connections.
 *
 * The embedded database only: there the restarted process releases the dead one's claims at once;
 * on PostgreSQL they wait out their lease (two minutes), which ten kills cannot afford.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

/** Waits until no e-mail has arrived for `quietMs`: the last ones of a dead process are parsed. */
async function settled(mail: TestMailServer, quietMs = 200) {
  let seen = mail.received.length
  await until('the SMTP server to settle', async () => {
    await sleep(quietMs)
    const before = seen
    seen = mail.received.length
    return seen === before
  })
  return seen
}

/** A site on a data folder of its own with `count` confirmed subscribers and a campaign sending. */
async function siteWithCampaign(dataDir: string, count: number, prefix: string) {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`)
  const seeding = await openDatabase({ dataDir })
  try {
    await seeding.migrate()
    for (let start = 0; start < count; start += 1_000)
      await seeding.db
        .insert(newsletterSubscribers)
        .values(
          emails
            .slice(start, start + 1_000)
            .map((email) => ({ email, verified: true, language: 'hu' as const })),
        )
    const { id } = await createCampaign(
      seeding.db,
      { content: { hu: { subject: 'Hírek', body: 'Szia!' } }, audience: EVERYONE },
      null,
    )
    await sendCampaign(seeding.db, id, { scheduledAt: null })
    return { emails, id }
  } finally {
    await seeding.close()
  }
}

function serverEnv(dataDir: string, mail: TestMailServer, ratePerMinute: number) {
  return {
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://lendulet.test',
    NEWSLETTER_RATE_PER_MINUTE: String(ratePerMinute),
  }
}

async function campaignOf(dataDir: string, id: string) {
  const database = await openDatabase({ dataDir })
  try {
    return await getCampaign(database.db, id)
  } finally {
    await database.close()
  }
}

describe('a campaign through a crash', () => {
  const folders: string[] = []
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), 'campaign-crash-'))
    folders.push(folder)
    return folder
  }
  afterEach(killStartedServers)
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it(
    'completes after a SIGKILL while e-mails wait for the SMTP server, with none twice and none missing',
    { timeout: 240_000 },
    async () => {
      const SUBSCRIBERS = 200
      const folder = dataDir()
      const { emails, id } = await siteWithCampaign(folder, SUBSCRIBERS, 'held')
      const mail = await startTestMailServer({ closeTimeoutMs: 50 })
      const env = serverEnv(folder, mail, 3_000) // fifty a second: the send lasts a few seconds
      const first: Running = await startServer(env)
      await until('a part of the send', () => mail.received.length >= 40)
      // The server stops answering MAIL FROM: e-mails in flight wait before it has taken any.
      // What it took so far is recorded at once; then the process dies in the middle of the send.
      const release = mail.hold()
      await until('e-mails in flight', () => mail.waiting() > 0)
      await sleep(500)
      first.child.kill('SIGKILL')
      await first.exited
      expect(mail.received.length).toBeLessThan(SUBSCRIBERS)
      release()

      const second = await startServer(env)
      await until('every subscriber’s e-mail', () => mail.received.length >= SUBSCRIBERS, 90_000)
      await sleep(1_000) // a late duplicate would show
      second.child.kill('SIGTERM')
      await second.exited
      await mail.close()

      const counts = new Map<string, number>()
      for (const m of mail.received)
        for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1)
      expect(new Set(counts.keys())).toEqual(new Set(emails))
      expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([])

      const campaign = await campaignOf(folder, id)
      expect(campaign.status).toBe('sent')
      expect(campaign.stats).toMatchObject({ audience: SUBSCRIBERS, sent: SUBSCRIBERS, queued: 0 })
    },
  )

  it(
    'sends 2,000 through ten SIGKILLs at random points, at most one e-mail per SMTP connection twice per kill',
    // Eleven server starts: about 2 minutes on two cores, 4.5 while a CI run shares them.
    { timeout: 600_000 },
    async () => {
      const SUBSCRIBERS = 2_000
      const KILLS = 10
      const folder = dataDir()
      const { emails, id } = await siteWithCampaign(folder, SUBSCRIBERS, 'killed')
      const mail = await startTestMailServer({ closeTimeoutMs: 50 })
      const env = serverEnv(folder, mail, 0) // as fast as the SMTP server takes them
      // One random point in each eleventh of the send (by addresses reached), so that the kills
      // spread over the whole of it; printed, so that a failing run can be told apart.
      const slot = SUBSCRIBERS / (KILLS + 1)
      const points = Array.from({ length: KILLS }, (_, k) =>
        Math.floor((k + 0.5) * slot + randomInt(Math.floor(slot))),
      )
      const reached = () => new Set(mail.received.flatMap((m) => m.to)).size
      /** How many e-mails the SMTP server had taken when each kill's process was gone. */
      const killedAt: number[] = []

      for (const point of points) {
        const server = await startServer(env)
        const restartedAt = mail.received.length
        // The process must have sent since its start, so that it dies in the middle of a send.
        await until(
          `the send to reach ${point} addresses`,
          () => mail.received.length > restartedAt && reached() >= point,
        )
        server.child.kill('SIGKILL')
        await server.exited
        killedAt.push(await settled(mail))
      }
      const last = await startServer(env)
      await until('every subscriber’s e-mail', () => reached() >= SUBSCRIBERS, 90_000)
      await settled(mail, 1_000) // a late copy would show
      last.child.kill('SIGTERM')
      await last.exited
      await mail.close()

      // Every copy after an address's first comes from the first kill after the copy before it:
      // that e-mail was taken and not yet recorded when the process died.
      const copies = new Map<string, { at: number; messageId: string }[]>()
      mail.received.forEach((m, at) => {
        for (const to of m.to)
          copies.set(to, [...(copies.get(to) ?? []), { at, messageId: m.messageId }])
      })
      const perKill = killedAt.map(() => 0)
      const withoutKill: string[] = []
      const otherMessageId: string[] = []
      for (const [to, list] of copies)
        for (let i = 1; i < list.length; i++) {
          const previous = list[i - 1]
          const copy = list[i]
          if (!previous || !copy) continue
          if (copy.messageId !== list[0]?.messageId) otherMessageId.push(to)
          const kill = killedAt.findIndex((count) => count > previous.at)
          if (kill < 0 || copy.at < (killedAt[kill] ?? 0)) withoutKill.push(to)
          else perKill[kill] = (perKill[kill] ?? 0) + 1
        }
      const report = `kill points ${points.join(', ')}; e-mails taken at each kill ${killedAt.join(', ')}; copies per kill ${perKill.join(', ')}`
      console.info(`campaign crash: ${report}`)

      expect(new Set(copies.keys()), report).toEqual(new Set(emails))
      expect(withoutKill, report).toEqual([])
      expect(otherMessageId, report).toEqual([])
      expect(Math.max(...perKill), report).toBeLessThanOrEqual(POOL_CONNECTIONS)

      const campaign = await campaignOf(folder, id)
      expect(campaign.status).toBe('sent')
      expect(campaign.stats).toMatchObject({
        audience: SUBSCRIBERS,
        sent: copies.size,
        queued: 0,
        failed: 0,
        bounced: 0,
      })
    },
  )
})
