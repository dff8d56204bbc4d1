import { z } from 'zod'
import type { Language } from './languages.ts'
import { SITE_SETTING_FIELDS, type SiteSettingField } from './schemas/site-settings.ts'
import {
  EVENT_TEXT_FIELDS,
  TRANSLATED_LANGUAGES,
  type EventTextField,
  type TranslatedLanguage,
} from './event-texts.ts'

/**
 * Every change an admin or a door helper makes, by name (dotted: what, then the verb). The
 * audit log stores these; the admin page shows each in plain words (`admin.audit.actions.*`).
 */
export const AUDIT_ACTIONS = [
  'role.grant',
  'role.revoke',
  'two_factor.reset',
  'settings.update',
  'question.add',
  'question.update',
  'question.remove',
  'question.reorder',
  'event.create',
  'event.update',
  'event.image',
  'event.start',
  'event.end',
  'event.reopen',
  'event.delete',
  'series.create',
  'series.update',
  'series.delete',
  'door_helper.add',
  'door_helper.remove',
  'screen_link.create',
  'screen_link.revoke',
  'table.add',
  'table.update',
  'table.remove',
  'participant.add',
  'participant.status',
  'participant.remove',
  'participant.check_in',
  'participant.check_in_undo',
  'round.add',
  'round.reseat',
  'round.seating',
  'seating.add_seat',
  'seating.open_table',
  'round.start',
  'round.end',
  'round.remove',
  'round.question_skip',
  'keep_apart.add',
  'keep_apart.remove',
  'late_cancellation.waive',
  'no_show.clear',
  'campaign.create',
  'campaign.update',
  'campaign.delete',
  'campaign.test',
  'campaign.send',
  'campaign.schedule',
  'campaign.unschedule',
  'campaign.pause',
  'campaign.resume',
  'campaign.cancel',
  'welcome.create',
  'welcome.update',
  'welcome.remove',
  'welcome.test',
  'welcome.enable',
  'welcome.disable',
  'welcome.include_earlier',
  'subscriber.delete',
  'subscriber.complaint',
  'subscriber.unsuppress',
  'export.subscribers',
  'export.seating',
  'export.audit',
  'export.member_data',
  'account.email_change',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
export const auditActionSchema = z.enum(AUDIT_ACTIONS)
export const isAuditAction = (value: string): value is AuditAction =>
  auditActionSchema.safeParse(value).success

/**
 * Who did it: an admin, a member working an event's door, a member who redeemed the first-admin
 * link, the server's own CLI (`npm run admin`), or the server acting on its configuration
 * (ADMIN_EMAILS).
 */
export const AUDIT_ACTOR_KINDS = ['admin', 'door_helper', 'member', 'operator', 'system'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

/** What an entry is about; the id is text and no foreign key, so it outlives its subject. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'setting',
  'event',
  'series',
  'campaign',
  'welcome',
  'subscriber',
  'subscribers',
  'audit',
] as const
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number]

/** A value in an entry's before/after: flat, so a page can show "field: before → after". */
export const auditValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
])
export type AuditValue = z.infer<typeof auditValueSchema>
export const auditValuesSchema = z.record(z.string(), auditValueSchema)
export type AuditValues = z.infer<typeof auditValuesSchema>

/**
 * How a field's value reads to a person (the admin page, `describeAuditEntry`):
 * - `text`: as written (a list joined); `time`: an instant, in the reader's date and time;
 *   `day`: a Budapest day; `number`; `minutes`: a length; `yesNo`;
 * - `hidden`: an internal id the entry also names in words (a table's id beside its name);
 * - `member`: a member's id, hidden when the entry carries her name (`name`, `people`);
 * - `status`: an event's phase, a participant's, a campaign's or a subscriber filter's, by action;
 * - `roundStatus`, `checkInResult`, `language`, `languages`, `subjectType`: words for codes;
 * - `action`: a seating change (move, swap), or an audit action (an export's filter);
 * - `setting`: a site setting, where no value means its default;
 * - `launchDate`: the launch date setting (shared/launch.ts), in words;
 * - `membership`: a campaign audience's members-or-not filter, in words.
 */
export const AUDIT_FIELD_KINDS = [
  'text',
  'time',
  'day',
  'number',
  'minutes',
  'yesNo',
  'hidden',
  'member',
  'status',
  'roundStatus',
  'checkInResult',
  'language',
  'languages',
  'subjectType',
  'action',
  'setting',
  'launchDate',
  'membership',
] as const
export type AuditFieldKind = (typeof AUDIT_FIELD_KINDS)[number]

type CampaignVersionField = `subject_${Language}` | `body_${Language}`
const CAMPAIGN_VERSION_FIELDS: Record<CampaignVersionField, 'text'> = {
  subject_hu: 'text',
  body_hu: 'text',
  subject_en: 'text',
  body_en: 'text',
  subject_es: 'text',
  body_es: 'text',
  subject_de: 'text',
  body_de: 'text',
}
/** An event's texts in another language (`eventName_en`): each reads as written. */
export type EventTranslationField = `${EventTextField}_${TranslatedLanguage}`
const EVENT_TRANSLATION_FIELDS = Object.fromEntries(
  TRANSLATED_LANGUAGES.flatMap((language) =>
    EVENT_TEXT_FIELDS.map((field) => [`${field}_${language}`, 'text']),
  ),
) as Record<EventTranslationField, 'text'>
const SETTING_FIELDS = {
  ...(Object.fromEntries(SITE_SETTING_FIELDS.map((field) => [field, 'setting'])) as Record<
    SiteSettingField,
    'setting'
  >),
  launchDate: 'launchDate',
  /** Entries written before the launch date: the launch line in each language. */
  launchLineHu: 'setting',
  launchLineEn: 'setting',
  launchLineEs: 'setting',
  launchLineDe: 'setting',
} as const

/**
 * Every field an entry's before/after may carry, and how its value reads. Writers take only
 * these keys (`AuditFieldValues`), and the admin page has a label for each in every language:
 * a field a writer adds must be added here, and worded, or the build and the tests fail.
 */
export const AUDIT_FIELDS = {
  // An event
  eventName: 'text',
  description: 'text',
  startTime: 'time',
  duration: 'minutes',
  placeName: 'text',
  address: 'text',
  isKlikk: 'yesNo',
  hasRecordingAvailable: 'yesNo',
  plannedRounds: 'number',
  places: 'number',
  autoSeatLateArrivals: 'yesNo',
  klikkWindowHours: 'number',
  cancelDeadlineHours: 'number',
  friendsAllowed: 'yesNo',
  /** When a late cancellation was made (the host waved it away). */
  cancelledAt: 'time',
  /** How many no-shows the evening's end recorded; when a no-show was recorded (the host cleared it). */
  noShows: 'number',
  recordedAt: 'time',
  ...EVENT_TRANSLATION_FIELDS,
  // A series (its evenings' fields are an event's)
  seriesRule: 'text',
  registrationOpensDays: 'number',
  evenings: 'number',
  /** A series ended: its evenings deleted with it, and those that stay. */
  deletedEvenings: 'number',
  keptEvenings: 'number',
  /** A new rule: its evenings made, moved and removed (kept: those someone is on, off the rule). */
  madeEvenings: 'number',
  movedEvenings: 'number',
  removedEvenings: 'number',
  /** The tables of an evening, or those a series' evenings start with ("Rózsa 4/4, Liliom 4/3"). */
  tables: 'text',
  status: 'status',
  imageUrl: 'text',
  endedAt: 'time',
  // A table
  tableId: 'hidden',
  tableName: 'text',
  capacityFull: 'number',
  capacityActual: 'number',
  // A member
  userId: 'member',
  userCode: 'text',
  name: 'text',
  email: 'text',
  isAdmin: 'yesNo',
  twoFactorEnabled: 'yesNo',
  newsletterMoved: 'yesNo',
  // Two members (kept apart, swapped): `people` names them
  pairId: 'hidden',
  userA: 'member',
  userB: 'member',
  people: 'text',
  // A round and its seating
  roundId: 'hidden',
  roundNumber: 'number',
  durationMinutes: 'minutes',
  roundStatus: 'roundStatus',
  /** Entries written before `roundStatus`. */
  started: 'yesNo',
  finished: 'yesNo',
  action: 'action',
  // A check-in at the door
  checkInId: 'hidden',
  result: 'checkInResult',
  walkIn: 'yesNo',
  // A campaign
  scheduledAt: 'time',
  audienceLanguages: 'languages',
  audienceMembership: 'membership',
  audienceCameWithinMonths: 'number',
  audienceNeverCame: 'yesNo',
  /** The followed series' name (its id beside it). */
  audienceSeries: 'text',
  audienceSeriesId: 'hidden',
  ...CAMPAIGN_VERSION_FIELDS,
  // The welcome series
  position: 'number',
  delayDays: 'number',
  enabled: 'yesNo',
  earlierCount: 'number',
  shownCount: 'number',
  // A newsletter subscriber
  verified: 'yesNo',
  language: 'language',
  /** Who reported a bounce or a complaint (a mail provider, our own SMTP hand-over). */
  mailSource: 'text',
  mailDetail: 'text',
  // An export's filters
  q: 'text',
  actor: 'text',
  subjectType: 'subjectType',
  subjectId: 'text',
  from: 'day',
  to: 'day',
  // A conversation starter (the round's question, the owner's list)
  questionId: 'hidden',
  question: 'text',
  question_hu: 'text',
  question_en: 'text',
  question_es: 'text',
  question_de: 'text',
  active: 'yesNo',
  questions: 'text',
  // The site's settings
  ...SETTING_FIELDS,
} as const satisfies Record<string, AuditFieldKind>
export type AuditField = keyof typeof AUDIT_FIELDS
export const isAuditField = (key: string): key is AuditField => Object.hasOwn(AUDIT_FIELDS, key)
/** What a writer hands in as before or after: known fields only, any plain value. */
export type AuditFieldValues = Partial<Record<AuditField, unknown>>

/** A round as an entry tells it (its `started` and `finished` flags, in one word). */
export const AUDIT_ROUND_STATUSES = ['pending', 'running', 'finished'] as const
export type AuditRoundStatus = (typeof AUDIT_ROUND_STATUSES)[number]
export const auditRoundStatus = (round: {
  started: boolean
  finished: boolean
}): AuditRoundStatus => (round.finished ? 'finished' : round.started ? 'running' : 'pending')

/** A secret's value never reaches the log: only that it changed. */
export const AUDIT_SECRET_CHANGED = '[changed]'

export const AUDIT_PAGE_SIZE = 50
/** At most this many rows in one CSV export (newest first). */
export const AUDIT_CSV_LIMIT = 50_000

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'dateInvalid')

/**
 * GET /api/admin/audit (and audit.csv): filters and the page. `from` and `to` are days
 * (Budapest), both included; `to` before `from` is refused.
 */
export const auditQuerySchema = z
  .object({
    /** The actor's user id, or part of her name or e-mail address. */
    actor: z.string().trim().max(200).optional(),
    action: auditActionSchema.optional(),
    subjectType: z.enum(AUDIT_SUBJECT_TYPES).optional(),
    subjectId: z.string().trim().min(1).max(200).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    message: 'rangeReversed',
    path: ['to'],
  })
export type AuditQuery = z.infer<typeof auditQuerySchema>

/** One entry as the API answers it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.string(),
  actor: z.object({
    kind: z.string(),
    userId: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  subject: z.object({
    type: z.string(),
    id: z.string().nullable(),
    label: z.string().nullable(),
  }),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** How many entries match the filters (all pages). */
  matching: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AuditPage = z.infer<typeof auditPageSchema>
