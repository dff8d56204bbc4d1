import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import { EVERYONE, readinessIssues, type CampaignContent } from '#shared/schemas/campaigns.ts'
import type { WelcomeEmail, WelcomeSeries } from '#shared/schemas/welcome-series.ts'
import type { Db, Tx } from '../db/client.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import {
  welcomeDeliveries,
  welcomeEmails,
  welcomeRecipients,
  welcomeSeries,
} from '../db/schema/welcome-series.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { siteLink } from '../mail/site-link.ts'
import type { RenderedEmail } from '../mail/templates.ts'
import { campaignEmail, personalise } from './campaign-content.ts'
import { hashEmail, listUnsubscribeKey } from './tokens.ts'

/**
 * The welcome series (issue 42 part 1, decision 0090): what the owner wrote, and the job's pass
 * that queues each subscriber's due welcome e-mail in the outbox, once.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** Subscribers looked at per statement. */
const BATCH = 500
/** The outbox kind of a welcome e-mail (mail/outbox.ts). */
export const WELCOME_EMAIL_KIND = 'newsletterWelcome'

export type WelcomeEmailRow = typeof welcomeEmails.$inferSelect
type SeriesRow = typeof welcomeSeries.$inferSelect

/** The series' one row; a site that never wrote one has it off and never started. */
export async function seriesRow(db: Pick<Db, 'select'>): Promise<SeriesRow> {
  const [row] = await db.select().from(welcomeSeries).where(eq(welcomeSeries.id, 1))
  return (
    row ?? {
      id: 1,
      enabled: false,
      startedAt: null,
      earlierIncludedAt: null,
      updatedAt: new Date(0),
    }
  )
}

/** The series' row, made if missing and locked for the change: the commands' first step. */
export async function lockSeries(tx: Tx): Promise<SeriesRow> {
  await tx.insert(welcomeSeries).values({ id: 1 }).onConflictDoNothing()
  const [row] = await tx.select().from(welcomeSeries).where(eq(welcomeSeries.id, 1)).for('update')
  if (!row) throw new Error('welcome series row missing')
  return row
}

export const orderedEmails = (db: Pick<Db, 'select'>) =>
  db.select().from(welcomeEmails).orderBy(asc(welcomeEmails.delayDays), asc(welcomeEmails.position))

/** What an e-mail lacks before it can go out: its Hungarian version, each other one whole. */
export const welcomeReadiness = (content: WelcomeEmailRow['content']) =>
  readinessIssues({
    content: { hu: content.hu ?? { subject: '', body: '' }, ...content },
    audience: EVERYONE,
  })

/** Confirmed subscribers who can be mailed: not bounced, not suppressed (decision 0083). */
const mailable = and(
  eq(newsletterSubscribers.verified, true),
  isNull(newsletterSubscribers.bouncedAt),
  sql`not exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = ${newsletterSubscribers.email})`,
)
/** When she confirmed (rows from before the consent record have only their creation). */
const confirmedAt = sql<Date>`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.createdAt})`

/** Confirmed subscribers from before the series who are not in it: what "include" would add. */
async function earlierCount(db: Pick<Db, 'select'>, series: SeriesRow): Promise<number> {
  if (!series.startedAt || series.earlierIncludedAt) return 0
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(and(mailable, sql`${confirmedAt} < ${series.startedAt.toISOString()}::timestamptz`))
  return row?.count ?? 0
}

/** GET /api/admin/newsletter/welcome */
export async function readWelcomeSeries(db: Db): Promise<WelcomeSeries> {
  const series = await seriesRow(db)
  const emails = await db.select().from(welcomeEmails).orderBy(asc(welcomeEmails.position))
  const counts = emails.length
    ? await db
        .select({ emailId: welcomeDeliveries.emailId, count: sql<number>`count(*)::int` })
        .from(welcomeDeliveries)
        .where(
          inArray(
            welcomeDeliveries.emailId,
            emails.map((e) => e.id),
          ),
        )
        .groupBy(welcomeDeliveries.emailId)
    : []
  return {
    enabled: series.enabled,
    startedAt: series.startedAt?.toISOString() ?? null,
    earlierIncludedAt: series.earlierIncludedAt?.toISOString() ?? null,
    earlierCount: await earlierCount(db, series),
    emails: emails.map((email): WelcomeEmail => ({
      id: email.id,
      position: email.position,
      delayDays: email.delayDays,
      content: email.content,
      updatedAt: email.updatedAt.toISOString(),
      sent: counts.find((c) => c.emailId === email.id)?.count ?? 0,
    })),
  }
}

/** Her version, or the Hungarian one when hers is not written (SPEC: hu is the fallback). */
export function versionFor(
  content: Partial<Record<Language, CampaignContent>>,
  language: Language,
): { version: CampaignContent; shown: Language } {
  const own = content[language]
  if (own && own.subject.trim() && own.body.trim()) return { version: own, shown: language }
  return { version: content.hu ?? { subject: '', body: '' }, shown: 'hu' }
}

/** A welcome e-mail as it goes out: like a campaign's, with no web version. */
export function welcomeEmail(
  version: CampaignContent,
  shown: Language,
  baseUrl: string,
  subject = version.subject,
): RenderedEmail {
  return campaignEmail({ language: shown, subject, body: version.body, webUrl: null, baseUrl })
}

export interface WelcomePassOptions {
  secret: string
  baseUrl: string
  /** The scheduler's clock: delays are counted against it. */
  now: Date
}

/**
 * One pass of the welcome job: subscribers who confirmed since the series started (or all, once
 * the owner included the earlier ones) join it; then, while it is on, each one's next e-mail that
 * is due goes into the outbox together with the record that she got it. Returns how many were
 * queued.
 */
export async function welcomePass(db: Db, options: WelcomePassOptions): Promise<number> {
  const series = await seriesRow(db)
  if (!series.startedAt) return 0
  await enrol(db, series, options)
  if (!series.enabled) return 0
  const emails = (await orderedEmails(db)).filter(
    (email) => welcomeReadiness(email.content).length === 0,
  )
  if (emails.length === 0) return 0
  let queued = 0
  let after = ''
  for (;;) {
    const batch = await candidates(db, emails, options.now, after)
    if (batch.length === 0) return queued
    after = batch.at(-1)?.subscriberId ?? after
    for (const candidate of batch) {
      const next = nextDue(candidate, emails, options.now)
      if (next && (await queueWelcome(db, candidate.subscriberId, next, options))) queued++
    }
  }
}

/** New members of the series, in batches, each with the keyed hash of her address. */
async function enrol(db: Db, series: SeriesRow, { secret }: WelcomePassOptions) {
  const startedAt = series.startedAt
  if (!startedAt) return
  for (;;) {
    const joining = await db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        confirmedAt,
      })
      .from(newsletterSubscribers)
      .leftJoin(welcomeRecipients, eq(welcomeRecipients.subscriberId, newsletterSubscribers.id))
      .where(
        and(
          eq(newsletterSubscribers.verified, true),
          isNull(welcomeRecipients.subscriberId),
          series.earlierIncludedAt
            ? undefined
            : sql`${confirmedAt} >= ${startedAt.toISOString()}::timestamptz`,
        ),
      )
      .limit(BATCH)
    if (joining.length === 0) return
    await db
      .insert(welcomeRecipients)
      .values(
        joining.map((s) => {
          const at = new Date(s.confirmedAt)
          return {
            subscriberId: s.id,
            addressHash: hashEmail(secret, s.email),
            // Earlier subscribers count their delays from the moment the owner included them.
            anchorAt: at < startedAt && series.earlierIncludedAt ? series.earlierIncludedAt : at,
          }
        }),
      )
      .onConflictDoNothing()
    if (joining.length < BATCH) return
  }
}

interface Candidate {
  subscriberId: string
  anchorAt: Date
  /** The welcome e-mails her address got, with when each was queued. */
  got: { emailId: string; queuedAt: string }[]
}

/** Members of the series who can be mailed and have not had every e-mail, by subscriber id. */
async function candidates(db: Db, emails: WelcomeEmailRow[], now: Date, after: string) {
  const ids = emails.map((e) => e.id)
  const first = Math.min(...emails.map((e) => e.delayDays))
  const got = sql<
    Candidate['got']
  >`coalesce((select json_agg(json_build_object('emailId', ${welcomeDeliveries.emailId}, 'queuedAt', ${welcomeDeliveries.queuedAt})) from ${welcomeDeliveries} where ${welcomeDeliveries.addressHash} = ${welcomeRecipients.addressHash}), '[]'::json)`
  const rows = await db
    .select({
      subscriberId: welcomeRecipients.subscriberId,
      anchorAt: welcomeRecipients.anchorAt,
      got,
    })
    .from(welcomeRecipients)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, welcomeRecipients.subscriberId))
    .where(
      and(
        mailable,
        after ? sql`${welcomeRecipients.subscriberId} > ${after}` : undefined,
        lte(welcomeRecipients.anchorAt, new Date(now.getTime() - first * DAY_MS)),
        sql`(select count(*) from ${welcomeDeliveries} where ${welcomeDeliveries.addressHash} = ${welcomeRecipients.addressHash} and ${inArray(welcomeDeliveries.emailId, ids)}) < ${ids.length}`,
      ),
    )
    .orderBy(asc(welcomeRecipients.subscriberId))
    .limit(BATCH)
  return rows as Candidate[]
}

/**
 * Her next e-mail, if it is due now. E-mails go in the order of their delays; one written after
 * its moment had passed for her is not hers (a new second e-mail does not reach those already
 * past it). After a pause (the series off for a while), the spacing between her e-mails stays
 * what the owner set: the next comes its delay's difference after the one before.
 */
export function nextDue(
  candidate: Pick<Candidate, 'anchorAt' | 'got'>,
  emails: WelcomeEmailRow[],
  now: Date,
): WelcomeEmailRow | undefined {
  const anchor = new Date(candidate.anchorAt).getTime()
  const got = new Map(candidate.got.map((g) => [g.emailId, new Date(g.queuedAt).getTime()]))
  let previous: { delayDays: number; at: number } | undefined
  for (const email of emails) {
    const at = got.get(email.id)
    if (at !== undefined) {
      if (!previous || at > previous.at) previous = { delayDays: email.delayDays, at }
      continue
    }
    if (anchor + email.delayDays * DAY_MS < email.createdAt.getTime()) continue
    let due = anchor + email.delayDays * DAY_MS
    if (previous)
      due = Math.max(due, previous.at + Math.max(0, email.delayDays - previous.delayDays) * DAY_MS)
    return due <= now.getTime() ? email : undefined
  }
  return undefined
}

/**
 * Queues one welcome e-mail with the record that her address got it, in one transaction, while
 * her subscription still stands and can be mailed (a departure that committed first wins).
 */
async function queueWelcome(
  db: Db,
  subscriberId: string,
  email: WelcomeEmailRow,
  { secret, baseUrl, now }: WelcomePassOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        addressHash: welcomeRecipients.addressHash,
      })
      .from(newsletterSubscribers)
      .innerJoin(welcomeRecipients, eq(welcomeRecipients.subscriberId, newsletterSubscribers.id))
      .where(and(eq(newsletterSubscribers.id, subscriberId), mailable))
      .for('update', { of: newsletterSubscribers })
    if (!subscriber) return false
    // The e-mail's text as it is now: an edit reaches every e-mail not yet queued.
    const [current] = await tx.select().from(welcomeEmails).where(eq(welcomeEmails.id, email.id))
    if (!current) return false
    const [recorded] = await tx
      .insert(welcomeDeliveries)
      .values({
        addressHash: subscriber.addressHash,
        emailId: email.id,
        language: subscriber.language,
        queuedAt: now,
      })
      .onConflictDoNothing()
      .returning({ emailId: welcomeDeliveries.emailId })
    if (!recorded) return false
    const { version, shown } = versionFor(current.content, subscriber.language)
    const key = listUnsubscribeKey(secret, subscriber.id)
    const rendered = personalise(
      welcomeEmail(version, shown, baseUrl),
      siteLink(baseUrl, '/newsletter/unsubscribe', shown, { token: key }),
    )
    const oneClick = siteLink(baseUrl, '/api/newsletter/one-click', shown, { key })
    await enqueueEmail(tx, {
      kind: WELCOME_EMAIL_KIND,
      to: subscriber.email,
      language: shown,
      cooldown: false,
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ...rendered,
    })
    return true
  })
}

/** Whom the include button reaches: mailable subscribers from before the series, not in it. */
export const earlierSubscribersCount = earlierCount
