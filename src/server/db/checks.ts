import { z } from 'zod'

const UNIQUE_VIOLATION = '23505'

/** Whether a database error is a unique-constraint violation (Drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error
  return (
    typeof cause === 'object' &&
    cause !== null &&
    'code' in cause &&
    cause.code === UNIQUE_VIOLATION
  )
}

const UUID = z.regexes.uuid()

/**
 * Whether an id (from a query string) is a uuid, as `z.uuid()` says: PostgreSQL refuses anything
 * else in a uuid column. Path ids go through http/path-ids.ts instead.
 */
export const isUuid = (id: string) => UUID.test(id)
