import type { CheckInRequest } from './api/door-api.ts'

/** A check-in made while the door had no network: kept on the phone, sent once it is back. */
export type QueuedCheckIn = CheckInRequest & {
  scannedAt: string
  /** What the door showed for it: her name from the list, or the code as typed. */
  label: string
}

/** Where the queue lives: localStorage in the browser, a Map in tests. */
export interface QueueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const keyOf = (eventId: string) => `lendulet.door.${eventId}.queue`

/**
 * The door's queue of check-ins not yet sent, per event, in the order they were made. It survives
 * a reload; each item keeps its client id, so sending one twice (a reply lost on the way back)
 * counts once on the server.
 */
export function checkInQueue(eventId: string, storage: QueueStorage | null) {
  const key = keyOf(eventId)
  const read = (): QueuedCheckIn[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]')
      return Array.isArray(parsed) ? (parsed as QueuedCheckIn[]) : []
    } catch {
      return []
    }
  }
  const write = (items: QueuedCheckIn[]) => {
    try {
      if (items.length === 0) storage?.removeItem(key)
      else storage?.setItem(key, JSON.stringify(items))
    } catch {
      // A full or blocked storage: the queue still holds in memory for this page.
    }
  }
  let memory = read()
  return {
    items: () => memory,
    add(item: QueuedCheckIn) {
      memory = [...memory, item]
      write(memory)
    },
    remove(clientId: string) {
      memory = memory.filter((item) => item.clientId !== clientId)
      write(memory)
    },
  }
}
export type CheckInQueue = ReturnType<typeof checkInQueue>

/** What sending one check-in came to: the server answered (either way), or the network failed. */
export type SendOutcome = 'answered' | 'unreachable'

/**
 * Sends the queue in order, one at a time. An item the server answered (a check-in, or a refusal
 * such as an unknown code) leaves the queue; at the first network failure it stops, keeping that
 * item and the rest for the next try.
 */
export async function flushQueue(
  queue: CheckInQueue,
  send: (item: QueuedCheckIn) => Promise<SendOutcome>,
): Promise<number> {
  let sent = 0
  for (const item of queue.items()) {
    if ((await send(item)) === 'unreachable') break
    queue.remove(item.clientId)
    sent++
  }
  return sent
}
