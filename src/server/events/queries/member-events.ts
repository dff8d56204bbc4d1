import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import type { ParticipantStatus } from '#shared/schemas/events.ts'
import { eventText, localizeEvent } from '#shared/event-texts.ts'
import type { Db } from '../../db/client.ts'
import {
  eventDoorHelpers,
  eventFriendInvitations,
  eventParticipants,
  eventPlaceOffers,
  events,
} from '../../db/schema/events.ts'
import { cancelDeadline, type PlaceOfferKind } from '#shared/place-offers.ts'
import { seriesFollowers } from '../../db/schema/series.ts'
import { closingFigures } from '../../live/evening-closing.ts'
import { doorOpenForHelpers } from '../door.ts'
import { invitationsBy, type InvitationView } from '../friend-invitations.ts'

/**
 * The members' events page: events that are running or still to come, with her registration,
 * their texts in `language` (Hungarian where the host has not written them in it).
 */
export async function upcomingEventsFor(
  db: Db,
  userId: string,
  language: string,
  now = new Date(),
) {
  const rows = await db
    .select({
      event: events,
      registration: eventParticipants.status,
      doorHelper: eventDoorHelpers.userId,
      taken:
        // Held too: places offered to a woman in line, and any place while someone waits.
        sql<number>`(select count(*) from ${eventParticipants} as taken where taken.event_id = ${events.id} and taken.status in ('registered', 'present', 'absent')) + (select count(*) from ${eventPlaceOffers} as held where held.event_id = ${events.id} and held.status = 'open' and held.kind = 'single' and held.expires_at > ${now.toISOString()}::timestamptz) + (select count(*) from ${eventFriendInvitations} as friend where friend.event_id = ${events.id} and friend.status = 'open' and friend.expires_at > ${now.toISOString()}::timestamptz) + (case when exists (select 1 from ${eventParticipants} as line where line.event_id = ${events.id} and line.status = 'waiting') then 10000 else 0 end)`.mapWith(
          Number,
        ),
      waitingPosition: sql<
        number | null
      >`case when ${eventParticipants.status} = 'waiting' then (select count(*) + 1 from ${eventParticipants} as ahead where ahead.event_id = ${events.id} and ahead.status = 'waiting' and ahead.registered_at < ${eventParticipants.registeredAt}) end`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
      offerKind: eventPlaceOffers.kind,
      offerExpiresAt: eventPlaceOffers.expiresAt,
    })
    .from(events)
    .leftJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
    )
    .leftJoin(
      eventDoorHelpers,
      and(eq(eventDoorHelpers.eventId, events.id), eq(eventDoorHelpers.userId, userId)),
    )
    // Her offer still open and still running (one at most: a unique index).
    .leftJoin(
      eventPlaceOffers,
      and(
        eq(eventPlaceOffers.eventId, events.id),
        eq(eventPlaceOffers.userId, userId),
        eq(eventPlaceOffers.status, 'open'),
        gt(eventPlaceOffers.expiresAt, now),
      ),
    )
    .where(
      and(
        sql`${events.endedAt} is null`,
        or(
          eq(events.status, 'active'),
          // An ISO string, cast: postgres-js cannot send a bare Date inside raw SQL.
          sql`${events.startTime} + ${events.duration} * interval '1 minute' > ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(desc(eq(events.status, 'active')), asc(events.startTime))
    .limit(50)
  const entries = rows.map(
    ({ event, registration, doorHelper, taken, waitingPosition, offerKind, offerExpiresAt }) => ({
      id: event.id,
      ...localizeEvent(
        {
          eventName: event.eventName,
          description: event.description,
          placeName: event.placeName,
          translations: event.translations,
        },
        language,
      ),
      imageUrl: event.imageUrl,
      startTime: event.startTime,
      address: event.address,
      duration: event.duration,
      status: event.status,
      isKlikk: event.isKlikk,
      registration,
      doorOpen: doorHelper !== null && doorOpenForHelpers(event, now.getTime()),
      places: event.places,
      placesLeft: event.places === null ? null : Math.max(0, event.places - taken),
      waitingPosition,
      registrationOpensAt: event.registrationOpensAt,
      seriesId: event.seriesId,
      cancelDeadline: cancelDeadline(event),
      offer: offerKind && offerExpiresAt ? { kind: offerKind, expiresAt: offerExpiresAt } : null,
      friendsAllowed: event.friendsAllowed,
      friendInvitation: null as InvitationView | null,
    }),
  )
  const invitations = await invitationsBy(
    db,
    userId,
    entries.map((e) => e.id),
    now,
  )
  for (const entry of entries) entry.friendInvitation = invitations.get(entry.id) ?? null
  return asSeries(db, userId, entries)
}

type Entry = {
  id: string
  startTime: Date
  registration: ParticipantStatus | null
  places: number | null
  placesLeft: number | null
  waitingPosition: number | null
  registrationOpensAt: Date | null
  seriesId: string | null
  cancelDeadline: Date
  offer: { kind: PlaceOfferKind; expiresAt: Date } | null
}

/**
 * A series shows as one entry (decision 0088): its next evening, with the dates after it (each
 * with her registration, as any evening) and whether she follows it.
 */
async function asSeries<T extends Entry>(db: Db, userId: string, entries: T[]) {
  const seriesIds = [...new Set(entries.flatMap((e) => (e.seriesId ? [e.seriesId] : [])))]
  const followed =
    seriesIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ seriesId: seriesFollowers.seriesId })
              .from(seriesFollowers)
              .where(
                and(
                  eq(seriesFollowers.userId, userId),
                  inArray(seriesFollowers.seriesId, seriesIds),
                ),
              )
          ).map((row) => row.seriesId),
        )
  type Later = Pick<
    Entry,
    | 'id'
    | 'startTime'
    | 'registration'
    | 'places'
    | 'placesLeft'
    | 'waitingPosition'
    | 'registrationOpensAt'
    | 'cancelDeadline'
    | 'offer'
  >
  const heads = new Map<string, Later[]>()
  const list: (Omit<T, 'seriesId'> & {
    series: { id: string; following: boolean; later: Later[] } | null
  })[] = []
  for (const { seriesId, ...entry } of entries) {
    const later = seriesId ? heads.get(seriesId) : undefined
    if (later) {
      const { id, startTime, registration, places, placesLeft, waitingPosition } = entry
      later.push({
        id,
        startTime,
        registration,
        places,
        placesLeft,
        waitingPosition,
        registrationOpensAt: entry.registrationOpensAt,
        cancelDeadline: entry.cancelDeadline,
        offer: entry.offer,
      })
      continue
    }
    const series = seriesId ? { id: seriesId, following: followed.has(seriesId), later: [] } : null
    if (seriesId && series) heads.set(seriesId, series.later)
    list.push({ ...entry, series })
  }
  return list
}

/**
 * The evening she came to (checked in) that ended within EVENING_CLOSING_MS, the latest, with
 * its closing figures: her phone shows its closing (decision 63). Null if none.
 */
export async function endedEveningOf(db: Db, userId: string, language: string, now = new Date()) {
  const [row] = await db
    .select({
      id: events.id,
      eventName: events.eventName,
      translations: events.translations,
      endedAt: events.endedAt,
    })
    .from(events)
    .innerJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
    )
    .where(
      and(
        ne(events.status, 'active'),
        isNotNull(eventParticipants.checkedInAt),
        gt(events.endedAt, new Date(now.getTime() - EVENING_CLOSING_MS)),
      ),
    )
    .orderBy(desc(events.endedAt))
    .limit(1)
  if (!row?.endedAt) return null
  const name = eventText(row, 'eventName', language)
  return {
    id: row.id,
    eventName: name.text,
    textLanguages: { eventName: name.language },
    endedAt: row.endedAt,
    ...(await closingFigures(db, row.id)),
  }
}
