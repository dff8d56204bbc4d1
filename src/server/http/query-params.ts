import { validator } from 'hono/validator'
import type { z } from 'zod'
import { ApiError } from './api-error.ts'
import { withSchema } from './openapi.ts'

/**
 * Validates a route's query string with a shared zod schema: the handler reads
 * `c.req.valid('query')` and the typed client knows the parameters. A bad query is a 400.
 */
export function queryParams<T extends z.ZodType>(schema: T) {
  const validate = validator('query', (value): z.infer<T> => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    throw new ApiError(400, 'invalid_request', 'invalidRequest')
  })
  // The same schema gives the API document the query's parameters.
  return withSchema(validate, 'query', schema)
}
