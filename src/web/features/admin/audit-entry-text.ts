import type { TFunction } from 'i18next'
import {
  AUDIT_ACTOR_KINDS,
  AUDIT_FIELDS,
  AUDIT_ROUND_STATUSES,
  AUDIT_SECRET_CHANGED,
  AUDIT_SUBJECT_TYPES,
  isAuditAction,
  isAuditField,
  type AuditEntry,
  type AuditField,
  type AuditFieldKind,
  type AuditValue,
  type AuditValues,
  type EventTranslationField,
} from '#shared/audit.ts'
import { isLanguage } from '#shared/languages.ts'
import { AUDIENCE_MEMBERSHIPS, CAMPAIGN_STATUSES } from '#shared/schemas/campaigns.ts'
import { CHECK_IN_RESULTS } from '#shared/schemas/door.ts'
import { EVENT_PHASES, PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { SUBSCRIBER_FILTERS } from '#shared/schemas/newsletter.ts'
import { launchDateLabel } from './launch-date-text.ts'

/** The texts an entry reads in: the audit page's, and the events' and newsletter's own words. */
export type AuditT = TFunction<['admin', 'events', 'newsletter']>

/** One line of an entry's table: what the field is, and its value before and after. */
export interface AuditEntryRow {
  key: string
  label: string
  before: string
  after: string
}

/** An entry as a person reads it, in her language. */
export interface AuditEntryText {
  action: string
  actorKind: string
  subject: string
  /** Whether the entry has a "before" and an "after" side (a creation has no before). */
  hasBefore: boolean
  hasAfter: boolean
  rows: AuditEntryRow[]
}

type Entry = Pick<AuditEntry, 'action' | 'actor' | 'subject' | 'before' | 'after'>
type CampaignVersionField = Extract<AuditField, `subject_${string}` | `body_${string}`>
type PlainField = Exclude<AuditField, CampaignVersionField | EventTranslationField>

/** The reader's number, date and list formats, made once per language (a page has 50 entries). */
const formats = new Map<string, ReturnType<typeof makeFormats>>()
const makeFormats = (language: string) => ({
  number: new Intl.NumberFormat(language),
  when: new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Budapest',
  }),
  day: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
  list: new Intl.ListFormat(language, { type: 'conjunction' }),
  languages: new Intl.DisplayNames([language], { type: 'language' }),
})
function formatsOf(language: string) {
  let found = formats.get(language)
  if (!found) {
    found = makeFormats(language)
    formats.set(language, found)
  }
  return found
}

const languageName = (code: string, language: string) =>
  formatsOf(language).languages.of(code) ?? code

const FIELD_ORDER = Object.keys(AUDIT_FIELDS)

const among = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value)

/** An audit action in plain words ("Ended an evening"); an unknown one as it came. */
export const auditActionText = (action: string, t: AuditT): string =>
  isAuditAction(action) ? t(`adminAudit.actions.${action}`) : action

const subjectText = (type: string, t: AuditT): string =>
  among(AUDIT_SUBJECT_TYPES, type) ? t(`adminAudit.subjects.${type}`) : type

/**
 * A field's name on the page; a campaign's subject and text, and an event's texts in another
 * language, name their language.
 */
export function auditFieldLabel(key: string, t: AuditT, language: string): string {
  const version = /^(subject|body)_(\w+)$/.exec(key)
  if (version && isLanguage(version[2])) {
    const name = languageName(version[2], language)
    return version[1] === 'subject'
      ? t('adminAudit.fields.campaignSubject', { language: name })
      : t('adminAudit.fields.campaignBody', { language: name })
  }
  const translation = /^(eventName|description|placeName)_(\w+)$/.exec(key)
  if (translation?.[1] && isLanguage(translation[2])) {
    const name = languageName(translation[2], language)
    if (translation[1] === 'eventName')
      return t('adminAudit.fields.eventNameIn', { language: name })
    if (translation[1] === 'description')
      return t('adminAudit.fields.descriptionIn', { language: name })
    return t('adminAudit.fields.placeNameIn', { language: name })
  }
  if (isAuditField(key)) return t(`adminAudit.fields.${key as PlainField}`)
  return t('adminAudit.fields.other')
}

/** A `status` reads by what the entry is about: an event, a participant, a campaign, a filter. */
function statusText(action: string, value: string, side: 'before' | 'after', t: AuditT) {
  if (action.startsWith('event.')) {
    // Entries written before the phase was recorded: the ended event's column said inactive.
    const phase =
      action === 'event.end' && side === 'after' && value === 'inactive' ? 'ended' : value
    if (among(EVENT_PHASES, phase)) return t(`events:status.${phase}`)
  }
  if (action.startsWith('participant.') && among(PARTICIPANT_STATUSES, value))
    return t(`events:participants.statuses.${value}`)
  if (action.startsWith('campaign.') && among(CAMPAIGN_STATUSES, value))
    return t(`newsletter:campaigns.ui.status.${value}`)
  if (action === 'export.subscribers' && among(SUBSCRIBER_FILTERS, value))
    return t(`newsletter:admin.filters.${value}`)
  return value
}

/**
 * An entry in plain words: the action, who and what about, and each field it recorded with a
 * label and its values as a person reads them (dates in her language's format, yes or no,
 * statuses in the words the rest of the site uses). Internal ids are left out where the entry
 * names the thing (a table's id beside its name, a member's beside hers). Pure: the page and
 * the tests call it the same way.
 */
export function describeAuditEntry(entry: Entry, t: AuditT, language: string): AuditEntryText {
  const { number, when, day, list } = formatsOf(language)
  const none = t('adminAudit.none')
  const before: AuditValues = entry.before ?? {}
  const after: AuditValues = entry.after ?? {}
  // In the order AUDIT_FIELDS lists them (an event's name first), not the database's.
  const order = (key: string) => (isAuditField(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length)
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => order(a) - order(b),
  )
  const names = keys.includes('name') || keys.includes('people')

  const plain = (value: AuditValue): string => {
    if (typeof value === 'boolean') return t(value ? 'adminAudit.yes' : 'adminAudit.no')
    if (typeof value === 'number') return number.format(value)
    if (Array.isArray(value)) return value.length > 0 ? list.format(value) : none
    return value ?? none
  }

  const valueText = (
    kind: AuditFieldKind,
    value: AuditValue | undefined,
    side: 'before' | 'after',
  ): string => {
    if (value === AUDIT_SECRET_CHANGED) return t('adminAudit.secretChanged')
    if (
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && !value.length)
    )
      return kind === 'setting' || kind === 'launchDate' ? t('adminAudit.settingDefault') : none
    switch (kind) {
      case 'time': {
        const at = typeof value === 'string' ? new Date(value) : null
        return at && !Number.isNaN(at.getTime()) ? when.format(at) : plain(value)
      }
      case 'day':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? day.format(new Date(`${value}T00:00:00Z`))
          : plain(value)
      case 'minutes':
        return typeof value === 'number'
          ? t('adminAudit.minutes', { count: value, formatted: number.format(value) })
          : plain(value)
      case 'setting':
        // A year, as written: not "2,026".
        return typeof value === 'number' ? String(value) : plain(value)
      case 'launchDate':
        return (
          (typeof value === 'string' &&
            launchDateLabel(value, t as unknown as TFunction<['admin']>, language)) ||
          plain(value)
        )
      case 'status':
        return typeof value === 'string' ? statusText(entry.action, value, side, t) : plain(value)
      case 'roundStatus':
        return among(AUDIT_ROUND_STATUSES, value)
          ? t(`adminAudit.roundStatuses.${value}`)
          : plain(value)
      case 'checkInResult':
        return among(CHECK_IN_RESULTS, value)
          ? t(`adminAudit.checkInResults.${value}`)
          : plain(value)
      case 'action':
        if (entry.action === 'round.seating' && (value === 'move' || value === 'swap'))
          return t(`adminAudit.seatingActions.${value}`)
        return typeof value === 'string' ? auditActionText(value, t) : plain(value)
      case 'subjectType':
        return typeof value === 'string' ? subjectText(value, t) : plain(value)
      case 'language':
        return isLanguage(value) ? languageName(value, language) : plain(value)
      case 'membership':
        return among(AUDIENCE_MEMBERSHIPS, value)
          ? t(`adminAudit.memberships.${value}`)
          : plain(value)
      case 'languages':
        return Array.isArray(value) && value.every(isLanguage)
          ? list.format(value.map((code) => languageName(code, language)))
          : plain(value)
      default:
        return plain(value)
    }
  }

  const shown = (key: string) => {
    const kind: AuditFieldKind = isAuditField(key) ? AUDIT_FIELDS[key] : 'text'
    if (kind === 'hidden') return false
    // A member's id says nothing to a person beside her name.
    if (kind === 'member' && names) return false
    return true
  }

  const rows = keys.filter(shown).map((key) => {
    const kind: AuditFieldKind = isAuditField(key) ? AUDIT_FIELDS[key] : 'text'
    return {
      key,
      label: auditFieldLabel(key, t, language),
      before: valueText(kind, before[key], 'before'),
      after: valueText(kind, after[key], 'after'),
    }
  })

  const { actor, subject } = entry
  return {
    action: auditActionText(entry.action, t),
    actorKind: among(AUDIT_ACTOR_KINDS, actor.kind)
      ? t(`adminAudit.kinds.${actor.kind}`)
      : actor.kind,
    subject: subjectText(subject.type, t),
    hasBefore: entry.before !== null,
    hasAfter: entry.after !== null,
    rows,
  }
}
