import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Language } from '#shared/languages.ts'
import type { CampaignContent } from '#shared/schemas/campaigns.ts'
import { user } from './auth.ts'
import { newsletterSubscribers } from './newsletter.ts'

/**
 * The welcome series (issue 42 part 1, decision 0090): one row. `startedAt` is the first time it
 * was turned on; who confirmed before it gets the series only when the owner included the earlier
 * subscribers (`earlierIncludedAt`, once).
 */
export const welcomeSeries = pgTable(
  'newsletter_welcome_series',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    earlierIncludedAt: timestamp('earlier_included_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('newsletter_welcome_series_one', sql`${t.id} = 1`)],
)

/**
 * Up to three welcome e-mails, each in its place (1–3) with its delay after her confirmation. The
 * id stays when the text changes, so an edit reaches only e-mails not yet sent; a removed place
 * written again is a new e-mail.
 */
export const welcomeEmails = pgTable(
  'newsletter_welcome_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull().unique(),
    delayDays: integer('delay_days').notNull(),
    content: jsonb('content').$type<Partial<Record<Language, CampaignContent>>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('newsletter_welcome_emails_position', sql`${t.position} between 1 and 3`),
    check('newsletter_welcome_emails_delay', sql`${t.delayDays} between 0 and 365`),
  ],
)

/**
 * A subscriber on her way through the series: from when her delays count (`anchorAt`: her
 * confirmation, or the moment the owner included earlier subscribers) and the keyed hash of her
 * address, by which what she already got is found again should she leave and come back.
 */
export const welcomeRecipients = pgTable(
  'newsletter_welcome_recipients',
  {
    subscriberId: uuid('subscriber_id')
      .primaryKey()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_welcome_recipients_address_idx').on(t.addressHash)],
)

/**
 * Which welcome e-mail went to which address, by the address's keyed hash only: it outlives her
 * subscription (she does not start over), and holds no address. Written in the transaction that
 * queues the e-mail in the outbox, so each is queued once.
 */
export const welcomeDeliveries = pgTable(
  'newsletter_welcome_deliveries',
  {
    addressHash: text('address_hash').notNull(),
    emailId: uuid('email_id').notNull(),
    language: text('language', { enum: ['hu', 'en', 'es', 'de'] }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.addressHash, t.emailId] }),
    index('newsletter_welcome_deliveries_email_idx').on(t.emailId),
  ],
)
