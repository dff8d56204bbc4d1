import { sql } from 'drizzle-orm'
import { EVENT_STATUSES, PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { PLACE_OFFER_KINDS, PLACE_OFFER_STATUSES } from '#shared/place-offers.ts'
import type { EventTranslations } from '#shared/event-texts.ts'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { media } from './media.ts'
import { eventSeries } from './series.ts'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** SPEC section 3's events. At most one is active at a time: the database enforces it. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventName: text('event_name').notNull(),
    description: text('description').notNull().default(''),
    /** /api/media/<imageId> of the uploaded image, or null. */
    imageUrl: text('image_url'),
    imageId: text('image_id').references(() => media.id, { onDelete: 'set null' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    placeName: text('place_name').notNull().default(''),
    address: text('address').notNull().default(''),
    /**
     * The name, description and place in English, Spanish and German, where the host wrote them
     * (decision 0056); the columns above are the Hungarian, which every missing text falls back to.
     */
    translations: jsonb('translations').$type<EventTranslations>().notNull().default({}),
    /** Minutes. */
    duration: integer('duration').notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('inactive'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Set when an admin ends the event; it is then inactive again. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    isKlikk: boolean('is_klikk').notNull().default(true),
    hasRecordingAvailable: boolean('has_recording_available').notNull().default(false),
    /** How many rounds the evening is meant to have; the mixer plans the remaining ones together. */
    plannedRounds: integer('planned_rounds').notNull().default(4),
    /** How many can come; beyond it, members join the waiting list. Null: no limit. */
    places: integer('places'),
    /** Someone checked in while a round runs gets a free seat at once (the host can turn it off). */
    autoSeatLateArrivals: boolean('auto_seat_late_arrivals').notNull().default(true),
    /**
     * The calendar invitation's SEQUENCE (RFC 5545): one more each time the time or the place
     * changes, so calendars replace the old invitation instead of keeping both.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** Hours after the evening's end while members may pick whom they'd meet again (issue 40). */
    klikkWindowHours: integer('klikk_window_hours').notNull().default(48),
    /** The series it belongs to (decision 0088), or null for an evening made alone. */
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    /**
     * Which of the series' dates it is: the local day the rule gave it ("2027-01-08"), kept when
     * the evening is moved, so the series never makes that date again.
     */
    seriesSlot: text('series_slot'),
    /** Before this, members cannot register yet (a series' evening); null: open. */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    /** When the series' followers were e-mailed that registration opened (once per evening). */
    followersToldAt: timestamp('followers_told_at', { withTimezone: true }),
    /**
     * Hours before the start until which a member gives her place back in time; after it, until
     * the start, she still can, and it is recorded as late (issue 41, decision 0089).
     */
    cancelDeadlineHours: integer('cancel_deadline_hours').notNull().default(24),
    ...timestamps,
  },
  (t) => [
    index('events_created_idx').on(t.createdAt),
    unique('events_series_slot_unique').on(t.seriesId, t.seriesSlot),
    index('events_registration_opens_idx')
      .on(t.registrationOpensAt)
      .where(sql`${t.followersToldAt} is null and ${t.seriesId} is not null`),
    uniqueIndex('events_one_active')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    check('events_duration_positive', sql`${t.duration} > 0`),
    check('events_planned_rounds_positive', sql`${t.plannedRounds} between 1 and 50`),
    check('events_klikk_window_hours', sql`${t.klikkWindowHours} between 24 and 168`),
    check('events_cancel_deadline_hours', sql`${t.cancelDeadlineHours} between 0 and 336`),
    check('events_places_positive', sql`${t.places} is null or ${t.places} between 1 and 10000`),
  ],
)

/** SPEC's event_tables: capacity_actual seats are in use tonight, at most capacity_full. */
export const eventTables = pgTable(
  'event_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    capacityFull: integer('capacity_full').notNull(),
    capacityActual: integer('capacity_actual').notNull(),
    ...timestamps,
  },
  (t) => [
    index('event_tables_event_idx').on(t.eventId),
    unique('event_tables_name_unique').on(t.eventId, t.tableName),
    check(
      'event_tables_capacity',
      sql`${t.capacityActual} >= 1 and ${t.capacityActual} <= ${t.capacityFull}`,
    ),
  ],
)

/** Members registered for an event; at the door they are checked in (present) or out (absent). */
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull().default('registered'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_participants_user_idx').on(t.userId),
  ],
)

/**
 * An offer of a place to a woman on the waiting list (decision 0089): `single` to the first in
 * line, holding the place until `expiresAt`; `open` (the last hours) to everyone in line at once,
 * holding nothing, the first to accept has it. At most one open offer per woman and event.
 */
export const eventPlaceOffers = pgTable(
  'event_place_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PLACE_OFFER_KINDS }).notNull(),
    status: text('status', { enum: PLACE_OFFER_STATUSES }).notNull().default('open'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('event_place_offers_event_idx').on(t.eventId, t.status),
    index('event_place_offers_user_idx').on(t.userId),
    uniqueIndex('event_place_offers_one_open')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
)

/**
 * A place given back after the evening's deadline. The host may wave it away (`waivedAt`); a new
 * late cancellation of the same evening replaces it.
 */
export const eventLateCancellations = pgTable(
  'event_late_cancellations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
)

/** SPEC's event_rounds: not started, running (started and not finished), then ended. */
export const eventRounds = pgTable(
  'event_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
    started: boolean('started').notNull().default(false),
    finished: boolean('finished').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    ...timestamps,
  },
  (t) => [
    unique('event_rounds_number_unique').on(t.eventId, t.roundNumber),
    check('event_rounds_duration', sql`${t.durationMinutes} between 1 and 600`),
  ],
)

/** SPEC's event_table_assignments: who sits at which table in a round. */
export const eventTableAssignments = pgTable(
  'event_table_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => eventRounds.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => eventTables.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('event_table_assignments_seat_unique').on(t.roundId, t.userId),
    index('event_table_assignments_table_idx').on(t.tableId),
    index('event_table_assignments_user_idx').on(t.userId),
  ],
)

/**
 * Two participants of an event whom the mixer seats at different tables (the host's call:
 * a couple, colleagues, two who had words). Stored with the smaller user id first, so a pair has
 * one row; it goes when either stops being a participant.
 */
export const eventKeepApart = pgTable(
  'event_keep_apart',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userA: text('user_a').notNull(),
    userB: text('user_b').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('event_keep_apart_pair_unique').on(t.eventId, t.userA, t.userB),
    check('event_keep_apart_ordered', sql`${t.userA} < ${t.userB}`),
    foreignKey({
      name: 'event_keep_apart_a_participant_fk',
      columns: [t.eventId, t.userA],
      foreignColumns: [eventParticipants.eventId, eventParticipants.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'event_keep_apart_b_participant_fk',
      columns: [t.eventId, t.userB],
      foreignColumns: [eventParticipants.eventId, eventParticipants.userId],
    }).onDelete('cascade'),
  ],
)

/**
 * Check-ins made at the door screen, one row each, so that a phone that sends one twice (a retry,
 * an offline queue) has it applied once (client_id), and so that it can be undone for a short
 * while: the row keeps what the participation was before.
 */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The door device's own id for this check-in: the same id sent again changes nothing. */
    clientId: uuid('client_id').notNull().unique(),
    /** Who checked her in (an admin or a door helper). */
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Her participation before: null when she came without registering (a walk-in). */
    previousStatus: text('previous_status', { enum: PARTICIPANT_STATUSES }),
    previousCheckedInAt: timestamp('previous_checked_in_at', { withTimezone: true }),
    previousLeftAt: timestamp('previous_left_at', { withTimezone: true }),
    /** When she came in at the door (the scan time of a check-in sent later from a queue). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    /** When the server applied it: the undo window counts from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('event_check_ins_event_idx').on(t.eventId, t.createdAt)],
)

/**
 * Members an admin lets work the door of one event: they see and use only that event's door
 * screen, from two hours before its start until it ends.
 */
export const eventDoorHelpers = pgTable(
  'event_door_helpers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_door_helpers_user_idx').on(t.userId),
  ],
)

/**
 * The dashboard's "met someone new" of an evening (decision 0038), kept once counted, as counting
 * it reads every earlier evening's seats. Triggers (migration 0015) forget the figures of an
 * evening and every later one when a seat, a round's start or an evening's time changes.
 */
export const eventMetCounts = pgTable('event_met_counts', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  metSomeoneNew: integer('met_someone_new').notNull(),
  /** Pairs who sat together at this evening for the first time ever; null: kept before it was counted. */
  newPairs: integer('new_pairs'),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
})
