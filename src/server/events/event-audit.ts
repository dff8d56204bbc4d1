import { inArray } from 'drizzle-orm'
import { auditRoundStatus, type AuditField } from '#shared/audit.ts'
import { eventPhase } from '#shared/schemas/events.ts'
import { EVENT_TEXT_FIELDS, TRANSLATED_LANGUAGES } from '#shared/event-texts.ts'
import type { Db, Tx } from '../db/client.ts'
import { profiles } from '../db/schema/profiles.ts'
import type { eventRounds, eventTables } from '../db/schema/events.ts'
import type { EventRow } from './event-base.ts'

/**
 * The fields of an event an entry shows. `status` is the event's phase: an ended event's column
 * says `inactive` again, which would read "not started".
 */
export const eventValues = (event: EventRow) => ({
  eventName: event.eventName,
  description: event.description,
  startTime: event.startTime,
  duration: event.duration,
  placeName: event.placeName,
  address: event.address,
  isKlikk: event.isKlikk,
  hasRecordingAvailable: event.hasRecordingAvailable,
  plannedRounds: event.plannedRounds,
  places: event.places,
  autoSeatLateArrivals: event.autoSeatLateArrivals,
  klikkWindowHours: event.klikkWindowHours,
  cancelDeadlineHours: event.cancelDeadlineHours,
  friendsAllowed: event.friendsAllowed,
  // The texts written in other languages; one not written is absent (it shows the Hungarian).
  ...Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((language) =>
      EVENT_TEXT_FIELDS.flatMap((field) => {
        const text = event.translations[language]?.[field]
        return text === undefined ? [] : [[`${field}_${language}` satisfies AuditField, text]]
      }),
    ),
  ),
  status: eventPhase(event),
})

/** A table as an entry shows it. */
export const tableValues = (table: typeof eventTables.$inferSelect) => ({
  tableId: table.id,
  tableName: table.tableName,
  capacityFull: table.capacityFull,
  capacityActual: table.capacityActual,
})

/** A round as an entry shows it: its number, length and where it is (not yet, running, over). */
export const roundValues = (round: typeof eventRounds.$inferSelect) => ({
  roundId: round.id,
  roundNumber: round.roundNumber,
  durationMinutes: round.durationMinutes,
  roundStatus: auditRoundStatus(round),
})

/** A member as she is called now: her name (or address) and member code, by her id. */
export async function memberNames(
  db: Db | Tx,
  userIds: readonly string[],
): Promise<Map<string, { name: string; userCode: string }>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      userCode: profiles.userCode,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...userIds]))
  return new Map(
    rows.map((row) => [row.id, { name: row.fullName || row.email, userCode: row.userCode }]),
  )
}

/** One member's fields in an entry: her id, and the name and code a person reads. */
export async function memberValues(db: Db | Tx, userId: string) {
  const found = (await memberNames(db, [userId])).get(userId)
  return { userId, name: found?.name ?? null, userCode: found?.userCode ?? null }
}

/** Two members' fields (kept apart, swapped): their ids, and their names in that order. */
export async function pairValues(db: Db | Tx, userA: string, userB: string) {
  const names = await memberNames(db, [userA, userB])
  return {
    userA,
    userB,
    people: [names.get(userA)?.name ?? userA, names.get(userB)?.name ?? userB],
  }
}

/** The fields that say which member an edit to her participation was about. */
export const MEMBER_KEEP: readonly AuditField[] = ['userId', 'name', 'userCode']

export const eventSubject = (event: EventRow) =>
  ({ type: 'event', id: event.id, label: event.eventName }) as const
