import { z } from 'zod'
import { EVENING_CLOSING_MS } from './constants.ts'
import { EVENT_STATUSES } from './schemas/events.ts'
import { eventTranslationsSchema } from './event-texts.ts'

/**
 * What the klikkscreen and a member's phone show of an event: the latest started round and its
 * tables. The server builds it (src/server/live/event-state.ts), GET /api/klikkscreen answers
 * it (the server's clock in its X-Server-Time header), and the screens check what they receive
 * against this schema. Dates are ISO strings, as JSON carries them.
 */
export const eventStateSchema = z.object({
  event: z.object({
    id: z.string(),
    eventName: z.string(),
    status: z.enum(EVENT_STATUSES),
    startTime: z.string(),
    endedAt: z.string().nullable(),
    placeName: z.string(),
    /**
     * The name and place in other languages, where the host wrote them: one state serves every
     * screen, and each shows its own language's (eventText), or the Hungarian above.
     */
    translations: eventTranslationsSchema,
    imageUrl: z.string().nullable(),
  }),
  round: z
    .object({
      id: z.string(),
      roundNumber: z.number(),
      started: z.boolean(),
      finished: z.boolean(),
      startedAt: z.string().nullable(),
      durationMinutes: z.number(),
      /**
       * The round's conversation starter (decision 86), in every language it is written in: one
       * state serves every screen, and each shows its own language's (questionText). Null when
       * the owner's list had none to give.
       */
      question: z
        .object({
          id: z.string(),
          texts: z.object({
            hu: z.string().optional(),
            en: z.string().optional(),
            es: z.string().optional(),
            de: z.string().optional(),
          }),
        })
        .nullable(),
    })
    .nullable(),
  tables: z.array(
    z.object({
      id: z.string(),
      tableName: z.string(),
      people: z.array(z.object({ userId: z.string(), name: z.string() })),
    }),
  ),
  /**
   * Once the host has ended the evening: what the room did tonight, for the closing screen
   * (decision 63). Null while it has not ended.
   */
  closing: z
    .object({
      /** Sat at a table in a started round. */
      people: z.number().int(),
      /** Rounds that started. */
      rounds: z.number().int(),
      /**
       * Pairs who sat at one table tonight and never at an evening that began earlier, each
       * pair once.
       */
      newAcquaintances: z.number().int(),
    })
    .nullable(),
})
export type EveningClosing = NonNullable<z.infer<typeof eventStateSchema>['closing']>
export type EventState = z.infer<typeof eventStateSchema>

/** What the SSE stream of /api/events/:id/live carries: the state with the server's clock. */
export const liveStateSchema = eventStateSchema.extend({ serverTime: z.number() })
export type LiveState = z.infer<typeof liveStateSchema>

/** Whether an ended evening's closing is still to be shown at `now` (EVENING_CLOSING_MS after the end). */
export function closingShown(state: Pick<EventState, 'event' | 'closing'>, now: number): boolean {
  const { endedAt, status } = state.event
  return (
    state.closing !== null &&
    status !== 'active' &&
    endedAt !== null &&
    now < Date.parse(endedAt) + EVENING_CLOSING_MS
  )
}
