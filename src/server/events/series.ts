import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { mergeTranslations } from '#shared/event-texts.ts'
import type { EventInput, TableInput } from '#shared/schemas/events.ts'
import type { SeriesEditScope, SeriesInput } from '#shared/schemas/series.ts'
import {
  pastDates,
  ruleHasDatesAfter,
  seriesHorizon,
  seriesOccurrences,
  type SeriesRule,
} from '#shared/series-rule.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  eventFriendInvitations,
  eventParticipants,
  eventPlaceOffers,
  events,
  eventTables,
} from '../db/schema/events.ts'
import { media } from '../db/schema/media.ts'
import { eventSeries } from '../db/schema/series.ts'
import { DomainError } from '../domain-error.ts'
import type { EventRow } from './event-base.ts'
import { HOLDS_A_PLACE } from './place-offers.ts'

/**
 * The steps of a series (decision 0088): its row, the evenings it makes, and which of them an
 * edit may change. They take a transaction and write no audit (the commands do).
 */
export type SeriesRow = typeof eventSeries.$inferSelect

const DAY_MS = 24 * 60 * 60_000

/** The series, or a 404 in the user's language; locked when `lock` (edits one at a time). */
export async function findSeries(db: Db | Tx, seriesId: string, lock = false): Promise<SeriesRow> {
  const query = db.select().from(eventSeries).where(eq(eventSeries.id, seriesId))
  const [found] = lock ? await query.for('update') : await query
  if (!found) throw new DomainError('seriesNotFound')
  return found
}

/**
 * A rule that gives no evening from now on, or a listed date already past, is refused before
 * anything is stored; the refusal names the field (and the first past date).
 */
export function checkRule(rule: SeriesRule, now: Date) {
  const past = pastDates(rule, now)
  if (past[0] !== undefined)
    throw new DomainError('seriesDateInPast', undefined, { date: past[0].replace('T', ' ') })
  if (!ruleHasDatesAfter(rule, now))
    throw new DomainError('seriesNoDates', { rule: 'validation.seriesNoDates' })
}

/** The series' template as its row stores it. */
export function seriesValues(input: SeriesInput, stored: SeriesRow['translations'] = {}) {
  return {
    eventName: input.eventName,
    description: input.description,
    placeName: input.placeName,
    address: input.address,
    translations: mergeTranslations(stored, input.translations),
    duration: input.duration,
    isKlikk: input.isKlikk,
    hasRecordingAvailable: input.hasRecordingAvailable,
    plannedRounds: input.plannedRounds,
    places: input.places,
    autoSeatLateArrivals: input.autoSeatLateArrivals,
    klikkWindowHours: input.klikkWindowHours,
    tables: input.tables,
    rule: input.rule,
    registrationOpensDays: input.registrationOpensDays,
  }
}

export async function insertSeries(tx: Tx, input: SeriesInput): Promise<SeriesRow> {
  const [created] = await tx.insert(eventSeries).values(seriesValues(input)).returning()
  if (!created) throw new Error('series insert returned nothing')
  return created
}

/**
 * Makes the series' evenings from `now` to the horizon that do not exist yet, each with the
 * series' tables. A date the series already has (its slot, even if that evening was moved) is
 * left alone: the unique (series_id, series_slot) makes this safe in any number of processes.
 */
export async function makeEvenings(tx: Tx, series: SeriesRow, now: Date): Promise<EventRow[]> {
  const made: EventRow[] = []
  for (const { slot, startTime } of seriesOccurrences(series.rule, now, seriesHorizon(now))) {
    const [event] = await tx
      .insert(events)
      .values({
        eventName: series.eventName,
        description: series.description,
        placeName: series.placeName,
        address: series.address,
        translations: series.translations,
        duration: series.duration,
        isKlikk: series.isKlikk,
        hasRecordingAvailable: series.hasRecordingAvailable,
        plannedRounds: series.plannedRounds,
        places: series.places,
        autoSeatLateArrivals: series.autoSeatLateArrivals,
        klikkWindowHours: series.klikkWindowHours,
        startTime,
        seriesId: series.id,
        seriesSlot: slot,
        registrationOpensAt: new Date(startTime.getTime() - series.registrationOpensDays * DAY_MS),
      })
      .onConflictDoNothing({ target: [events.seriesId, events.seriesSlot] })
      .returning()
    if (!event) continue
    if (series.tables.length > 0)
      await tx.insert(eventTables).values(series.tables.map((t) => ({ eventId: event.id, ...t })))
    made.push(event)
  }
  return made
}

/** Whether an evening has run (or is running, or its time is over): it never changes again. */
export const hasRun = (event: EventRow, now: Date) =>
  event.status === 'active' ||
  event.startedAt !== null ||
  event.endedAt !== null ||
  event.startTime.getTime() + event.duration * 60_000 <= now.getTime()

/** The series' evenings from `from` on (by start), locked, in order. */
export async function eveningsFrom(tx: Tx, seriesId: string, from: Date): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(eq(events.seriesId, seriesId), gte(events.startTime, from)))
    .orderBy(asc(events.startTime), asc(events.id))
    .for('update')
}

/** How many hold a place at each evening. */
export async function placesTakenAt(tx: Tx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map()
  const rows = await tx
    .select({
      eventId: eventParticipants.eventId,
      taken: sql<number>`count(*)`.mapWith(Number),
    })
    .from(eventParticipants)
    .where(
      and(
        inArray(eventParticipants.eventId, eventIds),
        inArray(eventParticipants.status, [...HOLDS_A_PLACE]),
      ),
    )
    .groupBy(eventParticipants.eventId)
  return new Map(rows.map((row) => [row.eventId, row.taken]))
}

/** An evening's event form after an edit of the series' fields (its start given). */
export const eveningInput = (edit: Omit<EventInput, 'startTime'>, startTime: Date): EventInput => ({
  ...edit,
  startTime: startTime.toISOString(),
})

/**
 * A moved evening's registration opens the same number of days before its new start, unless it
 * has opened already (its followers were told: it stays open).
 */
export async function retimeRegistration(tx: Tx, event: EventRow, days: number) {
  if (event.followersToldAt !== null || event.registrationOpensAt === null) return
  await tx
    .update(events)
    .set({ registrationOpensAt: new Date(event.startTime.getTime() - days * DAY_MS) })
    .where(eq(events.id, event.id))
}

/**
 * The evenings an edit is for: the one chosen alone, or it and every later one that has not run.
 * One chosen that has run is refused (it never changes).
 */
export async function eveningsInScope(
  tx: Tx,
  seriesId: string,
  chosen: EventRow,
  scope: SeriesEditScope,
  now: Date,
): Promise<EventRow[]> {
  if (chosen.seriesId !== seriesId) throw new DomainError('eventNotFound')
  if (hasRun(chosen, now)) throw new DomainError('seriesEveningHasRun')
  if (scope === 'evening') return [chosen]
  return (await eveningsFrom(tx, seriesId, chosen.startTime)).filter((e) => !hasRun(e, now))
}

/**
 * The evenings someone is on: a registration or a place on the waiting list, an open offer of a
 * place, or a friend's invitation open or accepted. A change of rule or the series' end leaves
 * them where they are.
 */
export async function eveningsWithPeople(tx: Tx, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set()
  const [signedUp, offered, invited] = await Promise.all([
    tx
      .selectDistinct({ eventId: eventParticipants.eventId })
      .from(eventParticipants)
      .where(inArray(eventParticipants.eventId, eventIds)),
    tx
      .selectDistinct({ eventId: eventPlaceOffers.eventId })
      .from(eventPlaceOffers)
      .where(and(inArray(eventPlaceOffers.eventId, eventIds), eq(eventPlaceOffers.status, 'open'))),
    tx
      .selectDistinct({ eventId: eventFriendInvitations.eventId })
      .from(eventFriendInvitations)
      .where(
        and(
          inArray(eventFriendInvitations.eventId, eventIds),
          inArray(eventFriendInvitations.status, ['open', 'accepted']),
        ),
      ),
  ])
  return new Set([...signedUp, ...offered, ...invited].map((row) => row.eventId))
}

/** Deletes evenings of the series nobody is on, with any image given to one. */
export async function deleteEvenings(tx: Tx, seriesId: string, evenings: EventRow[]) {
  if (evenings.length === 0) return
  await tx.delete(events).where(
    and(
      eq(events.seriesId, seriesId),
      inArray(
        events.id,
        evenings.map((evening) => evening.id),
      ),
    ),
  )
  const images = evenings.flatMap((evening) => (evening.imageId ? [evening.imageId] : []))
  if (images.length > 0) await tx.delete(media).where(inArray(media.id, images))
}

type TableRow = typeof eventTables.$inferSelect

/**
 * What turns an evening's tables into the wanted ones, matched by name (any case): the tables to
 * take away, those whose seats change, and the new ones.
 */
export function tablesChange(current: TableRow[], wanted: TableInput[]) {
  const key = (name: string) => name.trim().toLocaleLowerCase()
  const byName = new Map(wanted.map((table) => [key(table.tableName), table]))
  const have = new Set(current.map((table) => key(table.tableName)))
  const remove = current.filter((table) => !byName.has(key(table.tableName)))
  const update = current.flatMap((table) => {
    const next = byName.get(key(table.tableName))
    return next &&
      (next.tableName !== table.tableName ||
        next.capacityFull !== table.capacityFull ||
        next.capacityActual !== table.capacityActual)
      ? [{ table, next }]
      : []
  })
  const add = wanted.filter((table) => !have.has(key(table.tableName)))
  return { remove, update, add, none: remove.length + update.length + add.length === 0 }
}

/** An evening's tables as an audit entry shows them ("Rózsa 4/4, Liliom 4/3"). */
export const describeTables = (
  tables: { tableName: string; capacityFull: number; capacityActual: number }[],
) => tables.map((t) => `${t.tableName} ${t.capacityActual}/${t.capacityFull}`).join(', ')
