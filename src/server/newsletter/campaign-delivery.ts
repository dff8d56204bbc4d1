import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import type { CampaignAudience, CampaignContent } from '#shared/schemas/campaigns.ts'
import type { Db, Tx } from '../db/client.ts'
import { campaignRecipients, newsletterCampaigns } from '../db/schema/campaigns.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { emailTranslator } from '../i18n.ts'
import type { RenderedEmail } from '../mail/templates.ts'
import { siteLink } from '../mail/site-link.ts'
import { audienceFilter, audienceOf } from './campaigns.ts'
import { campaignEmail, personalise } from './campaign-content.ts'
import { campaignMime, type CampaignMime } from './campaign-mime.ts'
import { openSentJournal, type SentJournal } from './sent-journal.ts'
import { campaignUnsubscribeKey } from './tokens.ts'

/**
 * Recipient rows written per statement when a campaign starts. 500, not 2,000: on PGlite each
 * statement's working memory grows WebAssembly memory, which never shrinks; the 10,000-recipient
 * bench's peak above idle went from +65 MB to +40–47 MB, the writing from 1.3 s to 1.3–1.8 s.
 */
const WRITE_BATCH = 500
/**
 * A campaign's e-mails claimed together, sent side by side over the SMTP lanes, settled together.
 * The whole batch must end within sendMs (it shares one deadline, inside the lease), so a batch
 * starts at 50 and grows only while batches end well within it (nextBatchSize, decision 0070).
 */
export const SEND_BATCH = { first: 50, least: 10, most: 400 }

/**
 * The next batch's size: doubled after a full batch that took under a tenth of its deadline,
 * halved after one that ran out of time, else the same. Each claim and settle is a few database
 * statements whatever its size: 200 a batch spend half the database time per e-mail of 50.
 */
export function nextBatchSize(
  size: number,
  last: { claimed: number; elapsedMs: number; deadlineMs: number; ranOut: boolean },
): number {
  if (last.ranOut) return Math.max(SEND_BATCH.least, Math.floor(size / 2))
  if (last.claimed >= size && last.elapsedMs < last.deadlineMs / 10)
    return Math.min(SEND_BATCH.most, size * 2)
  return size
}
/** Temporary failures (4xx) of one recipient before she is given up as failed. */
const MAX_ATTEMPTS = 8

export type Recipient = typeof campaignRecipients.$inferSelect

/** What became of one recipient's e-mail. */
export type Outcome =
  /** `recorded`: already written by markSent. */
  | { kind: 'sent'; recorded?: boolean }
  /** A permanent refusal (5xx): she is bounced and gets no further campaigns. */
  | { kind: 'bounced'; reason: string }
  /** A temporary refusal (4xx): tried again later, with back-off. */
  | { kind: 'retry'; reason: string; delayMs: number }
  /** The SMTP server did not answer: not her fault, not counted; tried again after `delayMs`. */
  | { kind: 'release'; delayMs: number; reason: string }

/** A header nodemailer sends as it is (it would otherwise encode the whole value). */
type PreparedHeader = { prepared: true; value: string }

export interface CampaignMessage extends RenderedEmail {
  to: string
  headers: Record<string, string | PreparedHeader>
  messageId: string
}

export interface CampaignDeliveryOptions {
  db: Db
  /** Keys the unsubscribe links. */
  secret: string
  baseUrl: string
  /** The From address: its domain names the list and the Message-IDs. */
  from: string
  /** NEWSLETTER_RATE_PER_MINUTE: campaign e-mails per minute across all processes; 0 = no limit. */
  ratePerMinute: number
  /** A campaign's figures or state changed (live progress). */
  onProgress?: (campaignId: string) => void
  /**
   * This is the only process that sends (the embedded database: one process per DATA_DIR), so
   * claims left by an earlier run died with it and are released at the first pass instead of
   * waiting out their lease. Never with several processes on PostgreSQL.
   */
  soleSender?: boolean
  /**
   * With `soleSender`: a file in the database's folder where each acceptance is written the moment
   * the SMTP server takes the e-mail, the database being told in groups after (sent-journal.ts).
   * Without it, each acceptance waits for its database write (group commit).
   */
  journalPath?: string
}

export interface CampaignDelivery {
  /** Starts scheduled campaigns that are due, writes missing recipients, finishes completed ones. */
  prepare(): Promise<void>
  /**
   * Claims due recipients of sending campaigns for this worker, at most `leaseMs` long, within
   * the rate limit. `wait` is set when the rate limit holds the rest back for that long.
   */
  claim(leaseMs: number, most?: number): Promise<{ claimed: Recipient[]; waitMs?: number }>
  message(recipient: Recipient): CampaignMessage
  /**
   * Her message as the SMTP server receives it, from a template built once (campaign-mime.ts);
   * null when her address needs nodemailer's encoding (then `message`).
   */
  raw(
    recipient: Recipient,
    sender: string,
  ): { envelopeFrom: string; message: string; messageId: string } | null
  /**
   * Records that the SMTP server took her e-mail, at once, so that a crash after it cannot send it
   * again (docs/decisions/0024, 0070). True when the database has it; false when the journal has
   * it, and `settle` writes it to the database.
   */
  markSent(recipient: Recipient): Promise<boolean>
  /** Records what became of claimed recipients (only while their claim stands). */
  settle(results: { recipient: Recipient; outcome: Outcome }[]): Promise<void>
}

/**
 * A campaign's e-mail in one language, the same for all its readers of that language: a language
 * without its own version gets the Hungarian one (SPEC: hu is the fallback).
 */
export function campaignEmailIn(
  campaignId: string,
  content: Partial<Record<Language, CampaignContent>>,
  language: Language,
  baseUrl: string,
): { email: RenderedEmail; shown: Language } {
  // A language without its own version gets the Hungarian one (SPEC: hu is the fallback).
  const own = content[language]
  const shown = own && own.subject.trim() !== '' && own.body.trim() !== '' ? language : 'hu'
  const version = content[shown] ?? { subject: '', body: '' }
  const email = campaignEmail({
    language: shown,
    subject: version.subject,
    body: version.body,
    webUrl: siteLink(baseUrl, `/newsletter/issues/${campaignId}`, shown),
    baseUrl,
  })
  return { email, shown }
}

/**
 * One recipient's ways out: the page her e-mail links to, and the one-click address, in the
 * language the e-mail is written in (Hungarian when hers has no version).
 */
export function unsubscribeLinksOf(
  secret: string,
  baseUrl: string,
  recipientId: number,
  shown: Language,
) {
  const key = campaignUnsubscribeKey(secret, recipientId)
  return {
    page: siteLink(baseUrl, '/newsletter/unsubscribe', shown, { token: key }),
    oneClick: siteLink(baseUrl, '/api/newsletter/one-click', shown, { key }),
  }
}

/** The sender's domain, for Message-IDs and the List-Id. */
export function domainOf(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
}

export function createCampaignDelivery({
  db,
  secret,
  baseUrl,
  from,
  ratePerMinute,
  onProgress = () => {},
  soleSender = false,
  journalPath,
}: CampaignDeliveryOptions): CampaignDelivery {
  let claimsReleased = !soleSender
  const journal = soleSender && journalPath ? openSentJournal(journalPath) : null
  const domain = domainOf(from)
  // RFC 2919: the name may be an encoded word, the id in angle brackets must stay plain. The same
  // for every e-mail of every campaign: made once, not per recipient.
  const listId = `=?UTF-8?B?${Buffer.from(emailTranslator('hu')('campaign.listName')).toString('base64')}?= <newsletter.${domain}>`
  /**
   * Rendered once per campaign and language, with the language it is written in; a started
   * campaign's content no longer changes.
   */
  const rendered = new Map<string, { email: RenderedEmail; shown: Language }>()
  const contentCache = new Map<string, Partial<Record<Language, CampaignContent>>>()

  async function contentOf(campaignId: string) {
    let content = contentCache.get(campaignId)
    if (!content) {
      const [row] = await db
        .select({ content: newsletterCampaigns.content })
        .from(newsletterCampaigns)
        .where(eq(newsletterCampaigns.id, campaignId))
      content = row?.content ?? {}
      if (contentCache.size > 50) contentCache.clear()
      contentCache.set(campaignId, content)
    }
    return content
  }

  function emailFor(
    campaignId: string,
    content: Partial<Record<Language, CampaignContent>>,
    language: Language,
  ) {
    const key = `${campaignId}|${language}`
    let cached = rendered.get(key)
    if (!cached) {
      cached = campaignEmailIn(campaignId, content, language, baseUrl)
      if (rendered.size > 200) rendered.clear()
      rendered.set(key, cached)
    }
    return cached
  }

  /** Scheduled campaigns whose time has come start sending; one process wins each. */
  async function startDue() {
    const started = await db
      .update(newsletterCampaigns)
      .set({ status: 'sending', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(newsletterCampaigns.status, 'scheduled'),
          lte(newsletterCampaigns.scheduledAt, sql`now()`),
        ),
      )
      .returning({ id: newsletterCampaigns.id })
    for (const { id } of started) onProgress(id)
  }

  /**
   * Writes a started campaign's recipients in batches, by subscriber id. Idempotent: after a
   * crash it starts over, and the unique (campaign, address) key skips those already written.
   */
  async function writeRecipients(campaign: {
    id: string
    audience: CampaignAudience
    startedAt: Date | null
  }) {
    // The audience as it stood when sending started (a restart after a crash counts from then).
    const audience = audienceFilter(audienceOf(campaign), campaign.startedAt ?? undefined)
    let after: string | undefined
    for (;;) {
      const from = after ? gt(newsletterSubscribers.id, after) : undefined
      // The batch's last subscriber: the rows themselves go from table to table in the
      // database, never through this process.
      const [last] = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(and(audience, from))
        .orderBy(asc(newsletterSubscribers.id))
        .offset(WRITE_BATCH - 1)
        .limit(1)
      const upTo = last ? lte(newsletterSubscribers.id, last.id) : undefined
      await db.execute(sql`
        insert into ${campaignRecipients}
          (campaign_id, subscriber_id, email, name, language)
        select ${campaign.id}::uuid, id, email, name, language
        from ${newsletterSubscribers}
        where ${and(audience, from, upTo)}
        on conflict do nothing`)
      if (!last) break
      after = last.id
    }
    await db
      .update(newsletterCampaigns)
      .set({ recipientsWritten: true })
      .where(eq(newsletterCampaigns.id, campaign.id))
    onProgress(campaign.id)
  }

  /** A sending campaign with every recipient written and none left pending is sent. */
  async function finishCompleted(ids?: string[]) {
    const finished = await db
      .update(newsletterCampaigns)
      .set({ status: 'sent', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(newsletterCampaigns.status, 'sending'),
          eq(newsletterCampaigns.recipientsWritten, true),
          ids ? inArray(newsletterCampaigns.id, ids) : undefined,
          notExists(
            db
              .select({ one: sql`1` })
              .from(campaignRecipients)
              .where(
                and(
                  eq(campaignRecipients.campaignId, newsletterCampaigns.id),
                  eq(campaignRecipients.status, 'pending'),
                ),
              ),
          ),
        ),
      )
      .returning({ id: newsletterCampaigns.id })
    for (const { id } of finished) onProgress(id)
  }

  /**
   * Tells the database what the journal holds: after a crash, or after a batch whose settle
   * failed. Those e-mails were taken by the SMTP server, whoever claims them now.
   */
  async function applyJournal() {
    if (journal && journal.size > 0) await recordJournalled(db, journal)
  }

  async function prepare() {
    // Before any claim is released: what the journal lists was sent.
    await applyJournal()
    if (!claimsReleased) {
      await db
        .update(campaignRecipients)
        .set({ claimToken: null, nextAttemptAt: sql`now()` })
        .where(
          and(eq(campaignRecipients.status, 'pending'), isNotNull(campaignRecipients.claimToken)),
        )
      claimsReleased = true
    }
    await startDue()
    const unwritten = await db
      .select({
        id: newsletterCampaigns.id,
        audience: newsletterCampaigns.audience,
        startedAt: newsletterCampaigns.startedAt,
      })
      .from(newsletterCampaigns)
      .where(
        and(
          inArray(newsletterCampaigns.status, ['sending', 'paused']),
          eq(newsletterCampaigns.recipientsWritten, false),
        ),
      )
    for (const campaign of unwritten) await writeRecipients(campaign)
    // She left the newsletter (or deleted her account) before the campaign reached her: it
    // no longer goes to her.
    const left = await db
      .delete(campaignRecipients)
      .where(and(eq(campaignRecipients.status, 'pending'), isNull(campaignRecipients.subscriberId)))
      .returning({ campaignId: campaignRecipients.campaignId })
    for (const id of new Set(left.map((row) => row.campaignId))) onProgress(id)
    await finishCompleted()
  }

  /** How many more may be claimed now, and how long to wait when none may. */
  async function budget(q: Db | Tx, most: number): Promise<{ max: number; waitMs?: number }> {
    if (ratePerMinute <= 0) return { max: most }
    const [row] = await q
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<
          number | null
        >`extract(epoch from (min(${campaignRecipients.claimedAt}) + interval '1 minute' - now())) * 1000`,
      })
      .from(campaignRecipients)
      .where(gt(campaignRecipients.claimedAt, sql`now() - interval '1 minute'`))
    const left = ratePerMinute - (row?.count ?? 0)
    // Spread over the minute: at most a second's share at a time.
    const share = Math.max(1, Math.ceil(ratePerMinute / 60))
    if (left > 0) return { max: Math.min(most, share, left) }
    return { max: 0, waitMs: Math.max(200, Math.ceil(row?.oldest ?? 1_000)) }
  }

  /**
   * With a rate, counting the last minute's claims and claiming must be one step: processes
   * claiming at the same moment would each see the same budget left and together overrun it.
   * A transaction-scoped advisory lock makes them take turns (a few milliseconds each).
   */
  async function claim(leaseMs: number, most: number) {
    await applyJournal()
    if (ratePerMinute <= 0 || soleSender) return claimWithin(db, leaseMs, most)
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lendulet:campaign-claims'))`)
      return claimWithin(tx, leaseMs, most)
    })
  }

  async function claimWithin(q: Db | Tx, leaseMs: number, most: number) {
    const { max, waitMs } = await budget(q, most)
    if (max === 0) return { claimed: [], waitMs }
    const token = randomUUID()
    const due = q
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .innerJoin(newsletterCampaigns, eq(newsletterCampaigns.id, campaignRecipients.campaignId))
      .where(
        and(
          eq(newsletterCampaigns.status, 'sending'),
          eq(campaignRecipients.status, 'pending'),
          isNotNull(campaignRecipients.subscriberId),
          lte(campaignRecipients.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(campaignRecipients.id))
      .limit(max)
      .for('update', { of: campaignRecipients, skipLocked: true })
    const claimed = await q
      .update(campaignRecipients)
      .set({
        claimToken: token,
        claimedAt: sql`now()`,
        nextAttemptAt: sql`now() + ${leaseMs}::integer * interval '1 millisecond'`,
      })
      .where(inArray(campaignRecipients.id, due))
      .returning()
    claimed.sort((a, b) => a.id - b.id)
    // Only a second's share is sent at a time: the rest of the budget waits for the next pass.
    return { claimed, waitMs: ratePerMinute > 0 ? 1_000 : undefined }
  }

  /** What her e-mail is made of: the campaign's version in her language and her own links. */
  function partsOf(recipient: Recipient) {
    const content = contentCache.get(recipient.campaignId) ?? {}
    // Her links open in the language the e-mail is written in (Hungarian when hers has no version).
    const { email, shown } = emailFor(recipient.campaignId, content, recipient.language)
    const unsubscribe = unsubscribeLinksOf(secret, baseUrl, recipient.id, shown)
    return {
      email,
      shown,
      unsubscribe,
      listId,
      messageId: `<campaign.${recipient.campaignId}.${recipient.id}@${domain}>`,
    }
  }

  function message(recipient: Recipient): CampaignMessage {
    const { email, unsubscribe, listId, messageId } = partsOf(recipient)
    return {
      ...personalise(email, unsubscribe.page),
      to: recipient.email,
      headers: {
        'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': { prepared: true, value: listId },
        Precedence: 'bulk',
      },
      messageId,
    }
  }

  /** Built once per campaign, language and sender (the owner may rename the sender meanwhile). */
  const mimes = new Map<string, CampaignMime>()
  function raw(recipient: Recipient, sender: string) {
    const { email, shown, unsubscribe, listId, messageId } = partsOf(recipient)
    const key = `${recipient.campaignId}|${shown}|${sender}`
    let mime = mimes.get(key)
    if (!mime) {
      mime = campaignMime({ email, from: sender, listId })
      if (mimes.size > 200) mimes.clear()
      mimes.set(key, mime)
    }
    const message = mime.render({
      to: recipient.email,
      messageId,
      page: unsubscribe.page,
      oneClick: unsubscribe.oneClick,
      date: new Date(),
    })
    return message === null ? null : { envelopeFrom: mime.envelopeFrom, message, messageId }
  }

  /**
   * Records acceptances in groups (group commit): one UPDATE for every e-mail the server took
   * while the last one was being written, and none waits for a timer. Each caller still learns
   * when its own row is written, so a lane hands over its next e-mail only then, and no more
   * than one e-mail per lane is ever accepted and unrecorded (docs/decisions/0024, 0058).
   * Only while her claim stands: a worker whose lease ran out cannot overwrite another's work.
   */
  const writeSent = groupCommit(async (recipients: Recipient[]) => {
    const tokens = [...new Set(recipients.map((recipient) => recipient.claimToken ?? ''))]
    await db
      .update(campaignRecipients)
      .set({ status: 'sent', sentAt: sql`now()`, claimToken: null, lastError: null })
      .where(
        and(
          inArray(
            campaignRecipients.id,
            recipients.map((recipient) => recipient.id),
          ),
          inArray(campaignRecipients.claimToken, tokens),
        ),
      )
  })

  async function markSent(recipient: Recipient): Promise<boolean> {
    if (!journal) {
      await writeSent(recipient)
      return true
    }
    journal.append(recipient.id)
    return false
  }

  async function settle(results: { recipient: Recipient; outcome: Outcome }[]) {
    await settleClaimed(results)
    // Every acceptance of the batch is in the database now (the lanes have stopped).
    journal?.clear()
  }

  async function settleClaimed(results: { recipient: Recipient; outcome: Outcome }[]) {
    const token = results[0]?.recipient.claimToken
    if (!token) return
    const claimedBy = (ids: number[]) =>
      and(inArray(campaignRecipients.id, ids), eq(campaignRecipients.claimToken, token))
    const byKind = <K extends Outcome['kind']>(kind: K) =>
      results.filter(
        (result): result is { recipient: Recipient; outcome: Extract<Outcome, { kind: K }> } =>
          result.outcome.kind === kind,
      )

    const sent = byKind('sent')
      .filter(({ outcome }) => !outcome.recorded)
      .map(({ recipient }) => recipient.id)
    if (sent.length > 0)
      await db
        .update(campaignRecipients)
        .set({ status: 'sent', sentAt: sql`now()`, claimToken: null, lastError: null })
        .where(claimedBy(sent))

    for (const { recipient, outcome } of byKind('bounced')) {
      const [bounced] = await db
        .update(campaignRecipients)
        .set({ status: 'bounced', claimToken: null, lastError: outcome.reason })
        .where(claimedBy([recipient.id]))
        .returning({ subscriberId: campaignRecipients.subscriberId })
      if (bounced?.subscriberId) {
        const [subscriber] = await db
          .update(newsletterSubscribers)
          .set({ bouncedAt: sql`now()`, bounceReason: outcome.reason })
          .where(eq(newsletterSubscribers.id, bounced.subscriberId))
          .returning({ email: newsletterSubscribers.email })
        // The same suppression a provider's hard-bounce report makes (decision 83).
        if (subscriber)
          await db
            .insert(mailSuppressions)
            .values({
              email: subscriber.email,
              reason: 'hard_bounce',
              source: 'smtp',
              detail: outcome.reason.slice(0, 500),
            })
            .onConflictDoNothing()
      }
    }

    for (const { recipient, outcome } of byKind('retry')) {
      const attempts = recipient.attempts + 1
      await db
        .update(campaignRecipients)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          claimToken: null,
          lastError: outcome.reason,
          nextAttemptAt: sql`now() + ${outcome.delayMs}::integer * interval '1 millisecond'`,
        })
        .where(claimedBy([recipient.id]))
    }

    const released = byKind('release')
    if (released.length > 0)
      await db
        .update(campaignRecipients)
        .set({
          claimToken: null,
          nextAttemptAt: sql`now() + ${released[0]?.outcome.delayMs ?? 0}::integer * interval '1 millisecond'`,
        })
        .where(claimedBy(released.map(({ recipient }) => recipient.id)))

    const campaigns = [...new Set(results.map(({ recipient }) => recipient.campaignId))]
    await finishCompleted(campaigns)
    for (const id of campaigns) onProgress(id)
  }

  return {
    prepare,
    async claim(leaseMs, most = SEND_BATCH.first) {
      const result = await claim(leaseMs, most)
      for (const campaignId of new Set(result.claimed.map((r) => r.campaignId)))
        await contentOf(campaignId)
      return result
    },
    message,
    raw,
    markSent,
    settle,
  }
}

/**
 * Marks every recipient the journal lists as sent (those the SMTP server took), then empties it.
 * At a start, before a claim, and before the embedded database is moved (db:move).
 */
export async function recordJournalled(db: Db, journal: SentJournal) {
  const ids = journal.entries()
  for (let start = 0; start < ids.length; start += WRITE_BATCH)
    await db
      .update(campaignRecipients)
      .set({ status: 'sent', sentAt: sql`now()`, claimToken: null, lastError: null })
      .where(
        and(
          inArray(campaignRecipients.id, ids.slice(start, start + WRITE_BATCH)),
          eq(campaignRecipients.status, 'pending'),
        ),
      )
  journal.clear()
}

/**
 * Calls `write` with every item given while the previous call ran, one call at a time; each
 * item's promise settles with the call that wrote it.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; done: (error?: unknown) => void }[] = []
  let writing = false
  async function flush() {
    writing = true
    while (waiting.length > 0) {
      const group = waiting
      waiting = []
      let failure: unknown = null
      try {
        await write(group.map(({ item }) => item))
      } catch (error) {
        failure = error ?? new Error('group write failed')
      }
      for (const { done } of group) done(failure ?? undefined)
    }
    writing = false
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, done: (error) => (error ? reject(error) : resolve()) })
      // Not at once: the answers that arrived with this one are read first and join its write (a
      // write on the embedded database holds the event loop, so nothing would join it meanwhile).
      if (!writing) {
        writing = true
        setImmediate(() => void flush())
      }
    })
}

export { MAX_ATTEMPTS as CAMPAIGN_MAX_ATTEMPTS }
