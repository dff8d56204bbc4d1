import { sql } from 'drizzle-orm'
import {
  AFTER_EVENING_MAILS,
  EVENT_STATUSES,
  PARTICIPANT_STATUSES,
} from '#shared/schemas/events.ts'
import {
  FRIEND_INVITATION_STATUSES,
  PLACE_OFFER_KINDS,
  PLACE_OFFER_STATUSES,
} from '#shared/place-offers.ts'
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

// The column groups the evening's tables share (decision 0101); the SQL is what each spelled out.

/** A row's own id, made by the database. */
const ownId = () => uuid('id').primaryKey().defaultRandom()
/** A moment, with its time zone. */
const at = (name: string) => timestamp(name, { withTimezone: true })
const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}
/** The evening a row belongs to: it goes with the evening. */
const eventRef = () =>
  uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' })
/** The member a row is about: it goes with her account. */
const memberRef = (name = 'user_id') =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' })
/** One member at one evening: a row per woman and evening. */
const eventMember = () => ({ eventId: eventRef(), userId: memberRef() })
/** Where a row stands, one of `values`, `initial` when made. */
const statusOf = <U extends string, T extends Readonly<[U, ...U[]]>>(
  values: T,
  initial: T[number],
) => text('status', { enum: values }).notNull().default(initial)
/** Until when an offer or an invitation holds, and when she answered it. */
const answerWindow = () => ({
  expiresAt: at('expires_at').notNull(),
  answeredAt: at('answered_at'),
})

/** SPEC section 3's events. At most one is active at a time: the database enforces it. */
export const events = pgTable(
  'events',
  {
    id: ownId(),
    eventName: text('event_name').notNull(),
    description: text('description').notNull().default(''),
    /** /api/media/<imageId> of the uploaded image, or null. */
    imageUrl: text('image_url'),
    imageId: text('image_id').references(() => media.id, { onDelete: 'set null' }),
    startTime: at('start_time').notNull(),
    placeName: text('place_name').notNull().default(''),
    address: text('address').notNull().default(''),
    /**
     * The name, description and place in English, Spanish and German, where the host wrote them
     * (decision 0056); the columns above are the Hungarian, which every missing text falls back to.
     */
    translations: jsonb('translations').$type<EventTranslations>().notNull().default({}),
    /** Minutes. */
    duration: integer('duration').notNull(),
    status: statusOf(EVENT_STATUSES, 'inactive'),
    startedAt: at('started_at'),
    /** Set when an admin ends the event; it is then inactive again. */
    endedAt: at('ended_at'),
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
    registrationOpensAt: at('registration_opens_at'),
    /** When the series' followers were e-mailed that registration opened (once per evening). */
    followersToldAt: at('followers_told_at'),
    /**
     * Hours before the start until which a member gives her place back in time; after it, until
     * the start, she still can, and it is recorded as late (issue 41, decision 0089).
     */
    cancelDeadlineHours: integer('cancel_deadline_hours').notNull().default(24),
    /** The host lets each member with a place invite one friend by e-mail (issue 41, decision 0092). */
    friendsAllowed: boolean('friends_allowed').notNull().default(false),
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
    id: ownId(),
    eventId: eventRef(),
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
    ...eventMember(),
    status: statusOf(PARTICIPANT_STATUSES, 'registered'),
    registeredAt: at('registered_at').notNull().defaultNow(),
    checkedInAt: at('checked_in_at'),
    leftAt: at('left_at'),
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
    id: ownId(),
    ...eventMember(),
    kind: text('kind', { enum: PLACE_OFFER_KINDS }).notNull(),
    status: statusOf(PLACE_OFFER_STATUSES, 'open'),
    offeredAt: at('offered_at').notNull(),
    ...answerWindow(),
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
 * A member's invitation of one friend to an evening (decision 0092): while `open` and before
 * `expiresAt` it holds a place (place-offers.ts counts it); accepted, the friend is registered.
 * One open or accepted invitation per member and evening, and per address and evening. The friend
 * is known by her e-mail address until she accepts (`friendId`); the e-mail goes out in the
 * inviter's language.
 */
export const eventFriendInvitations = pgTable(
  'event_friend_invitations',
  {
    id: ownId(),
    eventId: eventRef(),
    /**
     * Null once the inviter deleted her account (decision 0100): the row stays, withdrawn if it
     * was still open, so the friend's link says it is no longer valid.
     */
    inviterId: text('inviter_id').references(() => user.id, { onDelete: 'set null' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    status: statusOf(FRIEND_INVITATION_STATUSES, 'open'),
    friendId: text('friend_id').references(() => user.id, { onDelete: 'cascade' }),
    invitedAt: at('invited_at').notNull(),
    ...answerWindow(),
  },
  (t) => [
    index('event_friend_invitations_event_idx').on(t.eventId, t.status),
    index('event_friend_invitations_inviter_idx').on(t.inviterId),
    index('event_friend_invitations_friend_idx').on(t.friendId),
    uniqueIndex('event_friend_invitations_one_per_member')
      .on(t.eventId, t.inviterId)
      .where(sql`${t.status} in ('open', 'accepted')`),
    uniqueIndex('event_friend_invitations_one_per_address')
      .on(t.eventId, t.email)
      .where(sql`${t.status} in ('open', 'accepted')`),
  ],
)

/**
 * A place given back after the evening's deadline. The host may wave it away (`waivedAt`); a new
 * late cancellation of the same evening replaces it.
 */
export const eventLateCancellations = pgTable(
  'event_late_cancellations',
  {
    ...eventMember(),
    cancelledAt: at('cancelled_at').notNull(),
    waivedAt: at('waived_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
)

/**
 * A member who held a place and was not checked in when the evening ended (issue 41 part 4,
 * decision 0091): recorded without blame, for the host's eyes only. The host may clear one ("she
 * called, she was ill"): the record stays, marked cleared. Reopening the evening removes the ones
 * not cleared; ending it again records them anew.
 */
export const eventNoShows = pgTable(
  'event_no_shows',
  {
    ...eventMember(),
    recordedAt: at('recorded_at').notNull(),
    clearedAt: at('cleared_at'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_no_shows_user_idx').on(t.userId),
  ],
)

/**
 * The after-evening e-mails queued (decision 0091): `thanks` to those who came, `missed` to
 * those who did not. The key makes each go once per member and evening, however often the
 * evening is ended and reopened, and however many processes end it at once.
 */
export const eventAfterMails = pgTable(
  'event_after_mails',
  {
    ...eventMember(),
    kind: text('kind', { enum: AFTER_EVENING_MAILS }).notNull(),
    queuedAt: at('queued_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.kind] }),
    index('event_after_mails_user_idx').on(t.userId),
  ],
)

/**
 * An ended evening's after-evening e-mails waiting for the grace period (decision 0100): the end
 * writes `due_at`, a reopening deletes the row, and the `after-evening` job queues the e-mails
 * (each once, by event_after_mails) when `due_at` has passed and the evening is still ended.
 */
export const eventAfterMailsDue = pgTable('event_after_mails_due', {
  eventId: eventRef().primaryKey(),
  dueAt: at('due_at').notNull(),
})

/** SPEC's event_rounds: not started, running (started and not finished), then ended. */
export const eventRounds = pgTable(
  'event_rounds',
  {
    id: ownId(),
    eventId: eventRef(),
    roundNumber: integer('round_number').notNull(),
    started: boolean('started').notNull().default(false),
    finished: boolean('finished').notNull().default(false),
    startedAt: at('started_at'),
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
    id: ownId(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => eventRounds.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => eventTables.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    assignedAt: at('assigned_at').notNull().defaultNow(),
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
    id: ownId(),
    eventId: eventRef(),
    userA: text('user_a').notNull(),
    userB: text('user_b').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
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
    id: ownId(),
    ...eventMember(),
    /** The door device's own id for this check-in: the same id sent again changes nothing. */
    clientId: uuid('client_id').notNull().unique(),
    /** Who checked her in (an admin or a door helper). */
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Her participation before: null when she came without registering (a walk-in). */
    previousStatus: text('previous_status', { enum: PARTICIPANT_STATUSES }),
    previousCheckedInAt: at('previous_checked_in_at'),
    previousLeftAt: at('previous_left_at'),
    /** When she came in at the door (the scan time of a check-in sent later from a queue). */
    checkedInAt: at('checked_in_at').notNull(),
    /** When the server applied it: the undo window counts from here. */
    createdAt: at('created_at').notNull().defaultNow(),
    undoneAt: at('undone_at'),
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
    ...eventMember(),
    createdAt: at('created_at').notNull().defaultNow(),
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
  countedAt: at('counted_at').notNull().defaultNow(),
})
