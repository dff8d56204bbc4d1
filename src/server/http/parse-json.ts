import type { Context } from 'hono'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import { hasErrorMessage, type ErrorMessageKey } from '../i18n.ts'
import { ApiError } from './api-error.ts'

interface Messages {
  /** The namespace whose `validation.*` keys the schema's messages name. */
  messages?: 'events'
}

/** A failed parse as a 400 { code: 'invalid_request' }, with translated per-field messages. */
function invalid(error: z.ZodError, { messages }: Messages): ApiError {
  const fields: Record<string, ErrorMessageKey> = {}
  for (const issue of error.issues) {
    const key = `${messages}:validation.${issue.message}`
    const field = issue.path.join('.')
    if (messages && field && hasErrorMessage(key) && !fields[field]) fields[field] = key
  }
  const first = Object.values(fields)[0]
  return new ApiError(400, 'invalid_request', first ?? 'invalidRequest', { fields })
}

/** Reads and validates a JSON body inside a handler. */
export async function parseJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  options: Messages = {},
): Promise<z.infer<T>> {
  const body: unknown = await c.req.json().catch(() => undefined)
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  throw invalid(parsed.error, options)
}

/**
 * The same as middleware: the typed client then knows the route's body (`c.req.valid('json')`).
 * A body that is not JSON arrives as {} and fails the schema like any other bad input.
 */
export function jsonBody<T extends z.ZodType>(schema: T, options: Messages = {}) {
  return validator('json', (value): z.infer<T> => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    throw invalid(parsed.error, options)
  })
}
