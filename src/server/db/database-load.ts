import type { PGlite } from '@electric-sql/pglite'

/** What a database client can truly say about its load (metrics/ reads it as pool use). */
export interface DatabaseLoad {
  /** Queries and transactions sent and not yet settled: running, or waiting for a connection. */
  active: number
  /** Connections that serve them: the pool's size, or 1 for the embedded database. */
  maxConnections: number
}

/** PGlite's methods that take its single connection for a whole call (Drizzle uses the first two). */
const EXCLUSIVE = new Set<PropertyKey>(['query', 'transaction', 'exec', 'sql'])

/**
 * The embedded database counted: PGlite runs one query or transaction at a time and queues the
 * rest, so the calls under way are one running and the others waiting. Calls inside a
 * transaction go through its own handle and are part of it, not counted again.
 */
export function countPgliteLoad(client: PGlite): { client: PGlite; load(): DatabaseLoad } {
  let active = 0
  const counted = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (typeof value !== 'function') return value
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      const method = (value as (...args: unknown[]) => unknown).bind(target)
      if (!EXCLUSIVE.has(property)) return method
      return (...args: unknown[]) => {
        active += 1
        const settled = () => {
          active -= 1
        }
        try {
          const result = Promise.resolve(method(...args))
          result.then(settled, settled)
          return result
        } catch (error) {
          settled()
          throw error
        }
      }
    },
  })
  return { client: counted, load: () => ({ active, maxConnections: 1 }) }
}
