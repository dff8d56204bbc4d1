/**
 * A newsletter campaign to 10,000 confirmed subscribers (issue 11; 500 under BENCH_QUICK=1), the
 * rate limit off, through a local SMTP server (smtp-server) that only counts what it takes:
 * - time to start: from the admin's "send now" until every recipient row is written;
 * - delivery throughput, from the first e-mail taken to the last;
 * - the server process's resident memory before the send and its peak during it (the kernel's
 *   high-water mark, reset when the send starts);
 * - then the same send with every tenth address suppressed (issue 42): its time to start and
 *   throughput beside the plain send's, and that no suppressed address got it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { sampleMemory } from '#server/test/memory-sampler.ts'
import { seedConfirmedSubscribers, seedSuppressions } from '#server/test/seed-subscribers.ts'
import { BENCH_ADMIN, signUpBenchAdmin, type BenchRow } from './live-clients.ts'
import { startServerProcess } from './server-process.ts'
import { sized } from './sizes.ts'

export type CampaignBenchRow = BenchRow

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? sized(10_000, 500))
const ADMIN = BENCH_ADMIN
/** The goal, local SMTP and the rate limit off (issue 11's 300 had been the target, lowered). */
const MAILS_PER_SECOND = 2_000

/** An SMTP server that counts deliveries per address and keeps only the admin's e-mails. */
async function countingSmtpServer() {
  const deliveries = new Map<string, number>()
  const adminMail: string[] = []
  let first = 0
  let last = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address)
      const keep = to.includes(ADMIN.email)
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        if (keep) raw += chunk.toString()
      })
      stream.on('end', () => {
        const now = performance.now()
        if (keep) adminMail.push(raw)
        else {
          first ||= now
          last = now
          for (const address of to) deliveries.set(address, (deliveries.get(address) ?? 0) + 1)
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    adminMail,
    window: () => (last - first) / 1000,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** CPU time a process has used so far, user and system, in ms (Linux /proc; 100 ticks a second). */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (process.env.BENCH_SERVER_LOG) console.error(`bench: ${what}…`)
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** What one send measured. */
interface SendFigures {
  answeredMs: number
  writtenMs: number
  perSecond: number
  cpuPerThousandMs: number
  rssBeforeMb: number
  peakMb: number
  twice: number
  /** E-mails that reached a suppressed address (must be none). */
  toSuppressed: number
}

/**
 * One campaign to SUBSCRIBERS confirmed subscribers, of which every `suppressEvery`-th address
 * is suppressed (decision 0083: a hard bounce, as a provider's report leaves it), on its own
 * data folder and server process.
 */
async function sendOnce(suppressEvery: number | null): Promise<SendFigures> {
  const smtp = await countingSmtpServer()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-campaign-'))
  try {
    // 10,000 confirmed subscribers, written before the server starts.
    const emails = await seedConfirmedSubscribers(dataDir, SUBSCRIBERS)
    const suppressed = suppressEvery ? emails.filter((_, i) => i % suppressEvery === 0) : []
    await seedSuppressions(dataDir, suppressed)
    const audience = SUBSCRIBERS - suppressed.length

    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAILS: ADMIN.email,
      NEWSLETTER_RATE_PER_MINUTE: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', // the ready line is at info
    })
    const pid = server.child.pid ?? 0
    try {
      // The admin, confirmed by the link this SMTP server kept, with two-step sign-in on.
      const { admin } = await signUpBenchAdmin(`http://127.0.0.1:${server.port}`, async () => {
        await until('the verification e-mail', () => smtp.adminMail.length > 0, 30_000)
        const verification = await simpleParser(smtp.adminMail[0] ?? '')
        return [...(verification.text ?? '').matchAll(/http:\/\/localhost:3000\/\S+/g)].map(
          (m) => m[0],
        )
      })
      const call = async (path: string, body?: unknown) =>
        (await admin.call(path, body)).json() as Promise<Record<string, unknown>>

      const campaign = await call('/api/admin/newsletter/campaigns', {
        content: {
          hu: {
            subject: 'Tavaszi hírek',
            body: '# Szia!\n\nItt a **tavasz**: [blog](https://lendulet.fit/blog).',
          },
          en: {
            subject: 'Spring news',
            body: '# Hello!\n\nSpring is **here**: [blog](https://lendulet.fit/blog).',
          },
        },
      })
      const id = String(campaign.id)
      // The send's own peak, not the start's (higher, on a new data folder).
      const memory = sampleMemory(pid, { intervalMs: 100 })
      memory.resetPeak()
      const rssBeforeMb = memory.currentMb
      const cpuBefore = cpuMsOf(pid)

      const started = performance.now()
      await call(`/api/admin/newsletter/campaigns/${id}/send`, {})
      const answeredMs = performance.now() - started
      await until(
        'every recipient written',
        async () =>
          ((await call(`/api/admin/newsletter/campaigns/${id}`)).stats as { audience: number })
            .audience >= audience,
        60_000,
      )
      const writtenMs = performance.now() - started
      await until('every e-mail taken', () => smtp.deliveries.size >= audience, 600_000)
      const peakMb = memory.peakMb
      memory.stop()
      return {
        answeredMs,
        writtenMs,
        perSecond: audience / smtp.window(),
        cpuPerThousandMs: ((cpuMsOf(pid) - cpuBefore) / audience) * 1_000,
        rssBeforeMb,
        peakMb,
        twice: [...smtp.deliveries.values()].filter((n) => n > 1).length,
        toSuppressed: suppressed.filter((email) => smtp.deliveries.has(email)).length,
      }
    } finally {
      await server.stop()
    }
  } finally {
    await smtp.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The plain send, then the same with 10 % of the addresses suppressed (issue 42), in one run. */
export async function benchCampaigns(): Promise<CampaignBenchRow[]> {
  const plain = await sendOnce(null)
  const withSuppressed = await sendOnce(10)
  const n = SUBSCRIBERS.toLocaleString('en')
  const suppressedLabel = `campaign to ${n}, 10 % suppressed`
  return [
    {
      measure: `campaign to ${n}: "send now" answered`,
      value: `${plain.answeredMs.toFixed(0)} ms`,
      target: '-',
      ok: null,
    },
    {
      measure: `campaign to ${n}: every recipient written`,
      value: `${(plain.writtenMs / 1000).toFixed(2)} s`,
      target: '≤ 3 s',
      ok: plain.writtenMs <= 3_000,
    },
    {
      measure: 'campaign delivery throughput (rate limit off, local SMTP)',
      value: `${plain.perSecond.toFixed(0)} mails/s`,
      target: `≥ ${MAILS_PER_SECOND.toLocaleString('en')} mails/s`,
      ok: plain.perSecond >= MAILS_PER_SECOND,
    },
    {
      // CPU time depends less than the rate on what else the machine is doing.
      measure: 'campaign: server CPU per 1,000 e-mails (start and send)',
      value: `${(plain.cpuPerThousandMs / 1000).toFixed(2)} s`,
      target: '-',
      ok: null,
    },
    {
      measure: 'campaign: server resident memory before → peak during the send (above)',
      value: `${plain.rssBeforeMb.toFixed(0)} → ${plain.peakMb.toFixed(0)} MB (+${(plain.peakMb - plain.rssBeforeMb).toFixed(0)})`,
      target: '≤ +64 MB',
      ok: plain.peakMb - plain.rssBeforeMb <= 64,
    },
    {
      measure: 'campaign: addresses that got it twice',
      value: String(plain.twice),
      target: '0',
      ok: plain.twice === 0,
    },
    {
      measure: `${suppressedLabel}: every recipient written (plain send above, same run)`,
      value: `${(withSuppressed.writtenMs / 1000).toFixed(2)} s (plain ${(plain.writtenMs / 1000).toFixed(2)} s)`,
      target: '≤ 3 s',
      ok: withSuppressed.writtenMs <= 3_000,
    },
    {
      measure: `${suppressedLabel}: delivery throughput (plain send above, same run)`,
      value: `${withSuppressed.perSecond.toFixed(0)} mails/s (plain ${plain.perSecond.toFixed(0)})`,
      target: `≥ ${MAILS_PER_SECOND.toLocaleString('en')} mails/s`,
      ok: withSuppressed.perSecond >= MAILS_PER_SECOND,
    },
    {
      measure: `${suppressedLabel}: e-mails to a suppressed address, addresses that got it twice`,
      value: `${withSuppressed.toSuppressed}, ${withSuppressed.twice}`,
      target: '0, 0',
      ok: withSuppressed.toSuppressed === 0 && withSuppressed.twice === 0,
    },
  ]
}

// `node bench/campaigns.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchCampaigns())
