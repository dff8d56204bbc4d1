import { KLIKK_WINDOW_HOURS } from './klikk.ts'
import { CANCEL_DEADLINE_HOURS } from '../place-offers.ts'
import { z } from 'zod'
import { DEFAULT_ROUND_DURATION_MINUTES, TABLE_MAX_SEATS } from '../constants.ts'
import { EVENT_TEXT_LIMITS, eventTranslationsInputSchema } from '../event-texts.ts'

// Messages are keys in the `events` namespace (validation.*), so the form and the server's
// answer say the same thing in the user's language.

/**
 * Start times an event may have: 2000 to the end of 2099. Dates outside are typos or probes, and
 * some PostgreSQL refuses (year 0 as JavaScript writes it was a 500).
 */
const START_TIME_RANGE = { from: Date.UTC(2000, 0, 1), until: Date.UTC(2100, 0, 1) }
// A malformed date is startTimeInvalid's to report, not this rule's.
const isWithinStartTimeRange = (time: number) =>
  Number.isNaN(time) || (time >= START_TIME_RANGE.from && time < START_TIME_RANGE.until)

/** An event as the host writes it: its texts in Hungarian, and in other languages if she wants. */
export const eventInputSchema = z.object({
  eventName: z
    .string()
    .trim()
    .min(1, { error: 'nameRequired' })
    .max(EVENT_TEXT_LIMITS.eventName, { error: 'nameTooLong' }),
  description: z
    .string()
    .trim()
    .max(EVENT_TEXT_LIMITS.description, { error: 'descriptionTooLong' })
    .default(''),
  startTime: z.iso
    .datetime({ offset: true, error: 'startTimeInvalid' })
    .refine((value) => isWithinStartTimeRange(Date.parse(value)), {
      error: 'startTimeOutOfRange',
    }),
  placeName: z
    .string()
    .trim()
    .max(EVENT_TEXT_LIMITS.placeName, { error: 'placeTooLong' })
    .default(''),
  address: z.string().trim().max(200, { error: 'addressTooLong' }).default(''),
  duration: z
    .number({ error: 'durationInvalid' })
    .int({ error: 'durationInvalid' })
    .min(15, { error: 'durationInvalid' })
    .max(24 * 60, { error: 'durationInvalid' }),
  isKlikk: z.boolean().default(true),
  hasRecordingAvailable: z.boolean().default(false),
  plannedRounds: z
    .number({ error: 'plannedRoundsInvalid' })
    .int({ error: 'plannedRoundsInvalid' })
    .min(1, { error: 'plannedRoundsInvalid' })
    .max(20, { error: 'plannedRoundsInvalid' })
    .default(4),
  autoSeatLateArrivals: z.boolean().default(true),
  /** Each member with a place may invite one friend by e-mail (decision 0092). */
  friendsAllowed: z.boolean().default(false),
  /** Hours after the evening's end while members pick whom they'd meet again (issue 40). */
  klikkWindowHours: z
    .number({ error: 'klikkWindowHoursInvalid' })
    .int({ error: 'klikkWindowHoursInvalid' })
    .min(KLIKK_WINDOW_HOURS.min, { error: 'klikkWindowHoursInvalid' })
    .max(KLIKK_WINDOW_HOURS.max, { error: 'klikkWindowHoursInvalid' })
    .default(KLIKK_WINDOW_HOURS.default),
  /** Hours before the start until which she gives her place back in time (decision 0089). */
  cancelDeadlineHours: z
    .number({ error: 'cancelDeadlineHoursInvalid' })
    .int({ error: 'cancelDeadlineHoursInvalid' })
    .min(CANCEL_DEADLINE_HOURS.min, { error: 'cancelDeadlineHoursInvalid' })
    .max(CANCEL_DEADLINE_HOURS.max, { error: 'cancelDeadlineHoursInvalid' })
    .default(CANCEL_DEADLINE_HOURS.default),
  /** How many can come (beyond it, a waiting list); null for no limit. */
  places: z
    .number({ error: 'placesInvalid' })
    .int({ error: 'placesInvalid' })
    .min(1, { error: 'placesInvalid' })
    .max(10_000, { error: 'placesInvalid' })
    .nullable()
    .default(null),
  /**
   * The name, description and place in English, Spanish and German. The texts above are the
   * Hungarian, shown wherever one is missing.
   */
  translations: eventTranslationsInputSchema.optional(),
})
export type EventInput = z.infer<typeof eventInputSchema>

export const tableInputSchema = z
  .object({
    tableName: z
      .string()
      .trim()
      .min(1, { error: 'tableNameRequired' })
      .max(40, { error: 'tableNameTooLong' }),
    capacityFull: z
      .number({ error: 'capacityInvalid' })
      .int({ error: 'capacityInvalid' })
      .min(1, { error: 'capacityInvalid' })
      .max(TABLE_MAX_SEATS, { error: 'capacityInvalid' }),
    capacityActual: z
      .number({ error: 'capacityInvalid' })
      .int({ error: 'capacityInvalid' })
      .min(1, { error: 'capacityInvalid' })
      .max(TABLE_MAX_SEATS, { error: 'capacityInvalid' }),
  })
  .refine((t) => t.capacityActual <= t.capacityFull, {
    error: 'capacityActualTooLarge',
    path: ['capacityActual'],
  })
export type TableInput = z.infer<typeof tableInputSchema>

export const addParticipantSchema = z.object({
  userCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,12}$/, { error: 'userCodeInvalid' }),
})

/** `waiting`: on the waiting list of a full event, in the order of registration. */
export const PARTICIPANT_STATUSES = ['registered', 'present', 'absent', 'waiting'] as const
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number]
/** The after-evening e-mails (decision 0091): thanks to those who came, "we missed you" to the rest. */
export const AFTER_EVENING_MAILS = ['thanks', 'missed'] as const
export type AfterEveningMail = (typeof AFTER_EVENING_MAILS)[number]
/**
 * How long the after-evening e-mails wait after the end (decision 0100): a host who ended by
 * mistake and reopens within it has told nobody. The host's end button says it.
 */
export const AFTER_EVENING_GRACE_MINUTES = 30
/** At most one event is active at a time: the one running now. */
export const EVENT_STATUSES = ['inactive', 'active'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
/**
 * Where an event is in its life, as a person says it: not started, running, or ended. An ended
 * event's `status` column is `inactive` again (only one may be `active`), with `ended_at` set;
 * the phase is what the card, the admin's list and the audit log show.
 */
export const EVENT_PHASES = ['inactive', 'active', 'ended'] as const
export type EventPhase = (typeof EVENT_PHASES)[number]
export const eventPhase = (event: { status: string; endedAt: Date | string | null }): EventPhase =>
  event.status === 'active' ? 'active' : event.endedAt ? 'ended' : 'inactive'
export const participantStatusSchema = z.object({ status: z.enum(PARTICIPANT_STATUSES) })

export const roundInputSchema = z.object({
  durationMinutes: z
    .number({ error: 'roundDurationInvalid' })
    .int({ error: 'roundDurationInvalid' })
    .min(1, { error: 'roundDurationInvalid' })
    .max(600, { error: 'roundDurationInvalid' })
    .default(DEFAULT_ROUND_DURATION_MINUTES),
})

/** Changes an admin makes to a round's seating before (or during) it. */
export const seatingChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('swap'), userA: z.string().min(1), userB: z.string().min(1) }),
  z.object({ action: z.literal('move'), userId: z.string().min(1), tableId: z.uuid() }),
])
export type SeatingChange = z.infer<typeof seatingChangeSchema>

/** Two participants the mixer seats at different tables. */
export const keepApartInputSchema = z
  .object({
    userA: z.string({ error: 'keepApartChoose' }).min(1, { error: 'keepApartChoose' }).max(64),
    userB: z.string({ error: 'keepApartChoose' }).min(1, { error: 'keepApartChoose' }).max(64),
  })
  .refine((pair) => pair.userA !== pair.userB, {
    error: 'keepApartSamePerson',
    path: ['userB'],
  })
export type KeepApartInput = z.infer<typeof keepApartInputSchema>

export const eventsQuerySchema = z.object({
  klikk: z.enum(['true', 'false']).optional(),
})

/** Starting a round: `endRunning=true` ends the round that still runs first, in the same step. */
export const roundStartQuerySchema = z.object({
  endRunning: z.enum(['true', 'false']).optional(),
})
