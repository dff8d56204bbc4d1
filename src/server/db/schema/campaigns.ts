import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core'
import type { Language } from '#shared/languages.ts'
import {
  CAMPAIGN_STATUSES,
  EVERYONE,
  type CampaignAudience,
  type CampaignContent,
  type CampaignStats,
} from '#shared/schemas/campaigns.ts'
import { user } from './auth.ts'
import { newsletterSubscribers } from './newsletter.ts'

/** A newsletter issue: its versions per language, its audience and where its sending stands. */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** Subject and Markdown body per language; Hungarian always, the others when written. */
    content: jsonb('content').$type<Partial<Record<Language, CampaignContent>>>().notNull(),
    /**
     * Who it goes to (decision 0093): its filters, read back through campaignAudienceSchema. Fixed
     * once it starts: the recipients are written from it then.
     */
    audience: jsonb('audience').$type<CampaignAudience>().notNull().default(EVERYONE),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Every recipient row is written: the start is complete (it resumes after a crash). */
    recipientsWritten: boolean('recipients_written').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The figures, kept when the delivery record (the recipient rows) is deleted a year after
     * the campaign ended (the privacy policy's promise).
     */
    finalStats: jsonb('final_stats').$type<CampaignStats>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_campaigns_status_idx').on(t.status, t.scheduledAt)],
)

export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'bounced'] as const

/**
 * One row per recipient, written when the campaign starts. The unique key is the promise that a
 * campaign reaches an address at most once, whatever crashes or how many processes send.
 */
export const campaignRecipients = pgTable(
  'newsletter_campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    /** Null once she has left the newsletter (her row is deleted). */
    subscriberId: uuid('subscriber_id').references(() => newsletterSubscribers.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    name: text('name'),
    language: text('language', { enum: ['hu', 'en', 'es', 'de'] }).notNull(),
    status: text('status', { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default('pending'),
    /** Temporary failures so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Set by the worker that claimed the row; its updates count only while it still matches. */
    claimToken: uuid('claim_token'),
    /** When the row was last claimed: the sending rate is counted from it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** She left the newsletter through this campaign's link. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    unique('newsletter_campaign_recipients_once').on(t.campaignId, t.email),
    index('newsletter_campaign_recipients_campaign_idx').on(t.campaignId, t.status),
    index('newsletter_campaign_recipients_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('newsletter_campaign_recipients_claimed_idx').on(t.claimedAt),
    index('newsletter_campaign_recipients_subscriber_idx').on(t.subscriberId),
  ],
)
