import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { Database } from '../db/client.ts'

const CHANNEL = 'lendulet_live'
/** Subscribe with this id to hear about every event. */
export const ANY = '*'
/**
 * Keys with a colon (`campaign:<id>`) are other kinds of change than an event's: only their own
 * listeners hear them, not ANY's.
 */
const isEventKey = (key: string) => !key.includes(':')

/**
 * The kinds of live stream: an event's state, the admin's events list, a campaign's progress, an
 * event's door list, a member's events page.
 */
export const LIVE_STREAMS = ['event', 'admin_events', 'campaign', 'door', 'member_events'] as const
export type LiveStream = (typeof LIVE_STREAMS)[number]

export interface LiveHub {
  /** An event changed: every listener of it, in every server process, hears so. */
  changed(eventId: string): void
  /** Listens to one event's changes; returns the way to stop. */
  subscribe(eventId: string, listener: () => void): () => void
  /** Keeps an open stream's way to end, so that shutting down can end them all at once. */
  track(stream: LiveStream, end: () => void): () => void
  /** How many streams of each kind are open now (the metrics read it). */
  openStreams(): Record<LiveStream, number>
  /** Ends every open stream (a browser then reconnects, to another process). */
  endStreams(): void
  close(): Promise<void>
}

/**
 * Change signals for live screens. Within a process they are delivered at once; with several
 * processes on one PostgreSQL they also travel by NOTIFY, and each process LISTENs and passes on
 * what the others announced. The payload names the sender so a process skips its own.
 */
export async function createLiveHub(database: Database, logger: Logger): Promise<LiveHub> {
  const listeners = new Map<string, Set<() => void>>()
  const streams = new Map<() => void, LiveStream>()
  const self = randomUUID()

  function deliver(eventId: string) {
    const everyEvent = isEventKey(eventId) ? (listeners.get(ANY) ?? []) : []
    for (const listener of [...(listeners.get(eventId) ?? []), ...everyEvent]) {
      try {
        listener()
      } catch (error) {
        logger.error({ err: error, eventId }, 'live listener failed')
      }
    }
  }

  /**
   * Every listener hears a change at once: after LISTEN was renewed (the connection to PostgreSQL
   * was lost and came back), since the others' changes meanwhile went unheard. Caches drop their
   * copies and open screens read again.
   */
  function deliverAll() {
    const everyone = new Set([...listeners.values()].flatMap((set) => [...set]))
    for (const listener of everyone) {
      try {
        listener()
      } catch (error) {
        logger.error({ err: error }, 'live listener failed')
      }
    }
  }

  /** Once the database answers queries again (LISTEN may be back a moment before), deliverAll. */
  async function resync() {
    for (let attempt = 0; attempt < 40 && !closed; attempt++) {
      if ((await database.ping()).ok) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    if (!closed) deliverAll()
  }

  const channels = database.channels
  let closed = false
  let listens = 0
  const unlisten = channels
    ? await channels.listen(
        CHANNEL,
        (payload) => {
          const [sender, eventId] = payload.split('|')
          if (sender !== self && eventId) deliver(eventId)
        },
        () => {
          listens += 1
          if (listens === 1) return
          logger.info('live updates: LISTEN renewed after a lost connection')
          void resync()
        },
      )
    : null

  return {
    changed(eventId) {
      deliver(eventId)
      channels?.notify(CHANNEL, `${self}|${eventId}`).catch((error: unknown) => {
        logger.error({ err: error, eventId }, 'live notify failed')
      })
    },
    subscribe(eventId, listener) {
      const set = listeners.get(eventId) ?? new Set()
      set.add(listener)
      listeners.set(eventId, set)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(eventId)
      }
    },
    track(stream, end) {
      streams.set(end, stream)
      return () => streams.delete(end)
    },
    openStreams() {
      const open = Object.fromEntries(LIVE_STREAMS.map((stream) => [stream, 0]))
      for (const stream of streams.values()) open[stream] = (open[stream] ?? 0) + 1
      return open as Record<LiveStream, number>
    },
    endStreams() {
      for (const end of [...streams.keys()]) end()
      streams.clear()
    },
    async close() {
      closed = true
      listeners.clear()
      await unlisten?.()
    },
  }
}

/**
 * Calls `fn` for a key at most once per `ms`: the first call at once, later ones within the
 * window folded into one at its end (so the last change is never lost).
 */
export function throttleByKey(fn: (key: string) => void, ms: number): (key: string) => void {
  const windows = new Map<string, { again: boolean }>()
  const call = (key: string) => {
    const open = windows.get(key)
    if (open) {
      open.again = true
      return
    }
    const window = { again: false }
    windows.set(key, window)
    fn(key)
    setTimeout(() => {
      windows.delete(key)
      if (window.again) call(key)
    }, ms).unref()
  }
  return call
}
