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
import type { EventTranslations } from '#shared/event-texts.ts'
import type { SeriesRule } from '#shared/series-rule.ts'
import type { TableInput } from '#shared/schemas/events.ts'
import { user } from './auth.ts'

/**
 * Evenings that come back (issue 41, decision 0088): what each evening of the series starts
 * with, and the rule that gives their dates. Its evenings are events rows (`events.series_id`),
 * made SERIES_MONTHS_AHEAD months ahead; an evening changed alone keeps its own values.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventName: text('event_name').notNull(),
    description: text('description').notNull().default(''),
    placeName: text('place_name').notNull().default(''),
    address: text('address').notNull().default(''),
    translations: jsonb('translations').$type<EventTranslations>().notNull().default({}),
    duration: integer('duration').notNull(),
    isKlikk: boolean('is_klikk').notNull().default(true),
    hasRecordingAvailable: boolean('has_recording_available').notNull().default(false),
    plannedRounds: integer('planned_rounds').notNull().default(4),
    places: integer('places'),
    autoSeatLateArrivals: boolean('auto_seat_late_arrivals').notNull().default(true),
    klikkWindowHours: integer('klikk_window_hours').notNull().default(48),
    /** The tables each new evening starts with. */
    tables: jsonb('tables').$type<TableInput[]>().notNull().default([]),
    rule: jsonb('rule').$type<SeriesRule>().notNull(),
    registrationOpensDays: integer('registration_opens_days').notNull().default(21),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_series_duration_positive', sql`${t.duration} > 0`),
    check('event_series_opens_days', sql`${t.registrationOpensDays} between 1 and 90`),
  ],
)

/** Members who follow a series: each is e-mailed once when an evening's registration opens. */
export const seriesFollowers = pgTable(
  'series_followers',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => eventSeries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.userId] }),
    index('series_followers_user_idx').on(t.userId),
  ],
)
