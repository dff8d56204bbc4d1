import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { DomainError } from '../domain-error.ts'
import { findEvent } from './events.ts'

type Status = (typeof eventParticipants.$inferSelect)['status']

/** At the door: the admin adds a member by her code; she is present at once. */
export async function addParticipantByCode(db: Db, eventId: string, userCode: string) {
  await findEvent(db, eventId)
  const [member] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userCode, userCode.toUpperCase()))
  if (!member) throw new DomainError('userCodeUnknown')
  const now = new Date()
  await db
    .insert(eventParticipants)
    .values({ eventId, userId: member.id, status: 'present', checkedInAt: now })
    .onConflictDoUpdate({
      target: [eventParticipants.eventId, eventParticipants.userId],
      set: { status: 'present', checkedInAt: now, leftAt: null },
    })
  return member.id
}

/** Check in (present), check out (absent: an early leaver), or back to registered. */
export async function setParticipantStatus(
  db: Db,
  eventId: string,
  userId: string,
  status: Status,
) {
  const now = new Date()
  const [updated] = await db
    .update(eventParticipants)
    .set({
      status,
      ...(status === 'present' ? { checkedInAt: now, leftAt: null } : {}),
      ...(status === 'absent' ? { leftAt: now } : {}),
    })
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    .returning()
  if (!updated) throw new DomainError('participantNotFound')
  return updated
}

export async function removeParticipant(db: Db, eventId: string, userId: string) {
  const deleted = await db
    .delete(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    .returning()
  if (deleted.length === 0) throw new DomainError('participantNotFound')
}

/** An event is open for registration until it has ended. */
const openForRegistration = (event: typeof events.$inferSelect, now = new Date()) =>
  !event.endedAt &&
  (event.status === 'active' || event.startTime.getTime() + event.duration * 60_000 > now.getTime())

/** A member signs herself up for an upcoming event. */
export async function register(db: Db, eventId: string, userId: string) {
  const event = await findEvent(db, eventId)
  if (!openForRegistration(event)) throw new DomainError('registrationClosed')
  await db.insert(eventParticipants).values({ eventId, userId }).onConflictDoNothing()
}

/** A member withdraws (only while she has not been checked in). */
export async function unregister(db: Db, eventId: string, userId: string) {
  await findEvent(db, eventId)
  await db
    .delete(eventParticipants)
    .where(
      and(
        eq(eventParticipants.eventId, eventId),
        eq(eventParticipants.userId, userId),
        eq(eventParticipants.status, 'registered'),
      ),
    )
}

/** The members' events page: events that are running or still to come, with her registration. */
export async function upcomingEventsFor(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select({
      event: events,
      registration: eventParticipants.status,
    })
    .from(events)
    .leftJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
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
  return rows.map(({ event, registration }) => ({
    id: event.id,
    eventName: event.eventName,
    description: event.description,
    imageUrl: event.imageUrl,
    startTime: event.startTime,
    placeName: event.placeName,
    address: event.address,
    duration: event.duration,
    status: event.status,
    isKlikk: event.isKlikk,
    registration,
  }))
}

/** The running event she is checked in to, if any (the account menu links to her table). */
export async function liveEventOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(
      eventParticipants,
      and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, userId)),
    )
    .where(and(eq(events.status, 'active'), eq(eventParticipants.status, 'present')))
    .limit(1)
  return row?.id ?? null
}
