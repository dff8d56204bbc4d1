import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { events } from './events.ts'

/** Why a screen link stopped working: the host switched it off, made a new one, or the evening ended. */
export const SCREEN_LINK_ENDS = ['revoked', 'replaced', 'ended'] as const
export type ScreenLinkEnd = (typeof SCREEN_LINK_ENDS)[number]

/**
 * A big-screen link of one event (decision 0066): the projector's laptop opens the event's big
 * screen by it, without an account. Its short code is kept only as a hash; at most one link of
 * an event works at a time, and a code is unique among the working ones. A trigger (migration
 * 0020) ends an event's link when the evening ends.
 */
export const eventScreenLinks = pgTable(
  'event_screen_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code as shown without its dash (`ABCDEFGH`), hex. */
    codeHash: text('code_hash').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBecause: text('ended_because', { enum: SCREEN_LINK_ENDS }),
  },
  (t) => [
    uniqueIndex('event_screen_links_one_working')
      .on(t.eventId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('event_screen_links_working_code')
      .on(t.codeHash)
      .where(sql`${t.endedAt} is null`),
    index('event_screen_links_event_idx').on(t.eventId, t.createdAt),
  ],
)

/**
 * The keys that open a screen link: the link's own (in the address the host copies), and one
 * for each projector that typed its code. Only their SHA-256 is kept.
 */
export const eventScreenKeys = pgTable(
  'event_screen_keys',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => eventScreenLinks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_screen_keys_link_idx').on(t.linkId)],
)
