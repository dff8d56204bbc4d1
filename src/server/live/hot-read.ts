import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import { createMiddleware } from 'hono/factory'
import type { Logger } from 'pino'
import type { Auth } from '../auth/auth.ts'
import type { AppEnv } from '../http/app-env.ts'
import { addressOf } from '../http/client-address.ts'
import { logRequest } from '../http/request-log.ts'
import { routeLabel } from '../metrics/route-label.ts'
import type { ServerMetrics } from '../metrics/metrics.ts'
import type { StateCache } from './event-state.ts'
import { SERVER_TIME_HEADER } from './server-time.ts'
import { createViewerCheck } from './viewer-check.ts'

/** Answers remembered (one per event polled); past this many the memory starts again. */
const MAX_ANSWERS = 100

/** Headers the app's answer had that are made anew for each answer (node adds the others). */
const PER_ANSWER = new Set(['content-length', SERVER_TIME_HEADER.toLowerCase(), 'date'])

/** An answer is the same for one URL and Origin (the CORS headers depend on the Origin). */
const answerKey = (url: string, origin: string | undefined) =>
  origin === undefined ? url : `${url}\n${origin}`

interface Answer {
  eventId: string
  body: Uint8Array<ArrayBuffer>
  /** The app's headers, lower-case, without PER_ANSWER's. */
  headers: Record<string, string>
  /** The route it is counted under in the metrics. */
  route: string
}

/**
 * The klikkscreen's state read (GET /api/klikkscreen?eventId=…) answered again without the app:
 * a room of screens polls it every 5 s, and phones read it on every change.
 *
 * The app answers a URL first, through every middleware (metrics, log, security headers, CORS,
 * the request guard, compression) and the route's own checks. Its answer is remembered: the
 * headers it had and the state's bytes it carried. The next GET of the same URL is answered from
 * that memory, in node:http before the app, while all of these hold:
 * - the state is still the one answered (the cache gives the same bytes: no change since);
 * - its session cookie was found signed in within the last 10 s (the route's own memory of
 *   viewers, which it shares with the route);
 * - it has the same Origin header, or none again (the CORS headers depend on it).
 * Otherwise the app answers, as before. The same URL passes the request guard's checks for a GET
 * each time (they read nothing but the URL). The answer is counted in the metrics and logged as
 * the app would; its server time and Date are the moment's. Decision 0075.
 */
export function createHotRead({
  auth,
  cache,
  metrics,
  logger,
  trustedProxies,
}: {
  auth: Auth
  cache: StateCache
  metrics: Pick<ServerMetrics, 'countRequest'>
  logger: Logger
  trustedProxies: number
}) {
  const viewers = createViewerCheck(auth)
  const answers = new Map<string, Answer>()
  /** What the route answered a request with, until the app's answer is complete. */
  const answered = new WeakMap<Request, { eventId: string; body: Uint8Array<ArrayBuffer> }>()

  const serve = (answer: Answer, req: IncomingMessage, res: ServerResponse): boolean => {
    const headers = req.headers
    const now = Date.now()
    if (viewers.recent(headers.cookie, now) === null) return false
    if (cache.currentBytes(answer.eventId) !== answer.body) return false
    const started = performance.now()
    res.writeHead(200, {
      ...answer.headers,
      'content-length': answer.body.byteLength,
      [SERVER_TIME_HEADER]: String(now),
    })
    res.end(answer.body)
    const forwarded = headers['x-forwarded-for']
    const forwardedFor = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded
    const ms = performance.now() - started
    metrics.countRequest('GET', answer.route, 200, ms / 1000)
    logRequest(logger, {
      method: 'GET',
      path: (req.url ?? '').split('?', 1)[0] ?? '',
      status: 200,
      ms,
      // Node joins repeated X-Forwarded-For headers with ", ", as the Headers of the app do.
      ip: addressOf(forwardedFor, trustedProxies, () => req.socket.remoteAddress),
      ua: headers['user-agent'],
    })
    return true
  }

  return {
    /** The route's check that a viewer is signed in (remembered 10 s per session cookie). */
    viewerOf: viewers.viewerOf,

    /** The route's note that it answers this request with these bytes of an event's state. */
    note(request: Request, eventId: string, body: Uint8Array<ArrayBuffer>) {
      answered.set(request, { eventId, body })
    },

    /** The app's first middleware: remembers the complete answers the route noted. */
    remember: createMiddleware<AppEnv>(async (c, next) => {
      await next()
      const note = answered.get(c.req.raw)
      const url = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url
      if (!note || !url || c.res.status !== 200 || c.req.method !== 'GET') return
      if (c.res.headers.has('set-cookie')) return
      const headers: Record<string, string> = {}
      for (const [name, value] of c.res.headers) if (!PER_ANSWER.has(name)) headers[name] = value
      if (answers.size >= MAX_ANSWERS) answers.clear()
      answers.set(answerKey(url, c.req.header('origin')), {
        ...note,
        headers,
        route: routeLabel(c),
      })
    }),

    /** node:http's listener: the remembered answers, else `app` (the app's own listener). */
    listener(app: RequestListener): RequestListener {
      return (req, res) => {
        const answer =
          req.method === 'GET' && req.url && answers.size > 0
            ? answers.get(answerKey(req.url, req.headers.origin))
            : undefined
        if (!answer || !serve(answer, req, res)) void app(req, res)
      }
    },
  }
}
export type HotRead = ReturnType<typeof createHotRead>

/** node:http's createServer for @hono/node-server's `serve`, with the hot read before the app. */
export function createServerWithHotRead(hotRead: HotRead): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, hotRead.listener(listener))) as typeof createServer
}
