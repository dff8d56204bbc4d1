/**
 * What GET /api/klikkscreen and the SSE stream of /api/events/:id/live carry (JSON: dates are
 * ISO strings). The server builds it in src/server/live/event-state.ts; its tests check the shape.
 */
export interface LiveState {
  serverTime: number
  event: {
    id: string
    eventName: string
    status: 'inactive' | 'active'
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
