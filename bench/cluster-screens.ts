/**
 * A share of the cluster bench's screens, in a process of its own (decision 0097): raw sockets
 * that send one GET and look in what comes back only for the two things the bench measures, the
 * first `state` (connected) and the first state with a running round (when it arrived). No HTTP
 * parser, no strings per message: 10,000 screens in one Node process with http.request took more
 * CPU than the servers they measured, and on a loaded machine the bench measured itself.
 *
 * Started by bench/cluster.ts with fork(); it talks by IPC:
 * - parent → `{ type: 'open', port, path, cookie, count, wave, timeoutMs }`: opens `count`
 *   screens, `wave` at a time, each wave waiting (up to `timeoutMs`) for its first states;
 *   answers `{ type: 'opened', connected, failures }` (failures: reason → count);
 * - parent → `{ type: 'collect', timeoutMs }`: waits until every connected screen has the round
 *   (or `timeoutMs`), answers `{ type: 'arrivals', at: number[] }`, the moments (ms since the
 *   epoch, `performance.timeOrigin + performance.now()`, comparable across processes) at which
 *   each had it, then closes its sockets;
 * - parent → `{ type: 'close' }`: closes every socket and exits.
 */
import { connect, type Socket } from 'node:net'

interface Screen {
  socket: Socket
  /** The first state came (connected); the round came at `startedAt`. */
  connected: boolean
  startedAt: number | undefined
  failure: string | undefined
  /** The end of the previous chunk, for a marker cut in two by the network. */
  tail: string
  /** `"started":true` seen; the message ends at the next blank line. */
  inStarted: boolean
  settle: (() => void) | undefined
}

const STATE = 'event: state'
const STARTED = '"started":true'
const TAIL = 16
const screens: Screen[] = []
let onArrival: (() => void) | undefined

const now = () => performance.timeOrigin + performance.now()

function open(port: number, path: string, cookie: string): Screen {
  const socket = connect({ host: '127.0.0.1', port })
  const screen: Screen = {
    socket,
    connected: false,
    startedAt: undefined,
    failure: undefined,
    tail: '',
    inStarted: false,
    settle: undefined,
  }
  let head = true
  const fail = (why: string) => {
    if (!screen.connected) screen.failure ??= why
    screen.settle?.()
  }
  socket.setNoDelay(true)
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`,
  )
  socket.on('data', (chunk: Buffer) => {
    // latin1: one character per byte, no decoding; the markers are ASCII.
    const text = screen.tail + chunk.toString('latin1')
    if (head) {
      head = false
      if (!text.startsWith('HTTP/1.1 200')) {
        fail(`HTTP ${text.slice(9, 12)}`)
        socket.destroy()
        return
      }
    }
    if (!screen.connected && text.includes(STATE)) {
      screen.connected = true
      screen.settle?.()
    } else if (screen.connected && screen.startedAt === undefined) {
      if (!screen.inStarted && text.includes(STARTED)) screen.inStarted = true
      // The whole message has come once its blank line has (a state may span chunks).
      if (screen.inStarted && text.lastIndexOf('\n\n') > text.lastIndexOf(STARTED)) {
        screen.startedAt = now()
        onArrival?.()
      }
    }
    screen.tail = text.slice(-TAIL)
  })
  socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message))
  socket.on('close', () => fail('closed'))
  return screen
}

async function openAll(
  port: number,
  path: string,
  cookie: string,
  count: number,
  wave: number,
  timeoutMs: number,
) {
  const failures: Record<string, number> = {}
  let connected = 0
  for (let at = 0; at < count; at += wave) {
    const batch = Array.from({ length: Math.min(wave, count - at) }, () => open(port, path, cookie))
    await Promise.all(
      batch.map(
        (screen) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs)
            screen.settle = () => {
              clearTimeout(timer)
              resolve()
            }
            if (screen.connected || screen.failure) screen.settle()
          }),
      ),
    )
    for (const screen of batch) {
      screen.settle = undefined
      if (screen.connected) {
        connected++
        screens.push(screen)
      } else {
        const why = screen.failure ?? `no first state within ${timeoutMs / 1000} s`
        failures[why] = (failures[why] ?? 0) + 1
        screen.socket.destroy()
      }
    }
  }
  return { connected, failures }
}

async function collect(timeoutMs: number): Promise<number[]> {
  // Counted, not searched for at each arrival: 5,000 screens a process made that a scan of
  // thousands per arrival, the measuring tool's CPU on the cores it measures.
  let missing = screens.filter((screen) => screen.startedAt === undefined).length
  if (missing > 0)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      onArrival = () => {
        if (--missing > 0) return
        clearTimeout(timer)
        resolve()
      }
    })
  onArrival = undefined
  const at = screens.flatMap((screen) => (screen.startedAt === undefined ? [] : [screen.startedAt]))
  for (const screen of screens.splice(0)) screen.socket.destroy()
  return at
}

type Command =
  | {
      type: 'open'
      port: number
      path: string
      cookie: string
      count: number
      wave: number
      timeoutMs: number
    }
  | { type: 'collect'; timeoutMs: number }
  | { type: 'close' }

process.on('message', (command: Command) => {
  const send = (message: unknown) => process.send?.(message)
  if (command.type === 'open')
    void openAll(
      command.port,
      command.path,
      command.cookie,
      command.count,
      command.wave,
      command.timeoutMs,
    ).then((opened) => send({ type: 'opened', ...opened }))
  else if (command.type === 'collect')
    void collect(command.timeoutMs).then((at) => send({ type: 'arrivals', at }))
  else {
    for (const screen of screens.splice(0)) screen.socket.destroy()
    process.disconnect?.()
    process.exit(0)
  }
})
// The bench went away: so does this.
process.on('disconnect', () => process.exit(0))
