import type { EventStatus } from './schemas/events.ts'

/**
 * What the SSE stream of /api/events/:id/live carries (JSON: dates are ISO strings); GET
 * /api/klikkscreen answers the same without serverTime, which comes in its X-Server-Time header.
 * The server builds it in src/server/live/event-state.ts; its tests check the shape.
 */
export interface LiveState {
  serverTime: number
  event: {
    id: string
    eventName: string
    status: EventStatus
    startTime: string
    endedAt: string | null
    placeName: string
    imageUrl: string | null
  }
  round: {
    id: string
    roundNumber: number
    started: boolean
    finished: boolean
    startedAt: string | null
    durationMinutes: number
  } | null
  tables: { id: string; tableName: string; people: { userId: string; name: string }[] }[]
}
