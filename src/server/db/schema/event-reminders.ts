import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { events } from './events.ts'

/**
 * The reminder e-mails sent before an event, one row per member: the primary key makes each go
 * once, whichever server process gets there first and however often it runs (events/reminders.ts).
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // Deleting an account finds her rows by user.
    index('event_reminders_user_idx').on(t.userId),
  ],
)
