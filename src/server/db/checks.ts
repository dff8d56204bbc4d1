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

/** Whether an id from a path can be a uuid row id; anything else is a 404 without asking PostgreSQL (which would reject it). */
export const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id)
