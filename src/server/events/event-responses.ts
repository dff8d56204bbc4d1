import { PLACE_OFFER_KINDS } from '#shared/place-offers.ts'
import { createSchemaFactory } from 'drizzle-zod'
import { z } from 'zod'
import { CHECK_IN_RESULTS } from '#shared/schemas/door.ts'
import { EVENT_STATUSES, PARTICIPANT_STATUSES, tableInputSchema } from '#shared/schemas/events.ts'
import { seriesRuleSchema } from '#shared/series-rule.ts'
import { eventTextLanguagesSchema, eventTranslationsSchema } from '#shared/event-texts.ts'
import { eventParticipants, eventRounds, events, eventTables } from '../db/schema/events.ts'
import { eventSeries } from '../db/schema/series.ts'

// What the events routes answer, from the tables' own definitions (drizzle-zod), so a new
// column reaches the API document by itself. Dates travel as ISO strings.
const { createSelectSchema } = createSchemaFactory({ coerce: { date: true } })

/** The host's view: the texts in Hungarian, and `translations` with those she wrote in other languages. */
export const eventRowSchema = createSelectSchema(events, {
  translations: eventTranslationsSchema,
}).meta({ id: 'Event' })
export const tableRowSchema = createSelectSchema(eventTables).meta({ id: 'EventTable' })
export const roundRowSchema = createSelectSchema(eventRounds).meta({ id: 'Round' })
/** A round's conversation starter, in every language it is written in (decision 86). */
export const questionShownSchema = z
  .object({
    id: z.string(),
    texts: z.object({
      hu: z.string().optional(),
      en: z.string().optional(),
      es: z.string().optional(),
      de: z.string().optional(),
    }),
  })
  .meta({ id: 'RoundQuestion' })
export const roundQuestionSchema = z.object({ roundId: z.string(), question: questionShownSchema })
export const participantRowSchema = createSelectSchema(eventParticipants).meta({
  id: 'Participant',
})

/** GET /api/admin/events: newest first, each with its latest started round and head counts. */
export const adminEventListSchema = z.object({
  events: z.array(
    eventRowSchema.extend({
      currentRound: roundRowSchema.nullable(),
      participants: z.object({
        registered: z.number().int(),
        present: z.number().int(),
        waiting: z.number().int(),
      }),
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
        /** Her family name as her account holds it (null on an account with only a full name). */
        familyName: z.string().nullable(),
        email: z.string(),
        userCode: z.string(),
        avatarUrl: z.string().nullable(),
      }),
    ),
    /** Pairs the mixer seats at different tables. */
    keepApart: z.array(keepApartPairSchema),
    /** Places given back after the evening's deadline; `waivedAt` once the host waved one away. */
    lateCancellations: z.array(
      z.object({
        userId: z.string(),
        cancelledAt: z.coerce.date(),
        waivedAt: z.coerce.date().nullable(),
        fullName: z.string().nullable(),
        email: z.string(),
      }),
    ),
    /** The seating's figures over the event's rounds, started and planned (decision 94). */
    seating: z.object({
      /** Meetings of a pair beyond its first in tonight's rounds. */
      repeats: z.number().int(),
      /** Meetings of pairs who sat together at an earlier evening within the memory. */
      earlierRepeats: z.number().int(),
      /** How far back the seating remembers (the owner's setting). */
      memoryMonths: z.number().int(),
    }),
    /**
     * Who held a place and was not checked in when the evening ended (decision 0091);
     * `clearedAt` once the host cleared one. Empty until the evening ends.
     */
    noShows: z.array(
      z.object({
        userId: z.string(),
        recordedAt: z.coerce.date(),
        clearedAt: z.coerce.date().nullable(),
        fullName: z.string().nullable(),
        email: z.string(),
      }),
    ),
    rounds: z.array(
      roundRowSchema.extend({
        seats: z.array(z.object({ tableId: z.string(), userId: z.string() })),
        /** The round's conversation starter now (its last turn); null before it starts. */
        question: questionShownSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'EventDetail' })

/** A friend's invitation as her inviter sees it (decision 0092). */
const friendInvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    status: z.enum(['open', 'accepted', 'lapsed']),
    expiresAt: z.coerce.date(),
  })
  .meta({ id: 'FriendInvitation' })

/**
 * GET /api/events: the members' events page, running or still to come, with her registration.
 * The texts are in the request's language, or in Hungarian where the host has not written them
 * in it (`textLanguages` says which).
 */
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
        textLanguages: eventTextLanguagesSchema,
        /** Minutes. */
        duration: z.number().int(),
        status: z.enum(EVENT_STATUSES),
        isKlikk: z.boolean(),
        /** Her registration: null when she has not registered. */
        registration: z.enum(PARTICIPANT_STATUSES).nullable(),
        /** She works this event's door and may open its door screen now. */
        doorOpen: z.boolean(),
        /** How many can come (null: no limit), and how many places are left. */
        places: z.number().int().nullable(),
        placesLeft: z.number().int().nullable(),
        /** Her place on the waiting list (1: first in line), when she waits. */
        waitingPosition: z.number().int().nullable(),
        /** Before this, registration is not open yet (an evening of a series); null: open. */
        registrationOpensAt: z.coerce.date().nullable(),
        /**
         * The series it is the next evening of (decision 0088), whether she follows it, and its
         * later evenings, each with her registration; null for an evening made alone.
         */
        series: z
          .object({
            id: z.uuid(),
            following: z.boolean(),
            later: z.array(
              z
                .object({
                  id: z.uuid(),
                  startTime: z.coerce.date(),
                  registration: z.enum(PARTICIPANT_STATUSES).nullable(),
                  places: z.number().int().nullable(),
                  placesLeft: z.number().int().nullable(),
                  waitingPosition: z.number().int().nullable(),
                  registrationOpensAt: z.coerce.date().nullable(),
                  cancelDeadline: z.coerce.date(),
                  offer: z
                    .object({ kind: z.enum(PLACE_OFFER_KINDS), expiresAt: z.coerce.date() })
                    .nullable(),
                })
                .meta({ id: 'SeriesLaterEvening' }),
            ),
          })
          .nullable(),
        /**
         * Until when she gives her place back in time; after it, until the start, giving it back
         * is recorded as late.
         */
        cancelDeadline: z.coerce.date(),
        /**
         * A place offered to her from the waiting list, until `expiresAt`: `single`, hers alone;
         * `open` (the last hours), offered to everyone in line, the first to accept has it.
         */
        offer: z.object({ kind: z.enum(PLACE_OFFER_KINDS), expiresAt: z.coerce.date() }).nullable(),
        /** The host lets each member with a place invite one friend (decision 0092). */
        friendsAllowed: z.boolean(),
        /**
         * Her friend's invitation (the latest not withdrawn): `open` holds a place until
         * `expiresAt`; `accepted`, the friend is registered; `lapsed`, its time ran out.
         */
        friendInvitation: friendInvitationSchema.nullable(),
      })
      .meta({ id: 'MemberEvent' }),
  ),
  /**
   * The evening she came to that the host ended in the last 12 hours (the latest), for its
   * closing on her phone: its name in her language and what the room did (decision 63).
   */
  ended: z
    .object({
      id: z.uuid(),
      eventName: z.string(),
      textLanguages: eventTextLanguagesSchema.pick({ eventName: true }),
      endedAt: z.coerce.date(),
      people: z.number().int(),
      rounds: z.number().int(),
      newAcquaintances: z.number().int(),
    })
    .nullable(),
})

/** POST /api/events/:id/friend: the invitation she sent. */
export const friendInvitationResponseSchema = z.object({ invitation: friendInvitationSchema })

/** GET /api/events/friend-invitations/:id: the invitation as the invited friend sees it. */
export const friendInvitationViewSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    /** Who invited her. */
    inviterName: z.string(),
    status: z.enum(['open', 'accepted', 'withdrawn', 'lapsed']),
    /** Until when her place is held. */
    expiresAt: z.coerce.date(),
  })
  .meta({ id: 'FriendInvitationView' })

/** POST /api/events/friend-invitations/:id/accept. */
export const friendAcceptedSchema = z.object({ registered: z.literal(true), eventId: z.uuid() })

/** GET /api/events/people-met. */
export const peopleMetSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.uuid(),
      eventName: z.string(),
      startTime: z.coerce.date(),
      placeName: z.string(),
      textLanguages: eventTextLanguagesSchema.pick({ eventName: true, placeName: true }),
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

export const registrationSchema = z.object({
  registered: z.boolean(),
  /** On the waiting list (the event was full), at `position` (1: first in line). */
  waiting: z.boolean(),
  position: z.number().int().nullable(),
  /** She gave her place back after the evening's deadline: recorded as late. */
  late: z.boolean().optional(),
})
export const deletedSchema = z.object({ deleted: z.literal(true) })

/** GET /api/door/:id (and its live stream): what the door screen shows. */
export const doorStateSchema = z
  .object({
    event: z.object({
      id: z.uuid(),
      eventName: z.string(),
      status: z.enum(EVENT_STATUSES),
      startTime: z.string(),
      endedAt: z.string().nullable(),
      placeName: z.string(),
      /** The language of the name and the place: the request's, or Hungarian where missing. */
      textLanguages: eventTextLanguagesSchema.pick({ eventName: true, placeName: true }),
      autoSeatLateArrivals: z.boolean(),
      /** Check-in opens then (an hour before the start), the evening started or not. */
      checkInOpensAt: z.string(),
      /** Whether the door takes check-ins now. */
      checkInOpen: z.boolean(),
    }),
    /** An admin may also start the event and change its settings; a door helper may not. */
    canManage: z.boolean(),
    /** The round running now. */
    round: z.object({ id: z.uuid(), roundNumber: z.number().int() }).nullable(),
    counts: z.object({
      registered: z.number().int(),
      arrived: z.number().int(),
      notYet: z.number().int(),
    }),
    /** Everyone registered, in the language's order of names. */
    people: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        /** The name, with the start of her member code when another participant has the same one. */
        label: z.string(),
        userCode: z.string(),
        avatarUrl: z.string().nullable(),
        status: z.enum(PARTICIPANT_STATUSES),
        checkedInAt: z.string().nullable(),
        /** Her table in the running round. */
        tableName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DoorState' })

/** POST /api/door/:id/check-ins: who came in, and where she sits. */
export const checkInAnswerSchema = z
  .object({
    /** `already_present`: she was checked in before (at `checkedInAt`); nothing changed. */
    result: z.enum(CHECK_IN_RESULTS),
    /** For undo (DELETE …/check-ins/:checkInId) until `undoUntil`. */
    checkInId: z.uuid().nullable(),
    undoUntil: z.string().nullable(),
    person: z.object({
      userId: z.string(),
      name: z.string(),
      label: z.string(),
      userCode: z.string(),
      avatarUrl: z.string().nullable(),
    }),
    checkedInAt: z.string(),
    /** Her table in the running round and in the next round's seating. */
    seats: z.array(
      z.object({ roundNumber: z.number().int(), started: z.boolean(), tableName: z.string() }),
    ),
    /** A round runs and no table had a free seat for her: the host seats her by hand. */
    noFreeSeat: z.boolean(),
    /** A round runs and she has no seat in it (tables full, or seating left to the host). */
    unseated: z.boolean(),
  })
  .meta({ id: 'CheckInAnswer' })

/** GET /api/admin/events/:id/door-helpers. */
export const doorHelperListSchema = z.object({
  helpers: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string().nullable(),
      email: z.string(),
      userCode: z.string(),
    }),
  ),
})

const unseatedPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  label: z.string(),
  userCode: z.string(),
})

/** GET /api/admin/events/:id/unseated: who is in with no seat, and the ways out. */
export const unseatedStateSchema = z
  .object({
    /** The round running now; null when none runs (nobody can be unseated then). */
    round: z.object({ id: z.uuid(), roundNumber: z.number().int() }).nullable(),
    /** Longest waiting first. */
    people: z.array(
      unseatedPersonSchema.extend({
        checkedInAt: z.string().nullable(),
        /** Where an added chair takes her best (fewest she has met, then fewest people). */
        suggestedTable: z
          .object({ tableId: z.uuid(), tableName: z.string(), people: z.number().int() })
          .nullable(),
      }),
    ),
    /** How many seats a new table would have. */
    newTableSeats: z.number().int(),
  })
  .meta({ id: 'UnseatedState' })

/** POST …/unseated/:userId/seat: where she sits now. */
export const extraSeatAnswerSchema = z
  .object({
    person: unseatedPersonSchema,
    seat: z.object({ roundNumber: z.number().int(), tableId: z.uuid(), tableName: z.string() }),
    /** The table's seats now (one more than before when it was full). */
    capacityActual: z.number().int(),
  })
  .meta({ id: 'ExtraSeatAnswer' })

/** POST …/unseated/new-table: the new table and who sits there now. */
export const newTableAnswerSchema = z
  .object({
    table: z.object({
      tableId: z.uuid(),
      tableName: z.string(),
      capacityFull: z.number().int(),
      capacityActual: z.number().int(),
    }),
    roundNumber: z.number().int(),
    people: z.array(unseatedPersonSchema),
  })
  .meta({ id: 'NewTableAnswer' })

/** A series as the host made it (decision 0088). */
export const seriesRowSchema = createSelectSchema(eventSeries, {
  translations: eventTranslationsSchema,
  rule: seriesRuleSchema,
  tables: z.array(tableInputSchema),
}).meta({ id: 'Series' })

/** GET /api/admin/series: newest first, with how many evenings each made and its next start. */
export const seriesListSchema = z.object({
  series: z.array(
    seriesRowSchema.extend({ evenings: z.number().int(), nextStart: z.coerce.date().nullable() }),
  ),
})

/** A series and its evenings, each with how many hold a place. */
export const seriesDetailSchema = z.object({
  series: seriesRowSchema,
  evenings: z.array(
    eventRowSchema.extend({ registered: z.number().int(), tables: z.array(tableRowSchema) }),
  ),
})

/** A series made: it and the evenings it made up to the horizon. */
export const seriesCreatedSchema = z.object({
  series: seriesRowSchema,
  evenings: z.array(eventRowSchema),
})

/** The evenings an edit changed. */
export const seriesEditedSchema = z.object({ evenings: z.array(eventRowSchema) })

/** The evenings whose tables an edit changed, each with its tables now. */
export const seriesTablesEditedSchema = z.object({
  evenings: z.array(
    z.object({ id: z.uuid(), startTime: z.coerce.date(), tables: z.array(tableRowSchema) }),
  ),
})

/**
 * A new rule: the series, and its evenings made, moved, removed, and those kept because someone
 * is on them although the rule no longer gives their date (the host moves each herself).
 */
export const seriesRuleEditedSchema = z.object({
  series: seriesRowSchema,
  made: z.array(eventRowSchema),
  moved: z.array(eventRowSchema),
  removed: z.array(eventRowSchema),
  kept: z.array(eventRowSchema),
})

/** A series ended: how many of its evenings went with it, and how many stay. */
export const seriesDeletedSchema = z.object({
  deletedEvenings: z.number().int(),
  keptEvenings: z.number().int(),
})

/** Whether she follows the series now. */
export const seriesFollowSchema = z.object({ following: z.boolean() })

/** The unfollow link's answer: the series she will not hear about any more. */
export const seriesUnfollowedSchema = z.object({ eventName: z.string() })
