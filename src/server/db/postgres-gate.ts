import postgres from 'postgres'
import type { DatabaseLoad } from './database-load.ts'
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  noteDatabaseUnavailable,
  unavailableCode,
} from './unavailable.ts'

type Sql = postgres.Sql
type TransactionSql = postgres.TransactionSql
type Pool = Sql

/** Keep the pool small: a stateless process behind a load balancer shares one PostgreSQL. */
const POOL_SIZE = 10
/**
 * A connection attempt gives up after this long (postgres.js waits 30 s by default), so that a
 * server that does not answer at all (not even with a refusal) still fails a request within 2 s.
 */
const CONNECT_TIMEOUT_S = 1.5
/** How often, while the database is down, a fresh connection is tried. */
const PROBE_EVERY_MS = 250
/** How long closing waits for running queries. */
const END_TIMEOUT_S = 5
/** The server is up but at max_connections: this request fails (503), the others go on. */
const TOO_MANY_CONNECTIONS = '53300'

/**
 * postgres.js waits `backoff(retries)` seconds before reconnecting, counting failed attempts
 * across the whole pool: (0.5-1) x 3^retries / 100 s, up to 20 s. Six failures (a few requests
 * into an outage) already mean up to 7.3 s before a queued query is even tried. A quarter of a
 * second at most keeps a wait within the 2 s promise; the gate below keeps the attempts few.
 */
const backoff = (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 0.25)

export interface PostgresGate {
  /** What Drizzle and the server use: the current pool, with the gate in front of it. */
  sql: Sql
  /** False while the database is known to be down (queries are refused at once). */
  available(): boolean
  /**
   * LISTEN on a connection of its own. postgres.js reconnects it and LISTENs again after the
   * server comes back; `onListen` runs after every LISTEN, the first and each renewal.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>
  end(): Promise<void>
  /**
   * Queries and transactions sent to the pool and not yet settled (running, or waiting for a
   * connection), and the connections the pool may open for them. LISTEN's client is apart.
   */
  load(): DatabaseLoad
}

/**
 * A PostgreSQL client that fails fast while the server is gone and recovers by itself:
 *
 * - The first error that says the server went away (refused, reset, shut down, starting up, no
 *   answer to a connection attempt ...) closes the gate. Queries are then refused at once with
 *   DatabaseUnavailableError, and the pool is destroyed, so that the queries queued in it fail
 *   now instead of each waiting for a connection attempt of its own.
 * - While the gate is closed, a fresh pool is tried every 250 ms; when it answers, it becomes
 *   the pool and the gate opens. Starting over with fresh connections also sheds any that
 *   postgres.js left unusable when a socket died with a write pending (porsager/postgres#1208).
 * - A transaction whose connection dies is never rolled back (or committed) by writing to that
 *   dead connection, which crashes the whole process in postgres.js 3.4.9: `socket.write` on
 *   null in a setImmediate, porsager/postgres#1154 and #1208. Its caller gets the connection's
 *   error; PostgreSQL rolls the transaction back by itself.
 */
export function openPostgresGate(url: string): PostgresGate {
  const options = {
    max: POOL_SIZE,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff,
  }
  let pool: Pool = postgres(url, options)
  /** LISTEN lives on a client of its own, never replaced: postgres.js renews it by itself. */
  const listener = postgres(url, options)
  let down: { error: unknown } | null = null
  let probeTimer: NodeJS.Timeout | null = null
  let candidate: Pool | null = null
  let ended = false
  let active = 0

  const refusal = () => {
    noteDatabaseUnavailable()
    return new DatabaseUnavailableError(down?.error)
  }

  /** A query on `from` failed. Errors of a pool already given up on change nothing. */
  function failed(error: unknown, from: Pool) {
    const code = unavailableCode(error)
    if (code === undefined) return
    noteDatabaseUnavailable()
    if (ended || down || from !== pool || code === TOO_MANY_CONNECTIONS) return
    down = { error }
    void pool.end({ timeout: 0 }).catch(() => {})
    scheduleProbe(0)
  }

  function scheduleProbe(delayMs: number) {
    if (ended || probeTimer) return
    probeTimer = setTimeout(probe, delayMs)
    probeTimer.unref()
  }

  function probe() {
    probeTimer = null
    if (ended) return
    const fresh = postgres(url, options)
    // Drizzle adjusted the first pool's type parsers and serializers when it was set up.
    Object.assign(fresh.options.parsers, pool.options.parsers)
    Object.assign(fresh.options.serializers, pool.options.serializers)
    candidate = fresh
    fresh`select 1`.then(
      () => {
        candidate = null
        if (ended) return void fresh.end({ timeout: 0 })
        pool = fresh
        down = null
      },
      (error: unknown) => {
        candidate = null
        if (down) down.error = error
        void fresh.end({ timeout: 0 }).catch(() => {})
        scheduleProbe(PROBE_EVERY_MS)
      },
    )
  }

  /** Watches a query's outcome; attaching runs it, as the caller is about to await it anyway. */
  function observe<T extends PromiseLike<unknown>>(query: T, onError: (error: unknown) => void): T {
    query.then(undefined, onError)
    return query
  }

  /** As observe, for work on the pool itself (not inside a transaction): counted while under way. */
  function counted<T extends PromiseLike<unknown>>(query: T, onError: (error: unknown) => void): T {
    active += 1
    const settled = () => {
      active -= 1
    }
    query.then(settled, settled)
    return observe(query, onError)
  }

  function begin(...args: unknown[]) {
    if (down) return Promise.reject(refusal())
    const from = pool
    const run = args.pop() as (sql: TransactionSql) => unknown
    const outcome: Promise<unknown> = (from.begin as (...a: unknown[]) => Promise<unknown>)(
      ...args,
      guardedBody(run, () => outcome, from),
    )
    return counted(outcome, (error) => failed(error, from))
  }

  /**
   * The body of a transaction (or of a savepoint in it). Once its connection is found dead,
   * nothing more is sent on it, and postgres.js is kept from sending its ROLLBACK or COMMIT
   * there: when `begin` has failed with the connection's close, the body is left pending
   * (nothing holds on to it; it is collected) and the caller has that failure.
   */
  function guardedBody(
    run: (sql: TransactionSql) => unknown,
    outcome: () => Promise<unknown>,
    from: Pool,
  ): (sql: TransactionSql) => Promise<unknown> {
    return async (tx) => {
      const state = { dead: false }
      // The connection closed while the body was busy elsewhere: its next query must not go out.
      outcome().catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) state.dead = true
      })
      let value: unknown
      let thrown: { error: unknown } | null = null
      try {
        value = await run(guardTransaction(tx, state, outcome, from))
      } catch (error) {
        if (isDatabaseUnavailable(error)) state.dead = true
        thrown = { error }
      }
      if (!state.dead) {
        if (thrown) throw thrown.error
        return value
      }
      const closed = await Promise.race([
        outcome().then(
          () => false,
          () => true,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, 1_000, false)),
      ])
      if (closed) return new Promise(() => {})
      throw thrown?.error ?? new DatabaseUnavailableError()
    }
  }

  function guardTransaction(
    tx: TransactionSql,
    state: { dead: boolean },
    outcome: () => Promise<unknown>,
    from: Pool,
  ): TransactionSql {
    const watch = (error: unknown) => {
      if (isDatabaseUnavailable(error)) state.dead = true
      failed(error, from)
    }
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'unsafe') {
          return (...args: Parameters<TransactionSql['unsafe']>) =>
            state.dead ? refusedQuery(refusal()) : observe(target.unsafe(...args), watch)
        }
        if (property === 'savepoint') {
          return (...args: unknown[]) => {
            if (state.dead) return Promise.reject(refusal())
            const run = args.pop() as (sql: TransactionSql) => unknown
            const savepoint = target.savepoint as (...a: unknown[]) => Promise<unknown>
            return savepoint(...args, guardedBody(run, outcome, from))
          }
        }
        return Reflect.get(target, property, receiver) as unknown
      },
    })
  }

  async function end() {
    ended = true
    if (probeTimer) clearTimeout(probeTimer)
    probeTimer = null
    const clients = [pool, listener, candidate]
    await Promise.all(clients.map((client) => client?.end({ timeout: END_TIMEOUT_S })))
  }

  const gated: Record<PropertyKey, unknown> = {
    unsafe(...args: Parameters<Sql['unsafe']>) {
      if (down) return refusedQuery(refusal())
      const from = pool
      return counted(from.unsafe(...args), (error) => failed(error, from))
    },
    begin,
    notify(channel: string, payload: string) {
      if (down) return Promise.reject(refusal())
      const from = pool
      return counted(from.notify(channel, payload), (error) => failed(error, from))
    },
    end,
  }

  // A function target, so that the gate can be called as a tagged template like postgres.js.
  const sql = new Proxy(() => {}, {
    apply(_target, _this, args: Parameters<Sql>) {
      if (down) return refusedQuery(refusal())
      const from = pool
      return counted(from(...args), (error) => failed(error, from))
    },
    get(_target, property) {
      if (property in gated) return gated[property]
      const value = Reflect.get(pool, property, pool) as unknown
      return typeof value === 'function' ? (value as () => unknown).bind(pool) : value
    },
    set(_target, property, value) {
      return Reflect.set(pool, property, value, pool)
    },
  }) as unknown as Sql

  return {
    sql,
    available: () => !down,
    load: () => ({ active, maxConnections: POOL_SIZE }),
    async listen(channel, onMessage, onListen) {
      const { unlisten } = await listener.listen(channel, onMessage, onListen)
      return async () => {
        await unlisten()
      }
    },
    end,
  }
}

/**
 * What a refused query looks like to Drizzle: awaitable, with postgres.js's chainable methods,
 * failing only when awaited (so an unused one is no unhandled rejection).
 */
function refusedQuery(error: Error): postgres.PendingQuery<postgres.Row[]> {
  const fail = () => Promise.reject(error)
  const query: Record<string, unknown> = {
    then: (onFulfilled?: () => unknown, onRejected?: (reason: unknown) => unknown) =>
      fail().then(onFulfilled, onRejected),
    catch: (onRejected?: (reason: unknown) => unknown) => fail().catch(onRejected),
    finally: (onFinally?: () => void) => fail().finally(onFinally),
    cancel: () => {},
  }
  for (const chained of ['values', 'raw', 'simple', 'describe', 'execute']) {
    query[chained] = () => query
  }
  return query as unknown as postgres.PendingQuery<postgres.Row[]>
}
