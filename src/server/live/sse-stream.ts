/**
 * A server-sent events stream that holds almost nothing per reader (decision 84). Thousands of
 * screens follow one evening; what each of their streams keeps must not grow with a reader that
 * is slow or stalled:
 * - messages are bytes made once and shared by every stream that sends them (`sseMessage`);
 * - a stream hands the next message to the socket only when the socket can take it. Served by
 *   node:http, it writes to the Node response itself once its headers are out (no ReadableStream
 *   read and promise per message for each of thousands of screens: decision 105), and waits for
 *   `drain` after a write Node could not pass on at once; elsewhere (a test's `app.request`) the
 *   body is pulled, with no queue of its own. Until then it keeps at most one message of each kind: a newer `state` replaces an older one not yet sent (each
 *   state is complete, so a screen that was behind jumps to the newest), a ping waiting is not
 *   repeated, and a heartbeat is sent only when nothing else is waiting;
 * - heartbeats come from one timer for every stream (`heartbeats`), spread over the interval;
 * - a reader that took nothing for two whole heartbeats while something waited for it is cut:
 *   its browser reconnects (EventSource) and gets the newest state at once.
 */

const encoder = new TextEncoder()

/** A message's bytes as SSE frames them (`event:`, one `data:` per line, `retry:`), once. */
export function encodeSse(event: string, data: string, retry?: number): Uint8Array {
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')
  return encoder.encode(
    `event: ${event}\n${lines}\n${retry === undefined ? '' : `retry: ${retry}\n`}\n`,
  )
}

const recentByEvent = new Map<string, Map<string, Uint8Array>>()

/**
 * One message's bytes, made once for all the streams sending the same data: a change fans out to
 * thousands of screens, and every one of them writes the same Uint8Array (a few recent ones kept
 * per message type).
 */
export function sseMessage(event: string, data: string): Uint8Array {
  let recent = recentByEvent.get(event)
  if (!recent) recentByEvent.set(event, (recent = new Map()))
  const known = recent.get(data)
  if (known) return known
  const bytes = encodeSse(event, data)
  if (recent.size >= 32) recent.delete(recent.keys().next().value ?? '')
  recent.set(data, bytes)
  return bytes
}

const HEARTBEAT = encoder.encode(': heartbeat\n\n')

/**
 * What a live stream waits to send, at most one message of each kind: `state` (the newest
 * replaces an older one not yet sent), `once` kinds kept in order (hello, gone), `ping` (one is
 * enough) and `beat` (only when nothing else waits).
 */
type Kind = 'state' | 'ping' | 'once' | 'beat'

export interface SseStream {
  /** A message that must reach the reader, in order (hello, gone). */
  send(bytes: Uint8Array): void
  /** A complete state: replaces a state not yet sent. */
  sendLatest(bytes: Uint8Array): void
  /** A "something changed" ping: one waiting is enough. */
  ping(bytes: Uint8Array): void
  /** A heartbeat comment, if nothing else waits; false when the reader is hopelessly behind. */
  beat(): boolean
  /** Ends the stream once what waits has been sent. */
  close(): void
  /** Runs `listener` when the reader goes away or the stream ends (at once if it already has). */
  onEnd(listener: () => void): void
  /** Bytes waiting in this stream, not yet handed to the socket. */
  pendingBytes(): number
  readonly body: ReadableStream<Uint8Array>
}

/** How many heartbeats in a row may find the reader without a pull while messages wait. */
const STALLED_BEATS = 2

/** What of a Node response (node:http's ServerResponse) a stream writes to directly. */
export interface DirectWritable {
  readonly headersSent: boolean
  write(bytes: Uint8Array): boolean
  once(event: 'drain', listener: () => void): unknown
}

export function createSseStream({
  cut,
  response,
}: {
  /** Drops the reader's connection (the Node response's socket); else the body ends in error. */
  cut?: () => void
  /**
   * The Node response this stream's body is served on: written to directly once the server has
   * sent its headers and first asks the body for bytes.
   */
  response?: DirectWritable
} = {}): SseStream {
  let queue: { kind: Kind; bytes: Uint8Array }[] = []
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  /** The socket asked for a message and none was there: give it the next one at once. */
  let wanted = false
  /** Writing to `response` itself: its headers are out and the server reads the body. */
  let direct: DirectWritable | undefined
  /** A direct write Node could not pass on at once: nothing more until its `drain`. */
  let blocked = false
  let closing = false
  let ended = false
  /** The socket took something (a pull, a drain) since the last heartbeat, when it grows. */
  let progress = 0
  let progressAtBeat = 0
  let stalledBeats = 0
  const endListeners: (() => void)[] = []

  const end = () => {
    if (ended) return
    ended = true
    queue = []
    for (const listener of endListeners.splice(0)) {
      try {
        listener()
      } catch {
        // A listener's fault must not keep the others from running.
      }
    }
  }

  const flush = () => {
    if (!controller || ended) return
    if (direct) {
      while (!blocked && queue.length > 0) {
        const next = queue.shift()
        if (next && !direct.write(next.bytes)) {
          blocked = true
          direct.once('drain', drained)
        }
      }
    }
    if (closing && queue.length === 0) {
      controller.close()
      end()
      return
    }
    if (direct) return
    const next = wanted ? queue.shift() : undefined
    if (!next) return
    wanted = false
    controller.enqueue(next.bytes)
    if (closing && queue.length === 0) {
      controller.close()
      end()
    }
  }

  function drained() {
    blocked = false
    progress++
    flush()
  }

  const add = (kind: Kind, bytes: Uint8Array) => {
    if (ended || closing) return
    // A heartbeat waiting is pointless once something else waits; a newer state or ping stands
    // for the one not yet sent.
    queue = queue.filter(
      (waiting) => waiting.kind !== 'beat' && (kind === 'once' || waiting.kind !== kind),
    )
    queue.push({ kind, bytes })
    flush()
  }

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
      },
      pull() {
        progress++
        // The server's first read: its headers are out (node:http), so from now on the stream
        // writes to the response itself and never enqueues (the server's read stays pending until
        // the body closes, and then ends the response).
        if (response?.headersSent) direct = response
        else wanted = true
        flush()
      },
      cancel() {
        end()
      },
    },
    // No queue inside the ReadableStream: a message is made ready only when asked for.
    { highWaterMark: 0 },
  )

  return {
    body,
    send: (bytes) => add('once', bytes),
    sendLatest: (bytes) => add('state', bytes),
    ping: (bytes) => add('ping', bytes),
    beat() {
      if (ended) return true
      const waiting = queue.length > 0
      stalledBeats = waiting && progress === progressAtBeat ? stalledBeats + 1 : 0
      progressAtBeat = progress
      if (stalledBeats >= STALLED_BEATS) {
        // Nothing taken for two heartbeats while messages waited: cut the connection, so that
        // the browser reconnects and starts again from the newest state.
        if (cut) cut()
        else controller?.error(new Error('live stream reader stalled'))
        end()
        return false
      }
      if (!waiting) add('beat', HEARTBEAT)
      return true
    },
    close() {
      if (ended || closing) return
      closing = true
      flush()
    },
    onEnd(listener) {
      if (ended) listener()
      else endListeners.push(listener)
    },
    pendingBytes: () => queue.reduce((sum, waiting) => sum + waiting.bytes.byteLength, 0),
  }
}

/** The heartbeat's interval is cut into this many slots, one tick each. */
const SLOTS = 30

/**
 * One timer for every stream's heartbeat at a given interval: a wheel of SLOTS slots, one tick
 * each; a stream joins the slot of the moment it opened, so its heartbeat comes every interval
 * from then on, and a room's streams (opened over a while) do not all beat, and check their
 * viewer's access, in the same instant.
 */
function heartbeatWheel(intervalMs: number) {
  const slots = Array.from({ length: SLOTS }, () => new Set<() => void>())
  let at = 0
  let members = 0
  let timer: NodeJS.Timeout | undefined
  const tick = () => {
    at = (at + 1) % SLOTS
    for (const beat of [...(slots[at] ?? [])]) {
      try {
        beat()
      } catch {
        // One stream's fault must not keep the others from their heartbeat.
      }
    }
  }
  return {
    join(beat: () => void): () => void {
      const slot = slots[at]
      if (!slot) return () => {}
      slot.add(beat)
      members++
      if (!timer) {
        timer = setInterval(tick, intervalMs / SLOTS)
        timer.unref()
      }
      let joined = true
      return () => {
        if (!joined) return
        joined = false
        slot.delete(beat)
        members--
        if (members === 0) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
  }
}

const wheels = new Map<number, ReturnType<typeof heartbeatWheel>>()

/** Calls `beat` every `intervalMs` from now, on the shared timer; returns the way to stop. */
export function joinHeartbeats(intervalMs: number, beat: () => void): () => void {
  let wheel = wheels.get(intervalMs)
  if (!wheel) wheels.set(intervalMs, (wheel = heartbeatWheel(intervalMs)))
  return wheel.join(beat)
}
