import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Telling "the database is unavailable" (stopped, restarting, unreachable, out of connections)
 * from every other failure: those answer 503 `database_unavailable` and clients may try again;
 * everything else stays a 500.
 */

/** Thrown instead of querying while the database is known to be down (see postgres-gate.ts). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE'
  constructor(cause?: unknown) {
    super('the database is unavailable', { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

/** Socket errors and postgres.js's own connection errors. */
const CONNECTION_ERRORS = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/**
 * SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down, in recovery), 53300 too_many_connections; all of class 08 (connection exception).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/

function hasUnavailableCode(error: object): boolean {
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string') return false
  return CONNECTION_ERRORS.has(code) || SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code)
}

/**
 * True when `error`, or an error it wraps (Drizzle puts the driver's error in `cause`; Node's
 * connection attempts to several addresses give an AggregateError), says the database cannot be
 * reached right now.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined
}

/** The code that makes `error` a database outage (ECONNREFUSED, 57P03 ...), if it is one. */
export function unavailableCode(error: unknown): string | undefined {
  const cause = unavailableCause(error)
  if (!cause) return undefined
  const code = (cause as { code?: unknown }).code
  return typeof code === 'string' ? code : 'DATABASE_UNAVAILABLE'
}

function unavailableCause(error: unknown): object | undefined {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift()
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    if (current instanceof DatabaseUnavailableError || hasUnavailableCode(current)) return current
    pending.push((current as { cause?: unknown }).cause)
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]))
  }
  return undefined
}

/**
 * For the log: the code and message of the error that says the database is unavailable, not
 * Drizzle's wrapper, whose message holds the query and its parameters (addresses, e-mails).
 */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error) as { code?: unknown; message?: unknown } | undefined
  if (!cause) return error instanceof Error ? `while the database is down: ${error.message}` : ''
  return [cause.code, cause.message].filter((part) => typeof part === 'string').join(': ')
}

/**
 * Whether a piece of work ran into an unavailable database, even where a library (Better Auth)
 * catches the error and answers its own 500. The database gate reports every such error here.
 */
const watched = new AsyncLocalStorage<{ unavailable: boolean }>()

export function noteDatabaseUnavailable(): void {
  const store = watched.getStore()
  if (store) store.unavailable = true
}

export async function watchDatabase<T>(
  run: () => Promise<T>,
): Promise<{ value: T; databaseUnavailable: boolean }> {
  const store = { unavailable: false }
  const value = await watched.run(store, run)
  return { value, databaseUnavailable: store.unavailable }
}
