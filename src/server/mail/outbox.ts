import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import type { Db } from '../db/client.ts'
import { deleteInBatches, inBatches, nextBatch } from '../db/in-batches.ts'
import { outbox, type OutboxAttachment } from '../db/schema/outbox.ts'
import type { RenderedEmail } from './templates.ts'

/** SPEC-independent guard against mail bombing: one e-mail of a kind per address per minute. */
export const EMAIL_COOLDOWN_MS = 60_000

export interface OutgoingEmail extends RenderedEmail {
  kind: string
  to: string
  language: Language
  headers?: Record<string, string>
  attachments?: OutboxAttachment[]
  /**
   * False for e-mails nobody can ask for, which their callers already send once each: an admin's
   * change (an event's new time, its cancellation) and reminders (two events' may fall in the
   * same minute). None of them may be dropped as a repeat.
   */
  cooldown?: boolean
}

/** A transaction or the database: e-mails are written together with the data that caused them. */
type Writer = Pick<Db, 'insert' | 'select'>

/**
 * Queues an e-mail. Returns false, writing nothing, when the same kind of e-mail went to the same
 * address within the cooldown; callers answer the same either way, so nobody learns anything.
 */
export async function enqueueEmail(db: Writer, email: OutgoingEmail): Promise<boolean> {
  if (email.cooldown !== false) {
    const since = new Date(Date.now() - EMAIL_COOLDOWN_MS)
    const recent = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, email.kind),
          eq(outbox.toAddress, email.to),
          gt(outbox.createdAt, since),
        ),
      )
      .limit(1)
    if (recent.length > 0) return false
  }
  await db.insert(outbox).values({
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers ?? {},
    attachments: email.attachments ?? [],
    language: email.language,
  })
  return true
}

const done = inArray(outbox.status, ['sent', 'failed'])

/**
 * Empties the bodies of e-mails sent (or given up on) before `cutoff`: the text, the HTML, the
 * headers and attachments, which hold the links and their tokens. Who, what and when stay: the
 * address, kind, subject, language, status and dates.
 */
export const eraseEmailBodies = (db: Db, cutoff: Date) =>
  inBatches(() =>
    db
      .update(outbox)
      .set({ html: '', text: '', headers: {}, attachments: [] })
      .where(
        nextBatch(
          db,
          outbox,
          outbox.id,
          and(
            done,
            lt(outbox.createdAt, cutoff),
            or(
              ne(outbox.html, ''),
              ne(outbox.text, ''),
              sql`${outbox.headers} <> '{}'::jsonb`,
              sql`${outbox.attachments} <> '[]'::jsonb`,
            ),
          ),
        ),
      )
      .returning({ id: outbox.id }),
  )

/** Deletes the records of e-mails sent (or given up on) before `cutoff`. */
export const deleteEmailRecords = (db: Db, cutoff: Date) =>
  deleteInBatches(db, outbox, outbox.id, and(done, lt(outbox.createdAt, cutoff)))
