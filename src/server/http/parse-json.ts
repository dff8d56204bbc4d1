import { validator } from 'hono/validator'
import type { z } from 'zod'
import { hasErrorMessage, type ErrorMessageKey } from '../i18n.ts'
import { ApiError } from './api-error.ts'
import { withSchema } from './openapi.ts'

export interface Messages {
  /**
   * Where the schema's messages are keys: `events` (its `validation.*`), `newsletter` (keys
   * named in full, as `campaigns.validation.bodyTooLong`), `auth` (errors.json `auth.<CODE>`)...
   */
  messages?: keyof typeof MESSAGE_PREFIXES
}

const MESSAGE_PREFIXES = {
  events: 'events:validation.',
  newsletter: 'newsletter:',
  dashboard: 'dashboard.',
  audit: 'audit.',
  settings: 'siteSettings.',
  questions: 'questions.',
  auth: 'auth.',
} as const

/** A failed parse as a 400 { code: 'invalid_request' }, with translated per-field messages. */
export function invalid(error: z.ZodError, { messages }: Messages): ApiError {
  const fields: Record<string, ErrorMessageKey> = {}
  for (const issue of error.issues) {
    const key = `${messages ? MESSAGE_PREFIXES[messages] : ''}${issue.message}`
    const field = issue.path.join('.')
    if (messages && field && hasErrorMessage(key) && !fields[field]) fields[field] = key
  }
  const first = Object.values(fields)[0]
  return new ApiError(400, 'invalid_request', first ?? 'invalidRequest', { fields })
}

/**
 * Validates a JSON body with a shared zod schema, as middleware: the handler reads
 * `c.req.valid('json')`, the typed client and the API document know the route's body. The request guard has
 * already refused bodies that are not `application/json`.
 */
export function jsonBody<T extends z.ZodType>(schema: T, options: Messages = {}) {
  const validate = validator('json', (value): z.infer<T> => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    throw invalid(parsed.error, options)
  })
  // The same schema is the request body in the API document.
  return withSchema(validate, 'json', schema)
}
