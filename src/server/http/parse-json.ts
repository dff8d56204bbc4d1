import type { Context } from 'hono'
import type { z } from 'zod'
import { ApiError } from './api-error.ts'

/** Reads and validates a JSON body; anything else is a 400 { code: 'invalid_request' }. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body: unknown = await c.req.json().catch(() => undefined)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'invalidRequest')
  return parsed.data
}
