import { Hono } from 'hono'
import {
  seriesEditSchema,
  seriesInputSchema,
  seriesRuleEditSchema,
  seriesTablesEditSchema,
} from '#shared/schemas/series.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  json,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { createSeries } from './commands/create-series.ts'
import { deleteSeries } from './commands/delete-series.ts'
import { editSeries } from './commands/edit-series.ts'
import { editSeriesRule } from './commands/edit-series-rule.ts'
import { editSeriesTables } from './commands/edit-series-tables.ts'
import {
  seriesCreatedSchema,
  seriesDeletedSchema,
  seriesDetailSchema,
  seriesEditedSchema,
  seriesListSchema,
  seriesRuleEditedSchema,
  seriesTablesEditedSchema,
} from './event-responses.ts'
import { listSeries, seriesDetail } from './queries/series.ts'

const seriesParam = pathIds({ id: PATH_IDS.series })
const eveningParam = pathIds({ id: PATH_IDS.series, eventId: PATH_IDS.event })

/** /api/admin/series: evenings that come back (decision 0088). Admins only. */
export function adminSeriesRoutes(auth: Auth, deps: Pick<AdminEventsDeps, 'db' | 'live' | 'mail'>) {
  const { db, mail } = deps
  return new Hono<AppEnv>()
    .use(requireAdmin(auth, deps.db))
    .get(
      '/',
      adminDoc({
        summary: 'Series',
        description:
          'Newest first (at most 200), each with how many evenings it has made and its next start.',
        responses: { 200: json('The series.', seriesListSchema) },
      }),
      async (c) => c.json({ series: await listSeries(db) }),
    )
    .post(
      '/',
      adminDoc({
        summary: 'Create a series',
        description:
          'Its evenings are made at once for the next 3 months (site time, Europe/Budapest), each with the given tables; a job keeps the 3 months filled. Registration for each evening opens `registrationOpensDays` before it, and its followers get one e-mail then. A rule with no date to come, or a listed date already past, is 400 and stores nothing.',
        responses: { 201: json('The series and the evenings it made.', seriesCreatedSchema) },
        errors: [400],
      }),
      jsonBody(seriesInputSchema, asEvents),
      async (c) => c.json(await createSeries(commandContext(c, deps), c.req.valid('json')), 201),
    )
    .get(
      '/:id',
      adminDoc({
        summary: 'A series and its evenings',
        responses: { 200: json('The series, its evenings in order.', seriesDetailSchema) },
        errors: [404],
      }),
      seriesParam,
      async (c) => c.json(await seriesDetail(db, c.req.valid('param').id)),
    )
    .delete(
      '/:id',
      adminDoc({
        summary: 'End a series',
        description:
          'It makes no more evenings, and its followers are let go. Its evenings still to come where nobody holds a place or waits for one are deleted; one with sign-ups stays as an evening of its own (deleting it on its own tells each woman), and evenings that have run stay. Audited.',
        responses: { 200: json('What went and what stays.', seriesDeletedSchema) },
        errors: [404],
      }),
      seriesParam,
      async (c) => c.json(await deleteSeries(commandContext(c, deps), c.req.valid('param').id)),
    )
    .put(
      '/:id/evenings/:eventId',
      adminDoc({
        summary: "Change a series' evening, alone or with every later one",
        description:
          '`scope: evening` changes this evening alone (`startTime` may move it); `scope: following` changes it and every later evening, and what the evenings still to be made start with (`time` moves them to another hour of their day). Evenings that have run never change: one chosen alone is 409 `series_evening_has_run`, and `following` passes over them. Fewer places than an evening in the edit has registered is 409 `series_places_below_registered`, and nothing changes.',
        responses: { 200: json('The evenings changed.', seriesEditedSchema) },
        errors: [400, 404, 409],
      }),
      eveningParam,
      jsonBody(seriesEditSchema, asEvents),
      async (c) => {
        const { id, eventId } = c.req.valid('param')
        const edit = c.req.valid('json')
        return c.json(await editSeries(commandContext(c, deps), id, eventId, edit, mail))
      },
    )
    .put(
      '/:id/evenings/:eventId/tables',
      adminDoc({
        summary: "Change a series' tables, for one evening or with every later one",
        description:
          'The tables, matched by name: one not listed goes, a new name is added, the others take the seats given. `scope: evening` changes this evening alone; `scope: following` changes it, every later evening, and the tables the evenings still to be made start with. Evenings that have run never change (one chosen alone is 409 `series_evening_has_run`). Taking away a table someone is seated at in a round, or giving it fewer seats than are taken at it in a round not finished, is 409 `series_table_seated`, and nothing changes.',
        responses: {
          200: json('The evenings changed, with their tables.', seriesTablesEditedSchema),
        },
        errors: [400, 404, 409],
      }),
      eveningParam,
      jsonBody(seriesTablesEditSchema, asEvents),
      async (c) => {
        const { id, eventId } = c.req.valid('param')
        return c.json(
          await editSeriesTables(commandContext(c, deps), id, eventId, c.req.valid('json')),
        )
      },
    )
    .put(
      '/:id/rule',
      adminDoc({
        summary: "Change a series' rule and when registration opens",
        description:
          "The evenings still to come that nobody is on (no registration, waiting place, offer or friend's invitation) follow the new rule: one on a day it still gives moves to its time, the others are removed, and its new dates are made for the next 3 months. Evenings someone is on stay as they are; those the rule no longer gives are answered in `kept`, for the host to move one by one. Evenings that have run never change. A rule with no date to come, or a listed date already past, is 400 and changes nothing. Audited: the series, and each evening moved, removed or made.",
        responses: { 200: json('What the rule did to the evenings.', seriesRuleEditedSchema) },
        errors: [400, 404],
      }),
      seriesParam,
      jsonBody(seriesRuleEditSchema, asEvents),
      async (c) =>
        c.json(
          await editSeriesRule(
            commandContext(c, deps),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        ),
    )
}
