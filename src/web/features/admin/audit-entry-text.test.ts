import { readFileSync } from 'node:fs'
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_FIELDS,
  AUDIT_ROUND_STATUSES,
  AUDIT_SUBJECT_TYPES,
  type AuditAction,
  type AuditFieldKind,
  type AuditValue,
  type AuditValues,
} from '#shared/audit.ts'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { AUDIENCE_MEMBERSHIPS, CAMPAIGN_STATUSES } from '#shared/schemas/campaigns.ts'
import { CHECK_IN_RESULTS } from '#shared/schemas/door.ts'
import { EVENT_PHASES, PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { SUBSCRIBER_FILTERS } from '#shared/schemas/newsletter.ts'
import { auditFieldLabel, describeAuditEntry, type AuditT } from './audit-entry-text.ts'

/*
 * Every action the shared enum lists and every field the writers may record (AUDIT_FIELDS) reads
 * as words in every language: no missing text, no code name, no key path. A new action or field
 * without its wording fails here.
 */

const NAMESPACES = ['admin', 'events', 'newsletter'] as const
const read = (language: Language, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../shared/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>

/** Every text of a language's namespaces: a word that came from a locale file is among them. */
function textsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value)
  else if (value && typeof value === 'object')
    for (const child of Object.values(value)) textsOf(child, into)
  return into
}

async function texts(language: Language) {
  const missing: string[] = []
  const i18n = createInstance()
  const resources = Object.fromEntries(NAMESPACES.map((ns) => [ns, read(language, ns)]))
  await i18n.init({
    resources: { [language]: resources },
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'admin',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
    initAsync: false,
  })
  const t = i18n.getFixedT(language, [...NAMESPACES]) as AuditT
  return { t, missing, words: textsOf(resources) }
}

/** What a raw key looks like: a camelCase or snake_case name, or a dotted key path. */
const RAW = [/\b[a-z]+[A-Z]\w*/, /\b[a-z0-9]+_[a-z0-9_]+\b/, /\b[a-zA-Z]+\.[a-zA-Z_]+\b/]
const rawIn = (text: string) => RAW.find((pattern) => pattern.test(text))

const ISO = '2026-03-14T18:30:00.000Z'
const ID = '7f0c2a8e-6f0b-4c1e-9a43-1d2e3f4a5b6c'

/** Values of each kind as writers store them; a new kind without samples fails to compile. */
const SAMPLES: Record<AuditFieldKind, (action: AuditAction) => AuditValue[]> = {
  text: () => ['Tavaszi est', ['Anna Kovács', 'Bori Nagy']],
  time: () => [ISO],
  day: () => ['2026-03-01'],
  number: () => [12],
  minutes: () => [1, 90],
  yesNo: () => [true, false],
  hidden: () => [ID],
  member: () => [ID],
  status: (action) =>
    action.startsWith('event.')
      ? [...EVENT_PHASES]
      : action.startsWith('participant.')
        ? [...PARTICIPANT_STATUSES]
        : action.startsWith('campaign.')
          ? [...CAMPAIGN_STATUSES]
          : action === 'export.subscribers'
            ? [...SUBSCRIBER_FILTERS]
            : [],
  roundStatus: () => [...AUDIT_ROUND_STATUSES],
  checkInResult: () => [...CHECK_IN_RESULTS],
  language: () => [...LANGUAGE_CODES],
  languages: () => [[...LANGUAGE_CODES]],
  membership: () => [...AUDIENCE_MEMBERSHIPS],
  subjectType: () => [...AUDIT_SUBJECT_TYPES],
  // A seating change (move, swap); an audit action only as the audit export's filter.
  action: (action) =>
    action === 'round.seating'
      ? ['move', 'swap']
      : action === 'export.audit'
        ? [...AUDIT_ACTIONS]
        : ['event.end'],
  setting: () => ['Nyitás 2027-ben', 2026, null],
  launchDate: () => ['2027', '2027-spring', '2027-03', '2027-03-15', 'none', null],
}
/** Kinds whose value is the person's own text or an id, shown as written. */
const AS_WRITTEN = new Set<AuditFieldKind>(['text', 'member', 'hidden'])
/** Kinds whose value is a code a locale file words. */
const WORDED = new Set<AuditFieldKind>([
  'yesNo',
  'status',
  'roundStatus',
  'checkInResult',
  'subjectType',
  'action',
])

const FIELDS = Object.entries(AUDIT_FIELDS) as [string, AuditFieldKind][]
const actor = { kind: 'admin', userId: 'u1', name: 'Éva', email: 'eva@studio.example' }
const subject = { type: 'event', id: ID, label: 'Tavaszi est' }

/** Entries that carry every field with the n-th sample of its kind (as many as needed). */
function entriesFor(action: AuditAction, named: boolean): AuditValues[] {
  const perField = FIELDS.map(([key, kind]) => [key, kind, SAMPLES[kind](action)] as const)
  const rounds = Math.max(...perField.map(([, , values]) => values.length))
  return Array.from({ length: rounds }, (_, n) =>
    Object.fromEntries(
      perField
        .filter(
          ([key, , values]) => values.length > 0 && (named || (key !== 'name' && key !== 'people')),
        )
        .map(([key, , values]) => [key, values[n % values.length] ?? null]),
    ),
  )
}

describe('describeAuditEntry', () => {
  for (const language of LANGUAGE_CODES) {
    it(`words every action, actor, subject and field label in ${language}`, async () => {
      const { t, missing } = await texts(language)
      for (const action of AUDIT_ACTIONS)
        for (const kind of AUDIT_ACTOR_KINDS)
          for (const type of AUDIT_SUBJECT_TYPES) {
            const text = describeAuditEntry(
              {
                action,
                actor: { ...actor, kind },
                subject: { ...subject, type },
                before: null,
                after: null,
              },
              t,
              language,
            )
            for (const words of [text.action, text.actorKind, text.subject])
              expect(rawIn(words), `${action}/${kind}/${type}: ${words}`).toBeUndefined()
          }
      for (const [key] of FIELDS) {
        const label = auditFieldLabel(key, t, language)
        expect(rawIn(label), `${key}: ${label}`).toBeUndefined()
        expect(label.trim(), key).not.toBe('')
      }
      expect(missing).toEqual([])
    })

    it(`shows every field's values as a person reads them in ${language}`, async () => {
      const { t, missing, words } = await texts(language)
      const number = new Intl.NumberFormat(language)
      const names = new Intl.DisplayNames([language], { type: 'language' })
      const list = new Intl.ListFormat(language, { type: 'conjunction' })
      const wrong: string[] = []
      for (const action of AUDIT_ACTIONS)
        for (const named of [true, false])
          for (const values of entriesFor(action, named)) {
            const text = describeAuditEntry(
              { action, actor, subject, before: values, after: values },
              t,
              language,
            )
            const rows = new Map(text.rows.map((row) => [row.key, row]))
            for (const [key, kind] of FIELDS) {
              if (!(key in values)) continue
              const value = values[key] ?? null
              const row = rows.get(key)
              const fail = (why: string) =>
                wrong.push(`${action} ${key}=${JSON.stringify(value)}: ${why}`)
              // An internal id is not shown; a member's id only when the entry has no name.
              if (kind === 'hidden' || (kind === 'member' && named)) {
                if (row) fail(`shown as ${row.after}`)
                continue
              }
              if (!row) {
                fail('not shown')
                continue
              }
              if (rawIn(row.label)) fail(`label ${row.label}`)
              // The same value reads the same on both sides (but an old event.end entry's
              // "inactive" after it is the ended event's column: see the test below).
              const legacyEnd = action === 'event.end' && key === 'status' && value === 'inactive'
              if (row.before !== row.after && !legacyEnd)
                fail(`${row.before} before, ${row.after} after`)
              const shown = row.after
              if (AS_WRITTEN.has(kind)) {
                const written = Array.isArray(value) ? list.format(value) : String(value)
                if (shown !== written) fail(`shown as ${shown}`)
                continue
              }
              const expected: Partial<Record<AuditFieldKind, () => boolean>> = {
                time: () => !/\d{4}-\d{2}-\d{2}T/.test(shown) && /2026/.test(shown),
                day: () => !/^\d{4}-\d{2}-\d{2}$/.test(shown) && /2026/.test(shown),
                number: () => shown === number.format(Number(value)),
                minutes: () =>
                  shown.includes(number.format(Number(value))) &&
                  shown !== number.format(Number(value)),
                language: () => shown === names.of(String(value)),
                languages: () =>
                  LANGUAGE_CODES.every((code) => shown.includes(names.of(code) ?? code)),
                setting: () => (value === null ? words.has(shown) : shown === String(value)),
                // In words: "spring 2027", "2027. március", "15 de marzo de 2027".
                launchDate: () =>
                  value === null || value === 'none'
                    ? words.has(shown)
                    : /2027/.test(shown) &&
                      !/\d-[a-z\d]/.test(shown) &&
                      (value === '2027' || shown !== '2027'),
              }
              if (rawIn(shown)) fail(`raw ${shown}`)
              else if (WORDED.has(kind) && !words.has(shown)) fail(`not worded: ${shown}`)
              else if (expected[kind] && !expected[kind]()) fail(`shown as ${shown}`)
            }
          }
      expect(wrong).toEqual([])
      expect(missing).toEqual([])
    })
  }

  it('tells an ended event as running, then ended (also entries written before the fix)', async () => {
    const { t } = await texts('en')
    const events = read('en', 'events') as { status: Record<string, string> }
    const endedAt = ISO
    for (const after of [
      { status: 'ended', endedAt },
      { status: 'inactive', endedAt },
    ]) {
      const text = describeAuditEntry(
        { action: 'event.end', actor, subject, before: { status: 'active' }, after },
        t,
        'en',
      )
      const status = text.rows.find((row) => row.key === 'status')
      expect(text.action).toBe('Ended an evening')
      expect(status).toMatchObject({
        label: 'Status',
        before: events.status.active,
        after: events.status.ended,
      })
      expect(status?.after).not.toBe(events.status.inactive)
    }
  })

  it('tells a started round by its number, length and state, without its id (Hungarian)', async () => {
    const { t } = await texts('hu')
    const written = { roundId: ID, roundNumber: 2, durationMinutes: 30, roundStatus: 'running' }
    const legacy = {
      roundId: ID,
      roundNumber: 2,
      durationMinutes: 30,
      started: true,
      finished: false,
    }
    const rows = (after: AuditValues) =>
      describeAuditEntry(
        { action: 'round.start', actor, subject, before: null, after },
        t,
        'hu',
      ).rows.map((row) => [row.label, row.after])
    expect(rows(written)).toEqual([
      ['Kör', '2'],
      ['Kör hossza', '30 perc'],
      ['Kör állapota', 'Fut'],
    ])
    expect(rows(legacy)).toEqual([
      ['Kör', '2'],
      ['Kör hossza', '30 perc'],
      ['Kör elindult', 'igen'],
      ['Kör véget ért', 'nem'],
    ])
  })
})
