import { Hono } from 'hono'
import { tableInputSchema } from '#shared/schemas/events.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/parse-json.ts'
import {
  adminDoc,
  asEvents,
  commandContext,
  eventParam,
  json,
  tableParam,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { addTable } from './commands/add-table.ts'
import { removeTable } from './commands/remove-table.ts'
import { updateTable } from './commands/update-table.ts'
import { deletedSchema, tableRowSchema } from './event-responses.ts'

/** /api/admin/events/:id/tables: the event's tables. */
export function tableRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .post(
      '/',
      adminDoc({
        summary: 'Add a table',
        responses: { 201: json('The table.', tableRowSchema) },
        errors: [400, 404, 409],
      }),
      eventParam,
      jsonBody(tableInputSchema, asEvents),
      async (c) => {
        const { id } = c.req.valid('param')
        return c.json(await addTable(commandContext(c, deps), id, c.req.valid('json')), 201)
      },
    )
    .put(
      '/:tableId',
      adminDoc({
        summary: 'Change a table',
        responses: { 200: json('The table.', tableRowSchema) },
        errors: [400, 404, 409],
      }),
      tableParam,
      jsonBody(tableInputSchema, asEvents),
      async (c) => {
        const { id, tableId } = c.req.valid('param')
        return c.json(await updateTable(commandContext(c, deps), id, tableId, c.req.valid('json')))
      },
    )
    .delete(
      '/:tableId',
      adminDoc({
        summary: 'Remove a table',
        responses: { 200: json('Removed.', deletedSchema) },
        errors: [404, 409],
      }),
      tableParam,
      async (c) => {
        const { id, tableId } = c.req.valid('param')
        await removeTable(commandContext(c, deps), id, tableId)
        return c.json({ deleted: true })
      },
    )
}
