import { dateLocale } from '#shared/languages.ts'
import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate'
import type { Language } from '#shared/languages.ts'
import { eventText } from '#shared/event-texts.ts'
import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema/audit.ts'
import { account, passkey, session, user } from '../db/schema/auth.ts'
import {
  eventDoorHelpers,
  eventNoShows,
  eventFriendInvitations,
  eventRounds,
  events,
  eventParticipants,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { mailSuppressions } from '../db/schema/mail-suppressions.ts'
import { media } from '../db/schema/media.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { profiles } from '../db/schema/profiles.ts'
import { tablemates } from '../events/people-met.ts'
import { klikkDataOf } from '../klikk/queries/klikk-export.ts'
import { emailTranslator } from '../i18n.ts'
import { escapeHtml } from '../mail/templates.ts'
import { pageWords } from './data-export-words.ts'

/**
 * "Download my data" (issue 25, part 5; decision 0042): a ZIP of everything stored about a
 * member, as data.json and as a page to read (data.html, in her language, self-contained), with
 * her picture. Built as it is sent: each section is read in batches and written into the ZIP's
 * deflate stream, which the response pulls from, so memory stays flat however long her history.
 * Never included: password hashes, session tokens, verification tokens, Google's tokens.
 */

/** Rows read at a time. */
export const EXPORT_BATCH_ROWS = 500

type Value = string | number | boolean | null | string[] | Row[]
type Row = { [field: string]: Value }

type SectionKey =
  | 'account'
  | 'signInMethods'
  | 'sessions'
  | 'profile'
  | 'newsletter'
  | 'notMailed'
  | 'events'
  | 'doorHelper'
  | 'friendInvitations'
  | 'klikk'
  | 'emails'
  | 'accountHistory'

/** Keys for programs, not for her eyes: left out of the page. */
const HIDDEN_ON_PAGE = new Set(['id', 'eventId'])

/** One part of the file: a single record, or a list read in batches. */
interface Section {
  key: SectionKey
  single: boolean
  batches: () => AsyncGenerator<Row[]>
}

export interface ExportedMember {
  id: string
  email: string
  fullName: string | null
  language: Language
  createdAt: Date
}

const iso = (date: Date | null) => date?.toISOString() ?? null

/** Her account as the export begins; null when there is no such member. */
export async function exportedMember(db: Db, userId: string): Promise<ExportedMember | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      fullName: profiles.fullName,
      name: user.name,
      language: profiles.language,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
  if (!row) return null
  return { ...row, fullName: row.fullName ?? row.name, language: row.language ?? 'hu' }
}

/** Reads `read(after)` until a batch comes back short; `after` is the last row of the batch before. */
async function* keyset<T>(read: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: T | null = null
  for (;;) {
    const batch = await read(after)
    if (batch.length > 0) yield batch
    if (batch.length < EXPORT_BATCH_ROWS) return
    after = batch[batch.length - 1] ?? null
  }
}

async function* once(read: () => Promise<Row[]>): AsyncGenerator<Row[]> {
  yield await read()
}

/**
 * The addresses she had and when: e-mails went to the address she had at the time (the outbox
 * keeps that), so an address she left counts until she left it. Read from the log's record of
 * each change (account.email_change).
 */
async function emailPeriods(db: Db, member: ExportedMember): Promise<SQL | undefined> {
  const changes = await db
    .select({ at: auditLog.at, before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'account.email_change'),
        eq(auditLog.subjectType, 'user'),
        eq(auditLog.subjectId, member.id),
      ),
    )
  const since = gte(outbox.createdAt, member.createdAt)
  return or(
    and(eq(outbox.toAddress, member.email), since),
    ...changes.flatMap(({ at, before }) =>
      typeof before?.email === 'string'
        ? [and(eq(outbox.toAddress, before.email), since, lt(outbox.createdAt, at))]
        : [],
    ),
  )
}

function sections(db: Db, member: ExportedMember): Section[] {
  const userId = member.id
  return [
    {
      key: 'account',
      single: true,
      batches: () =>
        once(async () =>
          (
            await db
              .select({
                id: user.id,
                name: user.name,
                givenName: user.givenName,
                familyName: user.familyName,
                email: user.email,
                emailVerified: user.emailVerified,
                createdAt: user.createdAt,
                updatedAt: user.updatedAt,
              })
              .from(user)
              .where(eq(user.id, userId))
          ).map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          })),
        ),
    },
    {
      key: 'signInMethods',
      single: true,
      batches: () =>
        once(async () => {
          const rows = await db
            .select({ providerId: account.providerId, createdAt: account.createdAt })
            .from(account)
            .where(eq(account.userId, userId))
          const google = rows.find((row) => row.providerId === 'google')
          const [twoStepRow] = await db
            .select({ twoStep: user.twoFactorEnabled })
            .from(user)
            .where(eq(user.id, userId))
          // Her passkeys by name and date; their public keys are not hers to need, nor secret.
          const keys = await db
            .select({ name: passkey.name, createdAt: passkey.createdAt })
            .from(passkey)
            .where(eq(passkey.userId, userId))
            .orderBy(passkey.createdAt)
          return [
            {
              password: rows.some((row) => row.providerId === 'credential'),
              google: Boolean(google),
              googleLinkedAt: iso(google?.createdAt ?? null),
              twoStep: twoStepRow?.twoStep ?? false,
              passkeys: keys.map((key) => ({
                name: key.name ?? '',
                createdAt: iso(key.createdAt),
              })),
            },
          ]
        }),
    },
    {
      key: 'sessions',
      single: false,
      batches: () =>
        keyset<Row>(async (after) =>
          (
            await db
              .select({
                id: session.id,
                device: session.userAgent,
                ipAddress: session.ipAddress,
                createdAt: session.createdAt,
                lastSeen: session.updatedAt,
                expiresAt: session.expiresAt,
              })
              .from(session)
              .where(
                and(
                  eq(session.userId, userId),
                  after ? gt(session.id, String(after.id)) : undefined,
                ),
              )
              .orderBy(asc(session.id))
              .limit(EXPORT_BATCH_ROWS)
          ).map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            lastSeen: iso(row.lastSeen),
            expiresAt: iso(row.expiresAt),
          })),
        ),
    },
    {
      key: 'profile',
      single: true,
      batches: () =>
        once(async () => {
          const [row] = await db.select().from(profiles).where(eq(profiles.id, userId))
          const picture = await avatarOf(db, userId)
          if (!row) return []
          return [
            {
              fullName: row.fullName,
              email: row.email,
              userCode: row.userCode,
              language: row.language,
              isAdmin: row.isAdmin,
              peopleMetVisible: row.peopleMetVisible,
              eventReminders: row.eventReminders,
              picture: picture?.fileName ?? null,
              createdAt: iso(row.createdAt),
              updatedAt: iso(row.updatedAt),
            },
          ]
        }),
    },
    {
      key: 'newsletter',
      single: false,
      batches: () =>
        once(async () =>
          (
            await db
              .select()
              .from(newsletterSubscribers)
              .where(
                or(
                  eq(newsletterSubscribers.userId, userId),
                  eq(newsletterSubscribers.email, member.email.toLowerCase()),
                ),
              )
          ).map((row) => ({
            email: row.email,
            name: row.name,
            confirmed: row.verified,
            language: row.language,
            source: row.source,
            subscribedAt: iso(row.createdAt),
            confirmedAt: iso(row.confirmedAt),
            consentAddressHash: row.consentIpHash,
            bouncedAt: iso(row.bouncedAt),
            bounceReason: row.bounceReason,
          })),
        ),
    },
    {
      // Her addresses the newsletter no longer goes to, after a bounce or a spam complaint
      // (decision 0083): kept by address, so also after the complaint ended her subscription.
      key: 'notMailed',
      single: false,
      batches: () =>
        once(async () =>
          (
            await db
              .select()
              .from(mailSuppressions)
              .where(
                or(
                  eq(mailSuppressions.email, member.email.toLowerCase()),
                  inArray(
                    mailSuppressions.email,
                    db
                      .select({ email: newsletterSubscribers.email })
                      .from(newsletterSubscribers)
                      .where(eq(newsletterSubscribers.userId, userId)),
                  ),
                ),
              )
              .orderBy(asc(mailSuppressions.createdAt))
          ).map((row) => ({
            email: row.email,
            reason: row.reason,
            detail: row.detail,
            since: iso(row.createdAt),
          })),
        ),
    },
    {
      key: 'events',
      single: false,
      batches: () =>
        keyset<Row & { eventId: string }>(async (after) => {
          const rows = await db
            .select({
              eventId: eventParticipants.eventId,
              eventName: events.eventName,
              startTime: events.startTime,
              placeName: events.placeName,
              translations: events.translations,
              status: eventParticipants.status,
              registeredAt: eventParticipants.registeredAt,
              checkedInAt: eventParticipants.checkedInAt,
              leftAt: eventParticipants.leftAt,
              noShowAt: eventNoShows.recordedAt,
              noShowClearedAt: eventNoShows.clearedAt,
            })
            .from(eventParticipants)
            .innerJoin(events, eq(events.id, eventParticipants.eventId))
            .leftJoin(
              eventNoShows,
              and(
                eq(eventNoShows.eventId, eventParticipants.eventId),
                eq(eventNoShows.userId, eventParticipants.userId),
              ),
            )
            .where(
              and(
                eq(eventParticipants.userId, userId),
                after ? gt(eventParticipants.eventId, after.eventId) : undefined,
              ),
            )
            .orderBy(asc(eventParticipants.eventId))
            .limit(EXPORT_BATCH_ROWS)
          const seats = await seatsAt(
            db,
            userId,
            rows.map((row) => row.eventId),
          )
          // The evening's name and place in her language, as she saw them (or the Hungarian).
          return rows.map(({ eventName, placeName, translations, ...row }) => ({
            eventId: row.eventId,
            event: eventText({ eventName, translations }, 'eventName', member.language).text,
            startTime: iso(row.startTime),
            place: eventText({ placeName, translations }, 'placeName', member.language).text,
            status: row.status,
            registeredAt: iso(row.registeredAt),
            checkedInAt: iso(row.checkedInAt),
            leftAt: iso(row.leftAt),
            // Not checked in when the evening ended (decision 0091), and whether the host cleared it.
            noShowAt: iso(row.noShowAt),
            noShowClearedAt: iso(row.noShowClearedAt),
            seats: seats.get(row.eventId) ?? [],
          }))
        }),
    },
    {
      // The evenings an admin let her work the door of.
      key: 'doorHelper',
      single: false,
      batches: () =>
        once(async () =>
          (
            await db
              .select({
                eventName: events.eventName,
                translations: events.translations,
                startTime: events.startTime,
                helperSince: eventDoorHelpers.createdAt,
              })
              .from(eventDoorHelpers)
              .innerJoin(events, eq(events.id, eventDoorHelpers.eventId))
              .where(eq(eventDoorHelpers.userId, userId))
              .orderBy(asc(events.startTime))
          ).map(({ eventName, translations, ...row }) => ({
            event: eventText({ eventName, translations }, 'eventName', member.language).text,
            startTime: iso(row.startTime),
            helperSince: iso(row.helperSince),
          })),
        ),
    },
    {
      // The friends she invited to an evening, and the invitation she accepted (decision 0092).
      key: 'friendInvitations',
      single: false,
      batches: () =>
        once(async () =>
          (
            await db
              .select({
                eventName: events.eventName,
                translations: events.translations,
                startTime: events.startTime,
                inviterId: eventFriendInvitations.inviterId,
                email: eventFriendInvitations.email,
                status: eventFriendInvitations.status,
                invitedAt: eventFriendInvitations.invitedAt,
                expiresAt: eventFriendInvitations.expiresAt,
                answeredAt: eventFriendInvitations.answeredAt,
              })
              .from(eventFriendInvitations)
              .innerJoin(events, eq(events.id, eventFriendInvitations.eventId))
              .where(
                or(
                  eq(eventFriendInvitations.inviterId, userId),
                  eq(eventFriendInvitations.friendId, userId),
                ),
              )
              .orderBy(asc(eventFriendInvitations.invitedAt))
          ).map(({ eventName, translations, ...row }) => ({
            event: eventText({ eventName, translations }, 'eventName', member.language).text,
            startTime: iso(row.startTime),
            sentByYou: row.inviterId === userId,
            email: row.email,
            status: row.status,
            invitedAt: iso(row.invitedAt),
            expiresAt: iso(row.expiresAt),
            answeredAt: iso(row.answeredAt),
          })),
        ),
    },
    {
      // Her picks after evenings, her matches and blocks, what she shares (issue 40).
      key: 'klikk',
      single: true,
      batches: () => once(async () => [await klikkDataOf(db, userId, member.language)]),
    },
    {
      key: 'emails',
      single: false,
      batches: async function* () {
        const hers = await emailPeriods(db, member)
        yield* keyset<Row & { id: number }>(async (after) =>
          (
            await db
              .select({
                id: outbox.id,
                to: outbox.toAddress,
                kind: outbox.kind,
                subject: outbox.subject,
                language: outbox.language,
                status: outbox.status,
                createdAt: outbox.createdAt,
                sentAt: outbox.sentAt,
              })
              .from(outbox)
              .where(and(hers, after ? gt(outbox.id, after.id) : undefined))
              .orderBy(asc(outbox.id))
              .limit(EXPORT_BATCH_ROWS)
          ).map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) })),
        )
      },
    },
    {
      key: 'accountHistory',
      single: false,
      batches: () =>
        keyset<Row>(async (after) =>
          (
            await db
              .select({
                id: auditLog.id,
                at: auditLog.at,
                action: auditLog.action,
                by: auditLog.actorKind,
                before: auditLog.before,
                after: auditLog.after,
              })
              .from(auditLog)
              .where(
                and(
                  eq(auditLog.subjectType, 'user'),
                  eq(auditLog.subjectId, userId),
                  after ? gt(auditLog.id, String(after.id)) : undefined,
                ),
              )
              .orderBy(asc(auditLog.id))
              .limit(EXPORT_BATCH_ROWS)
          ).map((row) => ({
            id: row.id,
            at: iso(row.at),
            action: row.action,
            by: row.by,
            before: JSON.stringify(row.before ?? null),
            after: JSON.stringify(row.after ?? null),
          })),
        ),
    },
  ]
}

/**
 * Her seats at these events (round, table), with the names of the others at her table who let
 * themselves be listed ("people you met"): names only, nothing else of theirs.
 */
async function seatsAt(db: Db, userId: string, eventIds: string[]): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>()
  if (eventIds.length === 0) return out
  const mine = await db
    .select({
      eventId: eventRounds.eventId,
      roundId: eventRounds.id,
      round: eventRounds.roundNumber,
      started: eventRounds.started,
      tableId: eventTables.id,
      table: eventTables.tableName,
    })
    .from(eventTableAssignments)
    .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
    .innerJoin(eventTables, eq(eventTables.id, eventTableAssignments.tableId))
    .where(and(eq(eventTableAssignments.userId, userId), inArray(eventRounds.eventId, eventIds)))
    .orderBy(asc(eventRounds.roundNumber))
  if (mine.length === 0) return out
  // People she met: only in rounds that ran.
  const ran = mine.filter((seat) => seat.started).map((seat) => seat.roundId)
  const others = ran.length > 0 ? await tablemates(db, userId, ran) : []
  for (const seat of mine) {
    const list = out.get(seat.eventId) ?? []
    list.push({
      round: seat.round,
      table: seat.table,
      peopleMet: others
        .filter((other) => other.roundId === seat.roundId && other.tableId === seat.tableId)
        .flatMap((other) => (other.fullName?.trim() ? [other.fullName.trim()] : [])),
    })
    out.set(seat.eventId, list)
  }
  return out
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/avif': 'avif',
}

async function avatarOf(db: Db, userId: string) {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(and(eq(media.ownerId, userId), eq(media.kind, 'avatar')))
    .orderBy(sql`${media.createdAt} desc`)
    .limit(1)
  if (!row) return null
  return { fileName: `picture.${EXTENSIONS[row.contentType] ?? 'bin'}`, bytes: row.bytes }
}

/** data.json, written as its rows arrive. */
async function* jsonFile(all: Section[], member: ExportedMember, now: Date) {
  yield `{\n  "exportedAt": ${JSON.stringify(now.toISOString())},\n  "userId": ${JSON.stringify(member.id)}`
  for (const section of all) {
    yield `,\n  ${JSON.stringify(section.key)}: `
    if (section.single) {
      let record: Row | null = null
      for await (const batch of section.batches()) record = batch[0] ?? null
      yield JSON.stringify(record)
      continue
    }
    let first = true
    yield '['
    for await (const batch of section.batches()) {
      yield batch
        .map((row) => `${first ? ((first = false), '') : ','}\n    ${JSON.stringify(row)}`)
        .join('')
    }
    yield first ? ']' : '\n  ]'
  }
  yield '\n}\n'
}

/** data.html: the same, to read, in her language; inline styles, no scripts, nothing fetched. */
async function* htmlFile(all: Section[], member: ExportedMember, now: Date) {
  const t = emailTranslator(member.language)
  const named = t as unknown as (key: string, options?: Record<string, string>) => string
  const dateTime = new Intl.DateTimeFormat(dateLocale(member.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Budapest',
  })
  const label = (field: string) => named(`dataExport.fields.${field}`, { defaultValue: field })
  const words = pageWords(member.language)
  const none = `<span class="none">${escapeHtml(t('dataExport.none'))}</span>`
  const show = (section: SectionKey, field: string, value: Value): string => {
    if (value === null || value === '') return none
    if (typeof value === 'boolean') return escapeHtml(t(value ? 'dataExport.yes' : 'dataExport.no'))
    if (Array.isArray(value)) {
      if (value.length === 0) return none
      return `<ul>${value
        .map((item) =>
          typeof item === 'string'
            ? `<li>${escapeHtml(item)}</li>`
            : `<li>${Object.entries(item)
                .map(([key, inner]) => `${escapeHtml(label(key))}: ${show(section, key, inner)}`)
                .join('; ')}</li>`,
        )
        .join('')}</ul>`
    }
    if (typeof value === 'string' && /At$|^at$|startTime|lastSeen/.test(field)) {
      const date = new Date(value)
      if (!Number.isNaN(date.getTime())) return escapeHtml(dateTime.format(date))
    }
    // An entry's before and after: its fields, each with its label (data.json keeps the JSON).
    if (section === 'accountHistory' && (field === 'before' || field === 'after')) {
      const values = JSON.parse(String(value)) as Record<string, Value> | null
      if (!values || Object.keys(values).length === 0) return none
      return show(section, field, [values])
    }
    const word = typeof value === 'string' ? words(section, field, value) : null
    return escapeHtml(word ?? String(value))
  }
  const title = t('dataExport.title', { name: member.fullName ?? member.email })
  yield `<!doctype html>
<html lang="${member.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;background:#FBF7F2;color:#2A1F2D;font:16px/1.55 Helvetica,Arial,sans-serif}
main{max-width:960px;margin:0 auto;padding:32px 16px}
h1{font-family:Georgia,serif;color:#8E3B52;margin:0 0 8px}
h2{margin:32px 0 12px;font-size:20px}
table{border-collapse:collapse;width:100%;background:#fff;border-radius:12px;overflow:hidden}
th,td{text-align:left;vertical-align:top;padding:8px 12px;border-bottom:1px solid #eee;overflow-wrap:anywhere}
th{background:#f4ece4;font-size:14px}
ul{margin:0;padding-left:18px}
.none{color:#5B4D5E}
.scroll{overflow-x:auto}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('dataExport.intro', { date: dateTime.format(now) }))}</p>`
  for (const section of all) {
    yield `\n<h2>${escapeHtml(named(`dataExport.sections.${section.key}`))}</h2>\n`
    if (section.single) {
      let record: Row | null = null
      for await (const batch of section.batches()) record = batch[0] ?? null
      yield record
        ? `<table><tbody>${Object.entries(record)
            .map(
              ([field, value]) =>
                `<tr><th scope="row">${escapeHtml(label(field))}</th><td>${show(section.key, field, value)}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : `<p class="none">${escapeHtml(t('dataExport.empty'))}</p>`
      continue
    }
    let columns: string[] | null = null
    for await (const batch of section.batches()) {
      let out = ''
      for (const row of batch) {
        const shown = Object.fromEntries(
          Object.entries(row).filter(([field]) => !HIDDEN_ON_PAGE.has(field)),
        )
        if (!columns) {
          columns = Object.keys(shown)
          out += `<div class="scroll"><table><thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(label(c))}</th>`).join('')}</tr></thead><tbody>`
        }
        out += `<tr>${columns.map((c) => `<td>${show(section.key, c, shown[c] ?? null)}</td>`).join('')}</tr>`
      }
      yield out
    }
    yield columns
      ? '</tbody></table></div>'
      : `<p class="none">${escapeHtml(t('dataExport.empty'))}</p>`
  }
  yield '\n</main>\n</body>\n</html>\n'
}

/** Budapest's date, for the file's name. */
const budapestDay = (now: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(now)

export const exportFileName = (now: Date) => `lendulet-data-${budapestDay(now)}.zip`

/**
 * The ZIP as a stream of bytes. fflate's Zip hands over compressed pieces as each file's text is
 * pushed; a piece is passed on when the response asks for more (`pull`), so the database is read
 * only as fast as the client downloads.
 */
export function memberDataZip(
  db: Db,
  member: ExportedMember,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(db, member, now)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

async function* zipChunks(db: Db, member: ExportedMember, now: Date): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  const drain = function* () {
    if (failure) throw failure
    while (ready.length > 0) {
      const chunk = ready.shift()
      if (chunk) yield chunk
    }
  }
  const all = sections(db, member)
  const texts: [string, AsyncGenerator<string>][] = [
    ['data.json', jsonFile(all, member, now)],
    ['data.html', htmlFile(all, member, now)],
  ]
  for (const [name, text] of texts) {
    const file = new ZipDeflate(name, { level: 6 })
    file.mtime = now
    zip.add(file)
    // Small pieces are gathered into one push: deflate works better on more than a line.
    let pending = ''
    for await (const piece of text) {
      pending += piece
      if (pending.length < 16_384) continue
      file.push(strToU8(pending))
      pending = ''
      yield* drain()
    }
    file.push(strToU8(pending), true)
    yield* drain()
  }
  const picture = await avatarOf(db, member.id)
  if (picture) {
    // Already compressed: stored as it is.
    const file = new ZipPassThrough(picture.fileName)
    file.mtime = now
    zip.add(file)
    file.push(new Uint8Array(picture.bytes), true)
    yield* drain()
  }
  zip.end()
  yield* drain()
}
