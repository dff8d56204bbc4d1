import { openDatabase } from '../db/client.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { LANGUAGE_CODES } from '#shared/languages.ts'

const BATCH = 1_000

/**
 * `count` confirmed newsletter subscribers, `reader-0@example.com` onwards, in each language in
 * turn: a campaign's audience, written straight into the embedded database in `dataDir` (made
 * and migrated if new; 1,000 rows a statement) as an import would, while no server has it open.
 */
export async function seedConfirmedSubscribers(dataDir: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `reader-${i}@example.com`)
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    for (let start = 0; start < count; start += BATCH)
      await database.db.insert(newsletterSubscribers).values(
        emails.slice(start, start + BATCH).map((email, i) => ({
          email,
          name: `Reader ${start + i}`,
          verified: true,
          language: LANGUAGE_CODES[(start + i) % LANGUAGE_CODES.length],
          confirmedAt: new Date(),
        })),
      )
  } finally {
    await database.close()
  }
  return emails
}

/** `emails` suppressed after a hard bounce (decision 0083), written as seedConfirmedSubscribers. */
export async function seedSuppressions(dataDir: string, emails: string[]): Promise<void> {
  if (emails.length === 0) return
  const database = await openDatabase({ dataDir })
  try {
    for (let start = 0; start < emails.length; start += BATCH)
      await database.db.insert(mailSuppressions).values(
        emails.slice(start, start + BATCH).map((email) => ({
          email,
          reason: 'hard_bounce' as const,
          source: 'smtp' as const,
          detail: '550 5.1.1 No such user',
        })),
      )
  } finally {
    await database.close()
  }
}
