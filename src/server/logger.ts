import { pino, type DestinationStream, type Logger } from 'pino'

export type LogFormat = 'json' | 'pretty'

/** Fields pino writes on every line: pino-pretty shows them as time and level. */
const OWN_FIELDS = new Set(['time', 'level', 'msg', 'err'])

/**
 * One readable line: a request as `GET /api/health 200 3 ms`, anything else as its message
 * followed by its fields as `key=value`, and an error's stack on lines of its own below.
 */
function readableLine(log: Record<string, unknown>): string {
  const message = typeof log.msg === 'string' ? log.msg : ''
  if (message === 'request') {
    const { method, path, status, ms } = log
    return `${String(method)} ${String(path)} ${String(status)} ${String(ms)} ms`
  }
  const fields = Object.entries(log)
    .filter(([key, value]) => !OWN_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const line = fields.length ? `${message}  (${fields.join(', ')})` : message
  // pino's error serializer gives { type, message, stack }: the stack, indented, under the line.
  const error = log.err as { message?: unknown; stack?: unknown } | undefined
  const stack = typeof error?.stack === 'string' ? error.stack : error && String(error.message)
  return stack ? `${line}\n    ${stack.split('\n').join('\n    ')}` : line
}

/**
 * pino's ISO time (`,"time":"2026-01-01T00:00:00.000Z"`), the same text for every line of one
 * millisecond: at thousands of requests a second, most lines share their millisecond with the
 * line before, and formatting a Date is a good part of a line's cost (decision 0036).
 */
export function isoTimeOncePerMs(): () => string {
  let last = Number.NaN
  let text = ''
  return () => {
    const now = Date.now()
    if (now !== last) {
      last = now
      text = `,"time":"${new Date(now).toISOString()}"`
    }
    return text
  }
}

/**
 * JSON lines for machines, or readable lines for a person at a terminal (the default there, so
 * `npm start` shows the first-admin link at a glance): `readable` is the stream of
 * `readableLines()`. pino-pretty runs as a synchronous stream in this process, not in a
 * transport worker, so a line logged just before exit is never lost.
 */
export function createLogger(level: string, readable?: DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: isoTimeOncePerMs() }
  return readable ? pino(options, readable) : pino(options)
}

/**
 * The readable lines' stream. pino-pretty is loaded only here, when they are asked for: a
 * server writing JSON (production) never evaluates it at start (decision 103).
 */
export async function readableLines(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty')
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    hideObject: true,
    messageFormat: (log) => readableLine(log),
  })
}

/** LOG_FORMAT, or readable lines when the output is a terminal and JSON otherwise. */
export function logFormat(configured: LogFormat | undefined): LogFormat {
  return configured ?? (process.stdout.isTTY ? 'pretty' : 'json')
}
