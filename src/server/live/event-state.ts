import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import type { EventState } from '#shared/live-state.ts'
import type { Db } from '../db/client.ts'
import { DEFAULT_LANGUAGE } from '#shared/languages.ts'
import { distinctLabels, sortByName } from '#shared/people-names.ts'
import {
  eventParticipants,
  eventRounds,
  events,
  eventTableAssignments,
  eventTables,
} from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { ANY, type LiveHub } from './live-hub.ts'
import { closingFigures } from './evening-closing.ts'
import { currentQuestion } from '../questions/choose-question.ts'

/** What the klikkscreen and a member's phone show of an event (shared/live-state.ts), or null. */
export async function readEventState(db: Db, eventId: string): Promise<EventState | null> {
  const [event] = await db
    .select({
      id: events.id,
      eventName: events.eventName,
      status: events.status,
      startTime: events.startTime,
      endedAt: events.endedAt,
      placeName: events.placeName,
      translations: events.translations,
      imageUrl: events.imageUrl,
    })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) return null
  const [round] = await db
    .select({
      id: eventRounds.id,
      roundNumber: eventRounds.roundNumber,
      started: eventRounds.started,
      finished: eventRounds.finished,
      startedAt: eventRounds.startedAt,
      durationMinutes: eventRounds.durationMinutes,
    })
    .from(eventRounds)
    .where(and(eq(eventRounds.eventId, eventId), eq(eventRounds.started, true)))
    .orderBy(desc(eventRounds.roundNumber))
    .limit(1)
  const ended = event.status !== 'active' && event.endedAt !== null
  const [tables, seats, participants, closing, question] = await Promise.all([
    db
      .select({ id: eventTables.id, tableName: eventTables.tableName })
      .from(eventTables)
      .where(eq(eventTables.eventId, eventId))
      .orderBy(asc(eventTables.createdAt), asc(eventTables.tableName)),
    round
      ? db
          .select({ tableId: eventTableAssignments.tableId, userId: eventTableAssignments.userId })
          .from(eventTableAssignments)
          .where(eq(eventTableAssignments.roundId, round.id))
      : Promise.resolve([]),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, userCode: profiles.userCode })
      .from(eventParticipants)
      .innerJoin(profiles, eq(profiles.id, eventParticipants.userId))
      .where(eq(eventParticipants.eventId, eventId)),
    ended ? closingFigures(db, eventId) : Promise.resolve(null),
    round ? currentQuestion(db, round.id) : Promise.resolve(null),
  ])
  // Names on a shared screen: the full name, else the member code, never an e-mail address; two
  // participants of one name are told apart by the start of their codes.
  const labels = distinctLabels(
    participants.map((p) => ({
      id: p.id,
      name: p.fullName?.trim() || p.userCode,
      code: p.userCode,
    })),
  )
  const people = sortByName(
    seats.map((seat) => ({ ...seat, name: labels.get(seat.userId) ?? '—' })),
    (seat) => seat.name,
    DEFAULT_LANGUAGE,
  )
  return {
    event: {
      ...event,
      // The screens show the name and place: the descriptions stay out of every state sent.
      translations: Object.fromEntries(
        Object.entries(event.translations).map(([language, { eventName, placeName }]) => [
          language,
          { eventName, placeName },
        ]),
      ),
      startTime: event.startTime.toISOString(),
      endedAt: event.endedAt?.toISOString() ?? null,
    },
    round: round ? { ...round, startedAt: round.startedAt?.toISOString() ?? null, question } : null,
    tables: tables.map((table) => ({
      ...table,
      people: people
        .filter((seat) => seat.tableId === table.id)
        .map((seat) => ({ userId: seat.userId, name: seat.name })),
    })),
    closing,
  }
}

/**
 * Event states, serialised once and kept until the event changes (the hub says so), so that a
 * room full of screens, or their polling, costs one database read per change.
 */
export function createStateCache(db: Db, hub: LiveHub) {
  const states = new Map<string, Promise<string | null>>()
  const encoded = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()
  /** The bytes of `encoded` once read, for the hot read's check that an answer is current. */
  const ready = new Map<string, Uint8Array<ArrayBuffer>>()
  let generation = 0
  let active: Promise<string | null> | null = null
  let lastEnded: Promise<{ id: string; endedAt: Date | null } | null> | null = null
  const stop = hub.subscribe(ANY, () => {
    generation++
    states.clear()
    encoded.clear()
    ready.clear()
    active = null
    lastEnded = null
  })

  return {
    /** The state as JSON text, or null for an unknown event. */
    state(eventId: string): Promise<string | null> {
      let cached = states.get(eventId)
      if (!cached) {
        cached = readEventState(db, eventId).then((state) => (state ? JSON.stringify(state) : null))
        cached.catch(() => states.delete(eventId))
        states.set(eventId, cached)
      }
      return cached
    },
    /** The same, as the bytes of a response body (the hot read answers without re-encoding). */
    stateBytes(eventId: string): Promise<Uint8Array<ArrayBuffer> | null> {
      let cached = encoded.get(eventId)
      if (!cached) {
        const readFor = generation
        cached = this.state(eventId).then((json) => {
          const bytes = json ? new TextEncoder().encode(json) : null
          // A change since the read began: these bytes may be old, and are not the current ones.
          if (bytes && readFor === generation) ready.set(eventId, bytes)
          return bytes
        })
        encoded.set(eventId, cached)
      }
      return cached
    },
    /** The bytes `stateBytes` gives now, if read since the last change (else undefined). */
    currentBytes(eventId: string): Uint8Array<ArrayBuffer> | undefined {
      return ready.get(eventId)
    },
    /** The id of the single active event, if any. */
    activeEventId(): Promise<string | null> {
      active ??= db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.status, 'active'))
        .limit(1)
        .then(([row]) => row?.id ?? null)
      active.catch(() => {
        active = null
      })
      return active
    },
    /**
     * What a big screen without an id shows: the active event, else the evening that ended last
     * while its closing lasts (decision 0066: a projector switched on after the end shows it).
     */
    async shownEventId(): Promise<string | null> {
      const running = await this.activeEventId()
      if (running) return running
      lastEnded ??= db
        .select({ id: events.id, endedAt: events.endedAt })
        .from(events)
        .where(and(ne(events.status, 'active'), isNotNull(events.endedAt)))
        .orderBy(desc(events.endedAt))
        .limit(1)
        .then(([row]) => row ?? null)
      lastEnded.catch(() => {
        lastEnded = null
      })
      const last = await lastEnded
      const closing = last?.endedAt && Date.now() < last.endedAt.getTime() + EVENING_CLOSING_MS
      return closing ? last.id : null
    },
    close: stop,
  }
}
export type StateCache = ReturnType<typeof createStateCache>
