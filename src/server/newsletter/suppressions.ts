import { count, desc, eq, ilike, sql } from 'drizzle-orm'
import { SUBSCRIBERS_PAGE_SIZE, type SuppressionsQuery } from '#shared/schemas/newsletter.ts'
import type { Db } from '../db/client.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { containsPattern } from '../db/like-pattern.ts'

/** The admin's list of suppressed addresses (decision 83): newest first, one page. */
export async function listSuppressions(db: Db, query: SuppressionsQuery) {
  const where = query.q ? ilike(mailSuppressions.email, containsPattern(query.q)) : undefined
  const [rows, [matching]] = await Promise.all([
    db
      .select({
        email: mailSuppressions.email,
        reason: mailSuppressions.reason,
        source: mailSuppressions.source,
        detail: mailSuppressions.detail,
        at: mailSuppressions.createdAt,
        subscribed: sql<boolean>`${newsletterSubscribers.id} is not null`,
      })
      .from(mailSuppressions)
      .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.email, mailSuppressions.email))
      .where(where)
      .orderBy(desc(mailSuppressions.createdAt), mailSuppressions.email)
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((query.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ n: count() }).from(mailSuppressions).where(where),
  ])
  return {
    suppressions: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    matching: matching?.n ?? 0,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  }
}
