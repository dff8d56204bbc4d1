import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventDoorHelpers } from '../../db/schema/events.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { findEvent } from '../event-base.ts'

/** The door helpers of an event, for the admin's event page (404 for an event not there). */
export async function doorHelpers(db: Db, eventId: string) {
  await findEvent(db, eventId)
  return db
    .select({
      userId: eventDoorHelpers.userId,
      fullName: profiles.fullName,
      email: profiles.email,
      userCode: profiles.userCode,
    })
    .from(eventDoorHelpers)
    .innerJoin(profiles, eq(profiles.id, eventDoorHelpers.userId))
    .where(eq(eventDoorHelpers.eventId, eventId))
    .orderBy(asc(eventDoorHelpers.createdAt))
}
