import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { accessStillHolds, requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { adminChangesStream, type LiveDeps } from '../live/live.routes.ts'
import { screenLinkAdminRoutes } from '../live/screen-link.routes.ts'
import { adminDoc, commandContext, eventParam, type AdminEventsDeps } from './admin-route-kit.ts'
import { adminEventRoutes } from './admin-event.routes.ts'
import type { PlaceMail } from './calendar-mail.ts'
import { exportSeating } from './commands/export-seating.ts'
import { doorHelperRoutes } from './door-helpers.routes.ts'
import { eventLifecycleRoutes } from './event-lifecycle.routes.ts'
import { keepApartRoutes } from './keep-apart.routes.ts'
import { participantRoutes } from './participants.routes.ts'
import { roundRunRoutes } from './round-run.routes.ts'
import { roundRoutes } from './rounds.routes.ts'
import type { SeatingPlanner } from './seating-planner.ts'
import { tableRoutes } from './tables.routes.ts'
import { unseatedRoutes } from './unseated.routes.ts'

/**
 * /api/admin/events: the klikk events tool (admins only). Each router below is one part of the
 * event page; its handlers validate, call one command or query, and map the result (decision
 * 0077). The order of the routes is the order of the API document.
 */
export function adminEventsRoutes(
  auth: Auth,
  db: Db,
  planner: SeatingPlanner,
  live: LiveDeps,
  mail: PlaceMail,
) {
  const deps: AdminEventsDeps = { db, planner, live, mail }
  return (
    new Hono<AppEnv>()
      .use(requireAdmin(auth, db))
      .get(
        '/live',
        adminDoc({
          summary: 'Live: some event changed',
          description:
            "Server-sent events for the admins' lists: `changed` after any change to any event; then read the list again.",
          responses: {
            200: { description: 'A stream of `changed` events.', media: 'text/event-stream' },
          },
        }),
        (c) => adminChangesStream(c, live, accessStillHolds(auth, db, c, { admin: true })),
      )
      .route('/', adminEventRoutes(deps))
      .route('/:id', eventLifecycleRoutes(deps))
      .route('/:id/tables', tableRoutes(deps))
      .route('/:id/participants', participantRoutes(deps))
      .route('/:id/rounds', roundRoutes(deps))
      .route('/:id/rounds', roundRunRoutes(deps))
      // Someone in with no seat, and the two ways out
      .route('/:id/unseated', unseatedRoutes(deps))
      // Members who may work this event's door
      .route('/:id/door-helpers', doorHelperRoutes(deps))
      // Pairs the mixer keeps apart
      .route('/:id/keep-apart', keepApartRoutes(deps))
      // The big screen without an account: a link and a code (decision 0066)
      .route('/:id/screen-link', screenLinkAdminRoutes(deps))
      // Every round's seating, for a spreadsheet
      .get(
        '/:id/seating.csv',
        adminDoc({
          summary: "Every round's seating as CSV",
          description:
            "Round, table and person per line, for a spreadsheet or the door, in the admin's language: its headers and states in her words, the delimiter Excel expects in her region (a semicolon for hu, es and de, a comma for en), and times in the site's zone (Europe/Budapest) with their offset.",
          responses: {
            200: { description: 'UTF-8 CSV with a byte-order mark.', media: 'text/csv' },
          },
          errors: [404],
        }),
        eventParam,
        async (c) => {
          const { id } = c.req.valid('param')
          const { csv, fileName } = await exportSeating(commandContext(c, deps), id, c.var.language)
          c.header('Content-Type', 'text/csv; charset=utf-8')
          c.header('Content-Disposition', `attachment; filename="${fileName}"`)
          c.header('Cache-Control', 'no-store')
          return c.body(csv)
        },
      )
  )
}
