import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** A file sent with an e-mail; text only (a calendar invitation is text). */
export interface OutboxAttachment {
  filename: string
  /** With its parameters, as `text/calendar; method=REQUEST; charset=UTF-8`. */
  contentType: string
  content: string
}

/**
 * E-mails waiting to be sent. A request writes its e-mail here in the same transaction as the data
 * that caused it; the mail worker sends and retries, so an SMTP outage loses nothing.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** What kind of e-mail (verify-email, reset-password, ...), for logs and the dev mailbox. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    language: text('language').notNull(),
    /** Files sent with it (an invitation's .ics), as text. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Her data download finds the e-mails sent to her by address (auth/data-export.ts).
    index('outbox_to_address_idx').on(t.toAddress),
  ],
)
