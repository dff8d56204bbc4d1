import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { mergeTranslations } from '#shared/event-texts.ts'
import type { EventInput } from '#shared/schemas/events.ts'
import type { SeriesInput } from '#shared/schemas/series.ts'
import {
  pastDates,
  ruleHasDatesAfter,
  seriesHorizon,
  seriesOccurrences,
  type SeriesRule,
} from '#shared/series-rule.ts'
import type { Db, Tx } from '../db/client.ts'
import { eventParticipants, events, eventTables } from '../db/schema/events.ts'
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
