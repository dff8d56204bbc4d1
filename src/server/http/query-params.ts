import { validator } from 'hono/validator'
import type { z } from 'zod'
import { withSchema } from './openapi.ts'
import { invalid, type Messages } from './parse-json.ts'

/**
 * Validates a route's query string with a shared zod schema: the handler reads
 * `c.req.valid('query')` and the typed client knows the parameters. A bad query is a 400 (with
 * translated per-field messages when the schema's messages are keys, as for bodies).
 */
export function queryParams<T extends z.ZodType>(schema: T, options: Messages = {}) {
  const validate = validator('query', (value): z.infer<T> => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    throw invalid(parsed.error, options)
  })
  // The same schema gives the API document the query's parameters.
  return withSchema(validate, 'query', schema)
}
