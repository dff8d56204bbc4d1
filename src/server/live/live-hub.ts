import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { Database } from '../db/client.ts'

const CHANNEL = 'lendulet_live'
/** Subscribe with this id to hear about every event. */
export const ANY = '*'

export interface LiveHub {
  /** An event changed: every listener of it, in every server process, hears so. */
  changed(eventId: string): void
  /** Listens to one event's changes; returns the way to stop. */
  subscribe(eventId: string, listener: () => void): () => void
  /** Keeps an open stream's way to end, so that shutting down can end them all at once. */
  track(end: () => void): () => void
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
  const streams = new Set<() => void>()
  const self = randomUUID()

  function deliver(eventId: string) {
    for (const listener of [...(listeners.get(eventId) ?? []), ...(listeners.get(ANY) ?? [])]) {
      try {
        listener()
      } catch (error) {
        logger.error({ err: error, eventId }, 'live listener failed')
      }
    }
  }

  const channels = database.channels
  const unlisten = channels
    ? await channels.listen(CHANNEL, (payload) => {
        const [sender, eventId] = payload.split('|')
        if (sender !== self && eventId) deliver(eventId)
      })
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
    track(end) {
      streams.add(end)
      return () => streams.delete(end)
    },
    endStreams() {
      for (const end of [...streams]) end()
      streams.clear()
    },
    async close() {
      listeners.clear()
      await unlisten?.()
    },
  }
}
