/**
 * Lookups asked for in the same turn of the event loop answered by one query (decision 0097):
 * the live streams of a heartbeat slot each ask "does my viewer's session still stand?" in one
 * timer callback, and a change fans out to every screen link's stream at once; each asks by its
 * key, and one query per up to `maxKeys` distinct keys answers them all.
 */
export interface BatchedLookup<K, V> {
  /** The value for `key` (undefined when the query found none), from the turn's shared query. */
  get(key: K): Promise<V | undefined>
  /** Queries run so far (for the tests that prove the batching). */
  readonly queries: number
}

export function batchedLookup<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  { maxKeys = 1_000 }: { maxKeys?: number } = {},
): BatchedLookup<K, V> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }
  let waiting = new Map<K, Waiter[]>()
  let queries = 0

  const runChunk = async (keys: K[], waiters: Map<K, Waiter[]>) => {
    queries++
    try {
      const found = await load(keys)
      for (const key of keys)
        for (const waiter of waiters.get(key) ?? []) waiter.resolve(found.get(key))
    } catch (error) {
      for (const key of keys) for (const waiter of waiters.get(key) ?? []) waiter.reject(error)
    }
  }

  const flush = () => {
    const batch = waiting
    waiting = new Map()
    const keys = [...batch.keys()]
    for (let at = 0; at < keys.length; at += maxKeys)
      void runChunk(keys.slice(at, at + maxKeys), batch)
  }

  return {
    get(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        // After this turn's timers and promise callbacks: every ask of the turn is in the batch.
        if (waiting.size === 0) setImmediate(flush)
        const waiters = waiting.get(key)
        if (waiters) waiters.push({ resolve, reject })
        else waiting.set(key, [{ resolve, reject }])
      })
    },
    get queries() {
      return queries
    },
  }
}
