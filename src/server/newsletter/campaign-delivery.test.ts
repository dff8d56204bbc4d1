import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { Language } from '#shared/languages.ts'
import { EVERYONE, type CampaignDraft } from '#shared/schemas/campaigns.ts'
import type { Db } from '../db/client.ts'
import { campaignRecipients } from '../db/schema/campaigns.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { tidyUp } from '../janitor.ts'
import { POOL_CONNECTIONS, startMailWorker } from '../mail/mail-worker.ts'
import { createTestDatabase } from '../test/test-database.ts'
import { startTestMailServer, type TestMailServer } from '../test/test-mail-server.ts'
import {
  createCampaignDelivery,
  nextBatchSize,
  SEND_BATCH,
  type CampaignDelivery,
} from './campaign-delivery.ts'
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  pauseCampaign,
  resumeCampaign,
  sendCampaign,
} from './campaigns.ts'

const FROM = 'Lendület <hello@lendulet.fit>'
const BASE_URL = 'http://localhost:3000'
const SECRET = 'campaign-delivery-test-secret-0123456789'
/** Test-sized delays: a refused message is tried again within a fraction of a second. */
const FAST = { connectionMs: 500, greetingMs: 500, socketMs: 3_000, sendMs: 4_000 }

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

const silentLogger = pino({ level: 'silent' })

async function freshDatabase() {
  const database = await createTestDatabase()
  cleanup.push(database.close)
  return database
}

/** A folder of the test's own, removed after it. */
function folder() {
  const path = mkdtempSync(join(tmpdir(), 'campaign-delivery-'))
  cleanup.push(async () => rmSync(path, { recursive: true, force: true }))
  return path
}

async function mailServer(listenPort?: number) {
  const mail = await startTestMailServer({ listenPort, closeTimeoutMs: 50 })
  cleanup.push(mail.close)
  return mail
}

/** A mail worker that sends campaigns, as a server process runs it. */
function worker(
  db: Db,
  smtpUrl: string,
  {
    ratePerMinute = 0,
    watch = (delivery: CampaignDelivery) => delivery,
    journalPath,
    sendMs = FAST.sendMs,
  }: {
    /** A batch's deadline: a batch that runs out of it gives its e-mails back. */
    sendMs?: number
    ratePerMinute?: number
    watch?: (delivery: CampaignDelivery) => CampaignDelivery
    /** The embedded database's way: the sole sender writes acceptances to this file first. */
    journalPath?: string
  } = {},
) {
  const sender = startMailWorker({
    db,
    logger: silentLogger,
    from: () => FROM,
    smtpUrl,
    pollMs: 50,
    timeouts: { ...FAST, sendMs },
    leaseMs: sendMs + 2_000,
    retryBaseMs: 50,
    maxPauseMs: 200,
    campaigns: watch(
      createCampaignDelivery({
        db,
        secret: SECRET,
        baseUrl: BASE_URL,
        from: FROM,
        ratePerMinute,
        soleSender: journalPath !== undefined,
        journalPath,
      }),
    ),
  })
  cleanup.push(() => sender.stop())
  return sender
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function seedSubscribers(db: Db, count: number, prefix: string, language: Language = 'hu') {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`)
  await db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      email,
      name: `Reader ${email}`,
      verified: true,
      language,
      confirmedAt: new Date(),
    })),
  )
  return emails
}

const DRAFT: CampaignDraft = {
  content: {
    hu: { subject: 'Tavaszi hírek', body: '# Szia!\n\nItt a **tavasz**.' },
    en: { subject: 'Spring news', body: '# Hello!\n\nSpring is **here**.' },
  },
  audience: EVERYONE,
}

async function startCampaign(db: Db, draft: CampaignDraft = DRAFT) {
  const { id } = await createCampaign(db, draft, null)
  await sendCampaign(db, id, { scheduledAt: null })
  return id
}

/** Every address the servers took the campaign for, with how often. */
function deliveries(...servers: TestMailServer[]) {
  const counts = new Map<string, number>()
  for (const server of servers)
    for (const m of server.received)
      for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

const finished = async (db: Db, id: string) => (await getCampaign(db, id)).status === 'sent'

describe('campaign delivery', () => {
  it('keeps to the rate when several processes claim at the same moment', async () => {
    const { db } = await freshDatabase()
    await seedSubscribers(db, 20, 'racer')
    await startCampaign(db)
    const processes = [1, 2, 3, 4].map(() =>
      createCampaignDelivery({
        db,
        secret: SECRET,
        baseUrl: BASE_URL,
        from: FROM,
        ratePerMinute: 3,
      }),
    )
    await processes[0]?.prepare()
    // Every process claims twice at once, as workers polling together do (on PostgreSQL each
    // claim has a connection of its own).
    const claims = await Promise.all(processes.flatMap((p) => [p.claim(60_000), p.claim(60_000)]))
    expect(claims.flatMap(({ claimed }) => claimed)).toHaveLength(3)
  })

  it('sends each subscriber her language once, retries a 4xx, and bounces a 550 for good', async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    const hu = await seedSubscribers(db, 6, 'olvaso', 'hu')
    const [reader] = await seedSubscribers(db, 1, 'reader', 'en')
    const [lector] = await seedSubscribers(db, 1, 'lector', 'es')
    const refusedAddress = hu[2] ?? ''
    mail.refuse(refusedAddress, 550)
    mail.failNext(2) // two temporary refusals (451) somewhere in the send
    const id = await startCampaign(db)
    worker(db, mail.url).wake()

    await until('the campaign to finish', () => finished(db, id))
    const counts = deliveries(mail)
    const expected = [...hu, reader, lector].filter((email) => email !== refusedAddress)
    expect(new Set(counts.keys())).toEqual(new Set(expected))
    expect([...counts.values()].every((n) => n === 1)).toBe(true)

    // Her own language, and Hungarian for a language without its own version.
    expect(mail.received.find((m) => m.to.includes(reader ?? ''))?.subject).toBe('Spring news')
    expect(mail.received.find((m) => m.to.includes(lector ?? ''))?.subject).toBe('Tavaszi hírek')

    const campaign = await getCampaign(db, id)
    expect(campaign.stats).toMatchObject({ audience: 8, sent: 7, bounced: 1, queued: 0, failed: 0 })
    expect(campaign.problems).toEqual([
      { email: refusedAddress, status: 'bounced', error: expect.stringMatching(/550/) },
    ])
    const [bouncing] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, refusedAddress))
    expect(bouncing?.bouncedAt).toBeInstanceOf(Date)

    // A bouncing subscriber gets no further campaigns.
    const next = await startCampaign(db)
    await until('the second campaign to finish', () => finished(db, next))
    expect((await getCampaign(db, next)).stats.audience).toBe(7)
    expect(deliveries(mail).get(refusedAddress)).toBeUndefined()
  })

  it(
    'delivers every e-mail once the SMTP server is back from an outage mid-send, none twice',
    { timeout: 90_000 },
    async () => {
      const { db } = await freshDatabase()
      const first = await mailServer()
      const port = Number(new URL(first.url).port)
      const emails = await seedSubscribers(db, 120, 'outage')
      // 600 a minute: ten a second, so the outage falls in the middle of the send.
      const id = await startCampaign(db)
      worker(db, first.url, { ratePerMinute: 600 }).wake()

      await until('a part of the send', () => first.received.length >= 20)
      // The server goes away between two of the worker's one-second shares.
      let settled = first.received.length
      await until('a quiet moment', async () => {
        const before = settled
        await sleep(150)
        settled = first.received.length
        return settled === before
      })
      await first.close()
      await sleep(1_500) // the worker finds it gone and pauses
      const during = await getCampaign(db, id)
      expect(during.status).toBe('sending')
      expect(during.stats.queued).toBeGreaterThan(0)

      const second = await mailServer(port)
      await until('the campaign to finish', () => finished(db, id), 60_000)
      const counts = deliveries(first, second)
      expect(new Set(counts.keys())).toEqual(new Set(emails))
      expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([])
      expect(second.received.length).toBeGreaterThan(0)
    },
  )

  it(
    'with two workers on one database, each subscriber gets the campaign exactly once',
    { timeout: 90_000 },
    async () => {
      const { db } = await freshDatabase()
      const mail = await mailServer()
      const emails = await seedSubscribers(db, 300, 'twice')
      const id = await startCampaign(db)
      worker(db, mail.url).wake()
      worker(db, mail.url).wake()

      await until('the campaign to finish', () => finished(db, id), 60_000)
      const counts = deliveries(mail)
      expect(counts.size).toBe(emails.length)
      expect([...counts.values()].every((n) => n === 1)).toBe(true)
      // The database's own promise: one row per campaign and address.
      await expect(
        db.insert(campaignRecipients).values({
          campaignId: id,
          email: emails[0] ?? '',
          language: 'hu',
        }),
      ).rejects.toThrow()
    },
  )

  it.each([
    ['in the database', false],
    ['in the journal', true],
  ])(
    'hands an SMTP connection its next e-mail only once the last one is recorded as sent (%s)',
    async (_, withJournal) => {
      const { db } = await freshDatabase()
      const mail = await mailServer()
      await seedSubscribers(db, 120, 'lane')
      const id = await startCampaign(db)
      // Handed over (its message built for the SMTP connection) and not yet recorded: what a crash
      // could send again.
      let inFlight = 0
      let most = 0
      worker(db, mail.url, {
        journalPath: withJournal ? join(folder(), 'sent.journal') : undefined,
        // No batch runs out of time however busy the machine: a send cut off by its deadline never
        // reaches markSent, and would be counted here as in flight for good.
        sendMs: 60_000,
        watch: (delivery) => ({
          ...delivery,
          raw(recipient, sender) {
            most = Math.max(most, ++inFlight)
            return delivery.raw(recipient, sender)
          },
          async markSent(recipient) {
            const recorded = await delivery.markSent(recipient)
            inFlight--
            return recorded
          },
        }),
      }).wake()

      await until('the campaign to finish', () => finished(db, id))
      expect(most).toBe(POOL_CONNECTIONS)
      expect((await getCampaign(db, id)).stats).toMatchObject({ sent: 120, queued: 0 })
      expect(deliveries(mail).size).toBe(120)
    },
  )

  it('takes what the journal lists as sent after a crash, and sends it to nobody again', async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    await seedSubscribers(db, 30, 'journal')
    const id = await startCampaign(db)
    // A process died after the SMTP server took three e-mails: they were written to the journal
    // and never reached the database; its claim on the rest of the batch stands.
    const journalPath = join(folder(), 'sent.journal')
    const dead = createCampaignDelivery({
      db,
      secret: SECRET,
      baseUrl: BASE_URL,
      from: FROM,
      ratePerMinute: 0,
      soleSender: true,
      journalPath,
    })
    await dead.prepare()
    const { claimed } = await dead.claim(60_000)
    const taken = claimed.slice(0, 3)
    for (const recipient of taken) expect(await dead.markSent(recipient)).toBe(false)

    worker(db, mail.url, { journalPath }).wake()
    await until('the campaign to finish', () => finished(db, id))
    const got = deliveries(mail)
    expect(got.size).toBe(27)
    for (const recipient of taken) expect(got.has(recipient.email)).toBe(false)
    expect((await getCampaign(db, id)).stats).toMatchObject({ audience: 30, sent: 30, queued: 0 })
    expect(readFileSync(journalPath, 'utf8')).toBe('')
  })

  it('keeps to NEWSLETTER_RATE_PER_MINUTE', { timeout: 30_000 }, async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    await seedSubscribers(db, 12, 'rate')
    const id = await startCampaign(db)
    worker(db, mail.url, { ratePerMinute: 5 }).wake()

    await until('the first minute’s five', () => mail.received.length >= 5)
    await sleep(2_500)
    // Whatever the machine's speed: not one more within the minute.
    expect(mail.received).toHaveLength(5)
    const campaign = await getCampaign(db, id)
    expect(campaign.stats).toMatchObject({ audience: 12, sent: 5, queued: 7 })
    expect(campaign.status).toBe('sending')
  })

  it('pauses, resumes and cancels within a second', { timeout: 30_000 }, async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    await seedSubscribers(db, 40, 'control')
    const id = await startCampaign(db)
    worker(db, mail.url, { ratePerMinute: 600 }).wake()
    await until('a first share', () => mail.received.length >= 1)

    await pauseCampaign(db, id)
    await sleep(1_200)
    const paused = mail.received.length
    await sleep(1_500)
    expect(mail.received.length).toBe(paused)

    await resumeCampaign(db, id)
    await until('sending again', () => mail.received.length > paused, 5_000)
    await cancelCampaign(db, id)
    await sleep(1_200)
    const cancelled = mail.received.length
    await sleep(1_500)
    expect(mail.received.length).toBe(cancelled)
    const campaign = await getCampaign(db, id)
    expect(campaign.status).toBe('cancelled')
    expect(campaign.stats.sent).toBe(cancelled)
    expect(campaign.stats.queued).toBe(40 - cancelled)
  })

  it('leaves out whoever unsubscribes before her turn, and keeps only the figures after a year', async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    const emails = await seedSubscribers(db, 6, 'leaver')
    const id = await startCampaign(db)
    const sender = worker(db, mail.url)
    await sender.drain() // writes the recipients (and sends them)…
    expect((await getCampaign(db, id)).status).toBe('sent')

    // …a second one, paused, while one subscriber leaves before it reaches her.
    const next = await startCampaign(db)
    await pauseCampaign(db, next)
    sender.wake()
    await until('its recipients', async () => (await getCampaign(db, next)).stats.audience === 6)
    expect((await getCampaign(db, next)).stats).toMatchObject({ audience: 6, queued: 6 })
    await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, emails[0] ?? ''))
    await resumeCampaign(db, next)
    sender.wake()
    await until('the second campaign to finish', () => finished(db, next))
    expect((await getCampaign(db, next)).stats).toMatchObject({ audience: 5, sent: 5 })
    expect(deliveries(mail).get(emails[0] ?? '')).toBe(1)

    // A year after, the delivery record goes; the campaign keeps its figures.
    const figures = (await getCampaign(db, id)).stats
    await tidyUp(db, Date.now() + 366 * 24 * 60 * 60_000)
    const rows = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
    expect(rows).toEqual([])
    expect((await getCampaign(db, id)).stats).toEqual(figures)
  })

  it('starts a scheduled campaign that was scheduled before the worker (a restart) ran', async () => {
    const { db } = await freshDatabase()
    const mail = await mailServer()
    const emails = await seedSubscribers(db, 3, 'scheduled')
    const { id } = await createCampaign(db, DRAFT, null)
    // Scheduled while no worker runs (the server is down): nothing lives in memory but the row.
    await sendCampaign(db, id, { scheduledAt: new Date(Date.now() + 1_000) })
    await sleep(1_200)
    expect((await getCampaign(db, id)).status).toBe('scheduled')

    worker(db, mail.url).wake()
    await until('the scheduled campaign to finish', () => finished(db, id))
    expect(new Set(deliveries(mail).keys())).toEqual(new Set(emails))
  })
})

describe('the size of a campaign batch', () => {
  const deadlineMs = 60_000
  it('grows while full batches end well within their deadline, up to its most', () => {
    let size: number = SEND_BATCH.first
    const sizes = [size]
    for (let i = 0; i < 6; i++) {
      size = nextBatchSize(size, { claimed: size, elapsedMs: 500, deadlineMs, ranOut: false })
      sizes.push(size)
    }
    expect(sizes).toEqual([50, 100, 200, 400, 400, 400, 400])
  })
  it('stays after a batch that was not full or took a tenth of its deadline or more', () => {
    expect(nextBatchSize(100, { claimed: 30, elapsedMs: 10, deadlineMs, ranOut: false })).toBe(100)
    expect(nextBatchSize(100, { claimed: 100, elapsedMs: 6_000, deadlineMs, ranOut: false })).toBe(
      100,
    )
  })
  it('halves after a batch that ran out of time, down to its least', () => {
    expect(nextBatchSize(400, { claimed: 400, elapsedMs: 60_000, deadlineMs, ranOut: true })).toBe(
      200,
    )
    expect(nextBatchSize(12, { claimed: 12, elapsedMs: 60_000, deadlineMs, ranOut: true })).toBe(
      SEND_BATCH.least,
    )
  })
})
