import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { NEWSLETTER_COUNT_KINDS } from '#shared/schemas/dashboard.ts'
import { user } from './auth.ts'

/**
 * SPEC section 3's newsletter_subscribers, one row per address. A row is pending until its
 * confirmation link is followed; the consent columns record that moment (decision 0011).
 * Unsubscribing deletes the row, consent record included (privacy policy, decision 0007).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased and trimmed. */
    email: text('email').notNull().unique(),
    name: text('name'),
    verified: boolean('verified').notNull().default(false),
    /** The member who subscribed her own account address while signed in. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** E-mails to this subscriber go out in this language. */
    language: text('language', { enum: ['hu', 'en', 'es', 'de'] })
      .notNull()
      .default('hu'),
    /** Where the subscription was asked for. */
    source: text('source', { enum: ['landing', 'account-menu'] })
      .notNull()
      .default('landing'),
    /** Consent record: when the address was confirmed, and a keyed hash of the address it was confirmed from. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consentIpHash: text('consent_ip_hash'),
    /**
     * Her mail server refused a campaign for good (a 5xx answer): no further campaigns go to the
     * address until she subscribes again (issue 11).
     */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A pending row is deleted 48 h after its last request (the privacy policy's promise). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_subscribers_user_idx').on(t.userId),
    index('newsletter_subscribers_created_idx').on(t.createdAt),
    check('newsletter_subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Confirmation and unsubscribe links: only a SHA-256 of the token is kept; each is used once. */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_tokens_subscriber_idx').on(t.subscriberId),
    index('newsletter_tokens_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Links already used, remembered for 30 days so that opening one again is answered kindly
 * (issue 21): a confirmation link by the subscription it confirmed (gone with it), an unsubscribe
 * link by a keyed hash of the address it took off the list (forgotten when she subscribes again).
 * A remembered link changes nothing; only its holder learns what it did.
 */
export const newsletterUsedTokens = pgTable(
  'newsletter_used_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    subscriberId: uuid('subscriber_id').references(() => newsletterSubscribers.id, {
      onDelete: 'cascade',
    }),
    addressHash: text('address_hash'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_used_tokens_used_idx').on(t.usedAt),
    index('newsletter_used_tokens_subscriber_idx').on(t.subscriberId),
    index('newsletter_used_tokens_address_idx').on(t.addressHash),
    check(
      'newsletter_used_tokens_owner',
      sql`(${t.purpose} = 'confirm' and ${t.subscriberId} is not null) or (${t.purpose} = 'unsubscribe' and ${t.addressHash} is not null)`,
    ),
  ],
)

/**
 * How the list changed, per Budapest day and language: confirmations, departures of confirmed
 * subscribers (unsubscribing deletes the row, so they cannot be counted from it) and moves of a
 * confirmed subscriber from one language to another. Counters only: no address, no id, no time
 * finer than the day (decision 0038). A trigger on newsletter_subscribers keeps them, in the
 * transaction of the change, whatever path made it (migration 0015).
 */
export const newsletterDailyCounts = pgTable(
  'newsletter_daily_counts',
  {
    day: date('day').notNull(),
    language: text('language', { enum: ['hu', 'en', 'es', 'de'] }).notNull(),
    kind: text('kind', { enum: NEWSLETTER_COUNT_KINDS }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.language, t.kind] })],
)
