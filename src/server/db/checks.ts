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
