import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

import { SUPPRESSION_REASONS, type SuppressionReason } from '#shared/schemas/newsletter.ts'

/** Why an address gets no newsletter, campaign or welcome e-mail (issue 42, decision 0083). */
export { SUPPRESSION_REASONS, type SuppressionReason }

/** Who told us: our own SMTP hand-over (a 5xx), or a provider's webhook. */
export const MAIL_FEEDBACK_SOURCES = ['smtp', 'postmark', 'mailgun', 'signed'] as const
export type MailFeedbackSource = (typeof MAIL_FEEDBACK_SOURCES)[number]

/**
 * Addresses the newsletter leaves alone: after one hard bounce, one complaint, or several soft
 * bounces in a row. Transactional e-mails (sign-in, recovery, her evenings) still go. Kept by
 * address, not by subscriber, since a complaint also unsubscribes (which deletes the subscriber);
 * lifted by an admin, or when she confirms a new subscription herself.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    /** Lower-cased and trimmed. */
    email: text('email').primaryKey(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    source: text('source', { enum: MAIL_FEEDBACK_SOURCES }).notNull(),
    /** The receiving server's or the provider's words, cut to 500 characters. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mail_suppressions_email_lower', sql`${t.email} = lower(${t.email})`)],
)

/** Soft bounces since the address last took a delivery; reset by one that went through. */
export const mailSoftBounces = pgTable(
  'mail_soft_bounces',
  {
    email: text('email').primaryKey(),
    count: integer('count').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mail_soft_bounces_email_lower', sql`${t.email} = lower(${t.email})`)],
)

/**
 * Webhook deliveries already taken, by the provider's own id (or Mailgun's signing token): a
 * replay finds its id here and changes nothing. The janitor drops them after a week, longer
 * than any provider retries and than the signed formats' clock window.
 */
export const mailWebhookReceipts = pgTable(
  'mail_webhook_receipts',
  {
    source: text('source', { enum: MAIL_FEEDBACK_SOURCES }).notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.eventId] })],
)
