import type { z } from 'zod'
import { auditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import type { LiveDeps } from '../live/live.routes.ts'
import type { PlaceMail } from './calendar-mail.ts'
import type { EventCommandContext } from './commands/event-change.ts'
import type { SeatingPlanner } from './seating-planner.ts'

/** What the admin's event routers are given (server.ts builds it once). */
export interface AdminEventsDeps {
  db: Db
  planner: SeatingPlanner
  live: LiveDeps
  mail: PlaceMail
}

/** A request's command context: the database, the admin (or door helper) asking, the live hub. */
export const commandContext = (
  c: Parameters<typeof auditOrigin>[0],
  { db, live }: Pick<AdminEventsDeps, 'db' | 'live'>,
): EventCommandContext => ({ db, origin: auditOrigin(c), live: live.hub })

export const asEvents = { messages: 'events' } as const
export const adminDoc = (doc: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...doc, tag: API_TAGS.adminEvents, access: 'admin' })
export const json = (description: string, schema: z.ZodType) => ({ description, json: schema })

export const eventParam = pathIds({ id: PATH_IDS.event })
export const tableParam = pathIds({ id: PATH_IDS.event, tableId: PATH_IDS.table })
export const participantParam = pathIds({ id: PATH_IDS.event, userId: PATH_IDS.participant })
export const roundParam = pathIds({ id: PATH_IDS.event, roundId: PATH_IDS.round })
