import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { SUBSCRIBERS_PAGE_SIZE, type SubscribersQuery } from '#shared/schemas/newsletter.ts'
import { csvCell } from '../csv.ts'
import type { Db } from '../db/client.ts'
import { mailSuppressions, type SuppressionReason } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers as table } from '../db/schema/newsletter.ts'
import { containsPattern } from '../db/like-pattern.ts'

const columns = {
  id: table.id,
  email: table.email,
  name: table.name,
  verified: table.verified,
  language: table.language,
  source: table.source,
  createdAt: table.createdAt,
  confirmedAt: table.confirmedAt,
  /**
   * Why the newsletter no longer goes to her (decision 0083), or null: the suppression's reason,
   * or a hard bounce for a subscription marked bounced before suppressions were kept.
   */
  notMailed: sql<SuppressionReason | null>`coalesce(${mailSuppressions.reason}, case when ${table.bouncedAt} is not null then 'hard_bounce' end)`,
  /** The receiving server's or the provider's words about it. */
  notMailedDetail: sql<
    string | null
  >`case when ${mailSuppressions.email} is not null then ${mailSuppressions.detail} else ${table.bounceReason} end`,
}

const suppressed = sql`exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = ${table.email})`

function filterOf({ q, status }: Pick<SubscribersQuery, 'q' | 'status'>): SQL | undefined {
  const search = q
    ? or(ilike(table.email, containsPattern(q)), ilike(table.name, containsPattern(q)))
    : undefined
  const state =
    status === 'verified'
      ? eq(table.verified, true)
      : status === 'pending'
        ? eq(table.verified, false)
        : status === 'bounced'
          ? or(isNotNull(table.bouncedAt), suppressed)
          : undefined
  return and(search, state)
}

/** The admin's list: one page, newest first, with counts of the whole list and of the match. */
export async function listSubscribers(db: Db, query: SubscribersQuery) {
  const where = filterOf(query)
  const [rows, [matching], [totals]] = await Promise.all([
    db
      .select(columns)
      .from(table)
      .leftJoin(mailSuppressions, eq(mailSuppressions.email, table.email))
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((query.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ n: count() }).from(table).where(where),
    db
      .select({
        verified: sql<number>`count(*) filter (where ${table.verified})`.mapWith(Number),
        pending: sql<number>`count(*) filter (where not ${table.verified})`.mapWith(Number),
      })
      .from(table),
  ])
  return {
    subscribers: rows,
    matching: matching?.n ?? 0,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    counts: { verified: totals?.verified ?? 0, pending: totals?.pending ?? 0 },
  }
}

const CSV_HEADER = [
  'email',
  'name',
  'verified',
  'language',
  'source',
  'subscribed_at',
  'confirmed_at',
  'not_mailed',
]

/** The filtered list as CSV (UTF-8 with a BOM, so Excel reads the accents right). */
export async function exportSubscribersCsv(
  db: Db,
  query: Pick<SubscribersQuery, 'q' | 'status'>,
): Promise<string> {
  const rows = await db
    .select(columns)
    .from(table)
    .leftJoin(mailSuppressions, eq(mailSuppressions.email, table.email))
    .where(filterOf(query))
    .orderBy(desc(table.createdAt), desc(table.id))
  const lines = [CSV_HEADER.join(',')]
  for (const row of rows) {
    lines.push(
      [
        row.email,
        row.name ?? '',
        row.verified ? 'true' : 'false',
        row.language,
        row.source,
        row.createdAt.toISOString(),
        row.confirmedAt?.toISOString() ?? '',
        row.notMailed ?? '',
      ]
        .map((cell) => csvCell(cell))
        .join(','),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** Removes one address (and with it the consent record and any open links); null if none. */
export async function removeSubscriber(db: Db, id: string) {
  const [deleted] = await db
    .delete(table)
    .where(eq(table.id, id))
    .returning({ email: table.email, verified: table.verified, language: table.language })
  return deleted ?? null
}
