import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

/** SPEC section 3: one profile per user, id = user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    avatarUrl: text('avatar_url'),
    email: text('email').notNull(),
    /** Short code a member shows at the door of an event. */
    userCode: text('user_code').notNull().unique(),
    /** The member's language, for e-mails sent when she is not on the site. */
    language: text('language', { enum: ['hu', 'en', 'es', 'de'] })
      .notNull()
      .default('hu'),
    /** Whether other members who sat at her table see her in their "people you met" (opt-out). */
    peopleMetVisible: boolean('people_met_visible').notNull().default(true),
    /** Whether she gets an e-mail some hours before an event she holds a place at (opt-out). */
    eventReminders: boolean('event_reminders').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's users list pages through the members newest first.
  (t) => [index('profiles_created_idx').on(t.createdAt, t.id)],
)
