import { createSchemaFactory } from 'drizzle-zod'
import { z } from 'zod'
import { EVENT_STATUSES, PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { eventParticipants, eventRounds, events, eventTables } from '../db/schema/events.ts'

// What the events routes answer, from the tables' own definitions (drizzle-zod), so a new
// column reaches the API document by itself. Dates travel as ISO strings.
const { createSelectSchema } = createSchemaFactory({ coerce: { date: true } })

export const eventRowSchema = createSelectSchema(events).meta({ id: 'Event' })
export const tableRowSchema = createSelectSchema(eventTables).meta({ id: 'EventTable' })
export const roundRowSchema = createSelectSchema(eventRounds).meta({ id: 'Round' })
export const participantRowSchema = createSelectSchema(eventParticipants).meta({
  id: 'Participant',
})

/** GET /api/admin/events: newest first, each with its latest started round and head counts. */
export const adminEventListSchema = z.object({
  events: z.array(
    eventRowSchema.extend({
      currentRound: roundRowSchema.nullable(),
      participants: z.object({ registered: z.number().int(), present: z.number().int() }),
    }),
  ),
})

/** A pair the mixer seats at different tables. */
export const keepApartPairSchema = z
  .object({ id: z.uuid(), userA: z.string(), userB: z.string() })
  .meta({ id: 'KeepApartPair' })

/** GET /api/admin/events/:id: everything the admin's event page shows. */
export const eventDetailSchema = z
  .object({
    event: eventRowSchema,
    tables: z.array(tableRowSchema),
    participants: z.array(
      z.object({
        userId: z.string(),
        status: z.enum(PARTICIPANT_STATUSES),
        registeredAt: z.coerce.date(),
        checkedInAt: z.coerce.date().nullable(),
        leftAt: z.coerce.date().nullable(),
        fullName: z.string().nullable(),
        email: z.string(),
        userCode: z.string(),
        avatarUrl: z.string().nullable(),
      }),
    ),
    /** Pairs the mixer seats at different tables. */
    keepApart: z.array(keepApartPairSchema),
    rounds: z.array(
      roundRowSchema.extend({
        seats: z.array(z.object({ tableId: z.string(), userId: z.string() })),
      }),
    ),
  })
  .meta({ id: 'EventDetail' })

/** GET /api/events: the members' events page, running or still to come, with her registration. */
export const memberEventListSchema = z.object({
  events: z.array(
    z
      .object({
        id: z.uuid(),
        eventName: z.string(),
        description: z.string(),
        imageUrl: z.string().nullable(),
        startTime: z.coerce.date(),
        placeName: z.string(),
        address: z.string(),
        /** Minutes. */
        duration: z.number().int(),
        status: z.enum(EVENT_STATUSES),
        isKlikk: z.boolean(),
        /** Her registration: null when she has not registered. */
        registration: z.enum(PARTICIPANT_STATUSES).nullable(),
      })
      .meta({ id: 'MemberEvent' }),
  ),
})

/** GET /api/events/people-met. */
export const peopleMetSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.uuid(),
      eventName: z.string(),
      startTime: z.coerce.date(),
      placeName: z.string(),
      rounds: z.array(
        z.object({
          roundNumber: z.number().int(),
          tableName: z.string(),
          people: z.array(
            z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }),
          ),
        }),
      ),
    }),
  ),
})

export const registrationSchema = z.object({ registered: z.boolean() })
export const deletedSchema = z.object({ deleted: z.literal(true) })
