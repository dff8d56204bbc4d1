/**
 * A klikk evening built through the admin's API, the way an admin builds one: the event, its
 * tables, the people checked in by member code, a seated round, and the event started. The API
 * tests, the two-process test, the live benchmark and the browser tests share it, each with its
 * own way of sending the admin's requests.
 */

/** Sends one admin request (POST with a JSON body) and returns the parsed answer; fails the caller's way on a non-2xx. */
export type AdminPost = (path: string, body?: unknown) => Promise<unknown>

export interface EveningPlan {
  eventName?: string
  /** Minutes; 120 by default. */
  duration?: number
  /** The tables, by name and seats; one table of four by default. */
  tables?: { name: string; seats: number }[]
  /** Member codes checked in at the door. */
  present?: string[]
  /** Add a round seated by the mixer (when someone is present); true by default. */
  seated?: boolean
  /** Start the event (not the round); true by default. */
  started?: boolean
  /** Start the seated round too (with the event); false by default. */
  roundStarted?: boolean
}

export interface Evening {
  eventId: string
  eventName: string
  tableIds: string[]
  /** The seated round, if one was added. */
  roundId: string | null
}

const idOf = (answer: unknown): string => {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'id' in answer &&
    typeof answer.id === 'string'
  )
    return answer.id
  throw new Error(`expected an answer with an id, got ${JSON.stringify(answer)}`)
}

export async function seedEvening(post: AdminPost, plan: EveningPlan = {}): Promise<Evening> {
  const {
    eventName = `Klikk evening ${Date.now()}`,
    duration = 120,
    tables = [{ name: 'Rose', seats: 4 }],
    present = [],
    seated = true,
    started = true,
    roundStarted = false,
  } = plan
  const eventId = idOf(
    await post('/api/admin/events', { eventName, startTime: new Date().toISOString(), duration }),
  )
  const base = `/api/admin/events/${eventId}`
  const tableIds: string[] = []
  for (const { name, seats } of tables)
    tableIds.push(
      idOf(
        await post(`${base}/tables`, {
          tableName: name,
          capacityFull: seats,
          capacityActual: seats,
        }),
      ),
    )
  for (const userCode of present) await post(`${base}/participants`, { userCode })
  const roundId = seated && present.length > 0 ? idOf(await post(`${base}/rounds`, {})) : null
  if (started) await post(`${base}/start`)
  if (started && roundStarted && roundId) await post(`${base}/rounds/${roundId}/start`)
  return { eventId, eventName, tableIds, roundId }
}
