import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { KLIKK_KINDS, KLIKK_SHARES } from '#shared/schemas/klikk.ts'
import { user } from './auth.ts'
import { events } from './events.ts'

/**
 * "I'd meet her again" (issue 40): one row per evening, picker and picked, as a friend or a
 * training buddy. Only its picker ever reads a row as hers; a match is two rows that point at
 * each other (klikk/queries). No "no" is ever stored, and nothing lets the picked one read it.
 */
export const klikkPicks = pgTable(
  'klikk_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pickerId: text('picker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    pickedId: text('picked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KLIKK_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('klikk_picks_once').on(t.eventId, t.pickerId, t.pickedId),
    index('klikk_picks_picker_idx').on(t.pickerId),
    index('klikk_picks_picked_idx').on(t.pickedId),
    check('klikk_picks_not_herself', sql`${t.pickerId} <> ${t.pickedId}`),
  ],
)

/**
 * Her klikk settings: what a match may see (nothing until she has chosen), the phone number or
 * Instagram handle she gives for it, and whether she is hidden from others' picks altogether.
 */
export const klikkSettings = pgTable('klikk_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  share: text('share', { enum: KLIKK_SHARES }),
  phone: text('phone'),
  instagram: text('instagram'),
  hidden: boolean('hidden').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * She blocked someone: that person never sees her contact, and the mixer keeps them apart at
 * every later evening (klikk/queries/block-pairs.ts). Only the blocker ever reads the row.
 */
export const klikkBlocks = pgTable(
  'klikk_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('klikk_blocks_blocked_idx').on(t.blockedId),
    check('klikk_blocks_not_herself', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
)

/**
 * An evening whose klikk window has closed and whose e-mails are queued: the primary key lets one
 * server process claim it, in the transaction that queues the e-mails (closeKlikkWindows).
 */
export const klikkWindowsClosed = pgTable('klikk_windows_closed', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * How the evening felt (issue 40, part 4): her answer, 1–5 and an optional comment, one per
 * member and evening (the key). The member is kept only to hold her to one answer, to let her
 * change it and to give it back in her data download; the owner's dashboard reads ratings and
 * comments alone, and nothing here is audited. No timestamp: the time of an answer could name
 * who gave it (decision 87).
 */
export const klikkFeedback = pgTable(
  'klikk_feedback',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('klikk_feedback_user_idx').on(t.userId),
    check('klikk_feedback_rating', sql`${t.rating} between 1 and 5`),
  ],
)
