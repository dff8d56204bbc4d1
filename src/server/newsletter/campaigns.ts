import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import {
  campaignAudienceSchema,
  campaignLanguages,
  EVERYONE,
  readinessIssues,
  type Campaign,
  type CampaignAudience,
  type CampaignAudienceAnswer,
  type CampaignContent,
  type CampaignDraft,
  type CampaignStats,
  type CampaignStatus,
  type CampaignSummary,
  type NewsletterIssue,
  type NewsletterIssuePreview,
} from '#shared/schemas/campaigns.ts'
import type { Db } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { campaignRecipients, newsletterCampaigns } from '../db/schema/campaigns.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { eventSeries, seriesFollowers } from '../db/schema/series.ts'
import { DomainError } from '../domain-error.ts'
import { renderIssueHtml } from './campaign-content.ts'

type CampaignRow = typeof newsletterCampaigns.$inferSelect

const EMPTY_STATS: CampaignStats = {
  audience: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  unsubscribed: 0,
}

/** Statuses in which the campaign's content and audience may still change. */
const FINISHED: readonly CampaignStatus[] = ['sent', 'cancelled']

const iso = (date: Date | null) => date?.toISOString() ?? null

/** Only the languages with something written are kept; Hungarian always. */
function storedContent(draft: CampaignDraft): Partial<Record<Language, CampaignContent>> {
  const content: Partial<Record<Language, CampaignContent>> = {}
  for (const language of LANGUAGE_CODES) {
    const version = draft.content[language]
    if (language === 'hu' || (version && (version.subject !== '' || version.body !== '')))
      content[language] = version ?? { subject: '', body: '' }
  }
  return content
}

/** The stored audience, read through its schema (a row from before a filter gets its default). */
export const audienceOf = (row: Pick<CampaignRow, 'audience'>): CampaignAudience => {
  const parsed = campaignAudienceSchema.safeParse(row.audience)
  return parsed.success ? parsed.data : EVERYONE
}

const draftOf = (row: CampaignRow): CampaignDraft => ({
  content: { hu: { subject: '', body: '' }, ...row.content },
  audience: audienceOf(row),
})

/** The subscriber's account: an account whose address is hers (addresses are lower-cased). */
const herAccount = sql`${user.email} = ${newsletterSubscribers.email}`

/** She checked in (and may have left early) at an evening, under an account of her address. */
const cameTo = (since: SQL | undefined) => sql`exists (
  select 1 from ${user}
  join ${eventParticipants} on ${eventParticipants.userId} = ${user.id}
  join ${events} on ${events.id} = ${eventParticipants.eventId}
  where ${herAccount}
    and ${eventParticipants.checkedInAt} is not null
    and ${eventParticipants.status} in ('present', 'absent')
    ${since ? sql`and coalesce(${events.endedAt}, ${events.startTime} + ${events.duration} * interval '1 minute') >= ${since}` : sql``}
)`

/**
 * Confirmed subscribers who are not bouncing and whose address is not suppressed (a bounce or a
 * complaint, decision 83), for whom every filter of the audience holds (decision 0093). "Came in
 * the last N months" is counted back from `at`: the moment sending started, or now for a count.
 */
export function audienceFilter(audience: CampaignAudience, at: Date = new Date()): SQL {
  const conditions: SQL[] = [
    eq(newsletterSubscribers.verified, true),
    isNull(newsletterSubscribers.bouncedAt),
    sql`not exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = ${newsletterSubscribers.email})`,
  ]
  if (audience.languages !== null)
    conditions.push(
      audience.languages.length > 0
        ? inArray(newsletterSubscribers.language, [...audience.languages])
        : sql`false`,
    )
  const member = sql`exists (select 1 from ${user} where ${herAccount})`
  if (audience.membership === 'members') conditions.push(member)
  if (audience.membership === 'nonMembers') conditions.push(sql`not ${member}`)
  if (audience.attendance === 'cameWithin')
    conditions.push(
      cameTo(
        sql`${at.toISOString()}::timestamptz - make_interval(months => ${audience.months}::int)`,
      ),
    )
  if (audience.attendance === 'neverCame') conditions.push(sql`not ${cameTo(undefined)}`)
  if (audience.seriesId !== null)
    conditions.push(sql`exists (
      select 1 from ${user}
      join ${seriesFollowers} on ${seriesFollowers.userId} = ${user.id}
      where ${herAccount} and ${seriesFollowers.seriesId} = ${audience.seriesId}::uuid
    )`)
  return and(...conditions) as SQL
}

/** How many the audience holds now. */
export async function estimateAudience(db: Db, audience: CampaignAudience, at?: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(audienceFilter(audience, at))
  return row?.count ?? 0
}

/** An audience's series must exist: a 400 naming the field otherwise. */
export async function checkAudience(db: Db, audience: CampaignAudience): Promise<void> {
  if (audience.seriesId === null) return
  const [found] = await db
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(eq(eventSeries.id, audience.seriesId))
  if (!found)
    throw new DomainError('campaignSeriesUnknown', {
      'audience.seriesId': 'campaigns.validation.seriesUnknown',
    })
}

/** How many an audience holds now, its series checked first (the editor's live count). */
export async function countAudience(db: Db, audience: CampaignAudience): Promise<number> {
  await checkAudience(db, audience)
  return estimateAudience(db, audience)
}

/** The audience as campaigns answer it: with the names of the series they follow. */
async function audienceAnswers(
  db: Db,
  rows: CampaignRow[],
): Promise<Map<string, CampaignAudienceAnswer>> {
  const audiences = rows.map((row) => [row.id, audienceOf(row)] as const)
  const seriesIds = [
    ...new Set(audiences.flatMap(([, a]) => (a.seriesId === null ? [] : [a.seriesId]))),
  ]
  const names = new Map(
    seriesIds.length === 0
      ? []
      : (
          await db
            .select({ id: eventSeries.id, name: eventSeries.eventName })
            .from(eventSeries)
            .where(inArray(eventSeries.id, seriesIds))
        ).map((row) => [row.id, row.name]),
  )
  return new Map(
    audiences.map(([id, audience]) => [
      id,
      {
        ...audience,
        seriesName: audience.seriesId === null ? null : (names.get(audience.seriesId) ?? null),
      },
    ]),
  )
}

/** Each campaign's figures, counted from its recipients. */
async function statsOf(db: Db, ids: string[]): Promise<Map<string, CampaignStats>> {
  const stats = new Map<string, CampaignStats>()
  if (ids.length === 0) return stats
  const rows = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      status: campaignRecipients.status,
      count: sql<number>`count(*)::int`,
      unsubscribed: sql<number>`count(${campaignRecipients.unsubscribedAt})::int`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status)
  for (const row of rows) {
    const figures = stats.get(row.campaignId) ?? { ...EMPTY_STATS }
    figures.audience += row.count
    figures.unsubscribed += row.unsubscribed
    figures[row.status === 'pending' ? 'queued' : row.status] += row.count
    stats.set(row.campaignId, figures)
  }
  return stats
}

/** How long a finished campaign's delivery record (who got it, with what result) is kept. */
export const DELIVERY_RECORD_RETENTION_MS = 365 * 24 * 60 * 60_000

/**
 * Deletes the delivery records of campaigns that ended more than a year ago, keeping their
 * figures on the campaign. Returns how many campaigns it reduced.
 */
export async function purgeOldDeliveryRecords(db: Db, now = Date.now()): Promise<number> {
  const old = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(
      and(
        inArray(newsletterCampaigns.status, ['sent', 'cancelled']),
        isNull(newsletterCampaigns.finalStats),
        lt(newsletterCampaigns.finishedAt, new Date(now - DELIVERY_RECORD_RETENTION_MS)),
      ),
    )
  for (const { id } of old) {
    const stats = (await statsOf(db, [id])).get(id) ?? { ...EMPTY_STATS }
    await db.transaction(async (tx) => {
      await tx
        .update(newsletterCampaigns)
        .set({ finalStats: stats })
        .where(eq(newsletterCampaigns.id, id))
      await tx.delete(campaignRecipients).where(eq(campaignRecipients.campaignId, id))
    })
  }
  return old.length
}

function summary(
  row: CampaignRow,
  stats: CampaignStats | undefined,
  audience: CampaignAudienceAnswer | undefined,
): CampaignSummary {
  return {
    id: row.id,
    status: row.status,
    subject: row.content.hu?.subject ?? '',
    audience: audience ?? { ...audienceOf(row), seriesName: null },
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    stats: row.finalStats ?? stats ?? { ...EMPTY_STATS },
  }
}

export async function listCampaigns(db: Db): Promise<CampaignSummary[]> {
  const rows = await db
    .select()
    .from(newsletterCampaigns)
    .orderBy(desc(newsletterCampaigns.createdAt))
    .limit(500)
  // Campaigns reduced to their figures (a year after they ended) need no counting.
  const stats = await statsOf(
    db,
    rows.filter((row) => !row.finalStats).map((row) => row.id),
  )
  const audiences = await audienceAnswers(db, rows)
  return rows.map((row) => summary(row, stats.get(row.id), audiences.get(row.id)))
}

/** The figures and state of one campaign, for its live progress. */
export async function campaignProgress(db: Db, id: string) {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row) return undefined
  const stats = (await statsOf(db, [id])).get(id) ?? { ...EMPTY_STATS }
  return {
    status: row.status,
    stats,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  }
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row) throw new DomainError('campaignNotFound')
  const stats = (await statsOf(db, [id])).get(id)
  const started = row.startedAt !== null
  const problems = started
    ? await db
        .select({
          email: campaignRecipients.email,
          status: campaignRecipients.status,
          error: campaignRecipients.lastError,
        })
        .from(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.campaignId, id),
            inArray(campaignRecipients.status, ['failed', 'bounced']),
          ),
        )
        .orderBy(desc(campaignRecipients.id))
        .limit(100)
    : []
  const audience = (await audienceAnswers(db, [row])).get(row.id)
  return {
    ...summary(row, stats, audience),
    content: draftOf(row).content as Campaign['content'],
    audienceEstimate: started ? null : await estimateAudience(db, audienceOf(row)),
    problems: problems.map((problem) => ({
      ...problem,
      status: problem.status as 'failed' | 'bounced',
    })),
  }
}

export async function createCampaign(db: Db, draft: CampaignDraft, userId: string | null) {
  await checkAudience(db, draft.audience)
  const [row] = await db
    .insert(newsletterCampaigns)
    .values({
      content: storedContent(draft),
      audience: draft.audience,
      createdBy: userId,
    })
    .returning({ id: newsletterCampaigns.id })
  if (!row) throw new Error('campaign insert returned nothing')
  return getCampaign(db, row.id)
}

/**
 * Changes a campaign's status from one of `from` to `to`, in one statement, so two admins (or
 * an admin and the scheduler) cannot both move it. Explains a refusal by the status it found.
 */
async function transition(
  db: Db,
  id: string,
  from: readonly CampaignStatus[],
  set: Partial<typeof newsletterCampaigns.$inferInsert> & { status?: CampaignStatus },
  refusal: ConstructorParameters<typeof DomainError>[0],
): Promise<void> {
  const updated = await db
    .update(newsletterCampaigns)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(newsletterCampaigns.id, id), inArray(newsletterCampaigns.status, [...from])))
    .returning({ id: newsletterCampaigns.id })
  if (updated.length > 0) return
  const [row] = await db
    .select({ status: newsletterCampaigns.status })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id))
  if (!row) throw new DomainError('campaignNotFound')
  if (FINISHED.includes(row.status)) throw new DomainError('campaignFinished')
  throw new DomainError(refusal)
}

export async function updateCampaign(db: Db, id: string, draft: CampaignDraft) {
  await checkAudience(db, draft.audience)
  await transition(
    db,
    id,
    ['draft'],
    { content: storedContent(draft), audience: draft.audience },
    'campaignNotDraft',
  )
  return getCampaign(db, id)
}

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
    .returning({ id: newsletterCampaigns.id })
  if (deleted.length === 0) {
    await getCampaign(db, id) // not found?
    throw new DomainError('campaignNotDraft')
  }
}

/** Field path → message key of what a draft lacks before it may go out. */
export function readinessFields(draft: CampaignDraft): Record<string, string> | undefined {
  const issues = readinessIssues(draft)
  if (issues.length === 0) return undefined
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]))
}

/** The draft as it is stored. */
export async function storedDraft(db: Db, id: string): Promise<CampaignDraft> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row) throw new DomainError('campaignNotFound')
  return draftOf(row)
}

/** The draft as it is stored, checked for sending: complete, or refused. */
async function readyDraft(db: Db, id: string): Promise<CampaignDraft> {
  const draft = await storedDraft(db, id)
  const fields = readinessFields(draft)
  if (fields) throw new DomainError('campaignNotReady', fields)
  return draft
}

/**
 * Sends a draft now, or schedules it. The recipients are written by the delivery worker, not
 * here, so the answer is quick whatever the list's size, and a crash mid-way resumes.
 */
export async function sendCampaign(
  db: Db,
  id: string,
  { scheduledAt, now = new Date() }: { scheduledAt: Date | null; now?: Date },
) {
  const draft = await readyDraft(db, id)
  if (scheduledAt && scheduledAt.getTime() <= now.getTime())
    throw new DomainError('campaignScheduleInPast', {
      scheduledAt: 'campaigns.validation.scheduleInPast',
    })
  if ((await estimateAudience(db, draft.audience, now)) === 0)
    throw new DomainError('campaignNoAudience', {
      'audience.languages': 'campaigns.validation.audienceEmpty',
    })
  await transition(
    db,
    id,
    ['draft'],
    scheduledAt
      ? { status: 'scheduled', scheduledAt }
      : { status: 'sending', startedAt: now, scheduledAt: null },
    'campaignNotDraft',
  )
  return getCampaign(db, id)
}

export async function unscheduleCampaign(db: Db, id: string) {
  await transition(
    db,
    id,
    ['scheduled'],
    { status: 'draft', scheduledAt: null },
    'campaignNotScheduled',
  )
  return getCampaign(db, id)
}

export async function pauseCampaign(db: Db, id: string) {
  await transition(db, id, ['sending'], { status: 'paused' }, 'campaignNotSending')
  return getCampaign(db, id)
}

export async function resumeCampaign(db: Db, id: string) {
  await transition(db, id, ['paused'], { status: 'sending' }, 'campaignNotPaused')
  return getCampaign(db, id)
}

/** Stops it for good: no further e-mail of it goes out (one already handed over may). */
export async function cancelCampaign(db: Db, id: string) {
  await transition(
    db,
    id,
    ['draft', 'scheduled', 'sending', 'paused'],
    { status: 'cancelled', finishedAt: new Date() },
    'campaignFinished',
  )
  return getCampaign(db, id)
}

/**
 * A started campaign's public web version in a language; Hungarian when it has no version in
 * that language. Drafts and scheduled ones are not public.
 */
export async function publicIssue(
  db: Db,
  id: string,
  language: Language,
): Promise<NewsletterIssue | undefined> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row?.startedAt) return undefined
  return { ...issueOf(row, language), sentAt: row.startedAt.toISOString() }
}

/**
 * Any campaign's web version as its readers will see it, sent or not, for an admin (the link
 * in her test e-mail): what is saved now, in a language, or Hungarian when it has none.
 */
export async function issuePreview(
  db: Db,
  id: string,
  language: Language,
): Promise<NewsletterIssuePreview> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
  if (!row) throw new DomainError('campaignNotFound')
  return { ...issueOf(row, language), sentAt: iso(row.startedAt), status: row.status }
}

function issueOf(row: CampaignRow, language: Language) {
  const draft = draftOf(row)
  const shown = campaignLanguages(draft).includes(language) ? language : 'hu'
  const version = draft.content[shown] ?? { subject: '', body: '' }
  return {
    id: row.id,
    language: shown,
    subject: version.subject,
    html: renderIssueHtml(version.body),
  }
}
