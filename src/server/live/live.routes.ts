import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { validator } from 'hono/validator'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { Auth } from '../auth/auth.ts'
import { DomainError } from '../domain-error.ts'
import { ApiError } from '../http/api-error.ts'
import { API_TAGS, documented, withSchema } from '../http/openapi.ts'
import { PATH_IDS } from '../http/path-ids.ts'
import { eventStateSchema } from '#shared/live-state.ts'
import type { AppEnv } from '../http/app-env.ts'
import type { StateCache } from './event-state.ts'
import { ANY, type LiveHub, type LiveStream } from './live-hub.ts'
import type { HotRead } from './hot-read.ts'
import { SERVER_TIME_HEADER } from './server-time.ts'

/** SPEC's realtime heartbeat: a comment every 30 s keeps proxies from closing the stream. */
const HEARTBEAT_MS = 30_000
/** How soon a browser reconnects after the stream drops. */
export const RETRY_MS = 2_000

export { SERVER_TIME_HEADER }

/**
 * How long one stamp of the server's clock serves every stream of an event: a change fans out to
 * thousands of screens, each taking the same string (and the same bytes, below) instead of its own.
 */
const STAMP_SHARED_MS = 100
const stamped = new Map<string, { json: string; at: number; data: string }>()

/** The cached state with the server's clock inside (for the stream), the same for a moment. */
function withServerTime(eventId: string, json: string): string {
  const now = Date.now()
  const last = stamped.get(eventId)
  if (last && last.json === json && now - last.at < STAMP_SHARED_MS) return last.data
  const data = `{"serverTime":${now},${json.slice(1)}`
  if (stamped.size >= 1_000) stamped.clear()
  stamped.set(eventId, { json, at: now, data })
  return data
}

const encoder = new TextEncoder()
const encodedMessages = new Map<string, Map<string, Uint8Array>>()

/**
 * One SSE message's bytes, as Hono's writeSSE would write them, made once for all the streams
 * sending the same data (a few recent ones kept per message type).
 */
function sseBytes(event: string, data: string): Uint8Array {
  let recent = encodedMessages.get(event)
  if (!recent) encodedMessages.set(event, (recent = new Map()))
  const known = recent.get(data)
  if (known) return known
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')
  const bytes = encoder.encode(`event: ${event}\n${lines}\n\n`)
  if (recent.size >= 32) recent.delete(recent.keys().next().value ?? '')
  recent.set(data, bytes)
  return bytes
}

export interface LiveDeps {
  auth: Auth
  hub: LiveHub
  cache: StateCache
  /** The state read's answers given again before the app, and its viewers' check. */
  hotRead: HotRead
  /** How often open streams send a heartbeat and check their viewer's access (SPEC: 30 s). */
  heartbeatMs?: number
}

/** `?eventId=`: an event's id, or nothing for the active event. A malformed id is not found. */
const klikkscreenQuery = withSchema(
  validator('query', (query): { eventId?: string } => {
    const eventId = query.eventId
    if (typeof eventId !== 'string' || eventId === '') return {}
    const parsed = PATH_IDS.event.schema.safeParse(eventId)
    if (!parsed.success) throw new ApiError(404, 'not_found', PATH_IDS.event.notFound)
    return { eventId: parsed.data }
  }),
  'query',
  z.object({ eventId: PATH_IDS.event.schema.optional() }),
)

/** The SSE answer of a live stream, in the API document. */
export const LIVE_STREAM = {
  media: 'text/event-stream',
  schema: {
    type: 'string',
    description:
      'Server-sent events: `hello` (`{}`) first, then `state` with a `LiveState` as its JSON data at once and after every change; a `: heartbeat` comment every 30 s. Reconnect after 2 s (`retry`).',
    'x-sse-data': { $ref: '#/components/schemas/LiveState' },
  },
}

/**
 * GET /api/klikkscreen?eventId=…: the state to show (shared/live-state.ts; the active event
 * without an id), for the first paint and for polling when the stream is down. Any signed-in
 * user (SPEC). The hottest read of an evening: a cached body and the server's clock in a
 * header; `no-transform` keeps the compression middleware off it (the body is small, and
 * gzipping it per poll would cost more than it saves).
 */
export function klikkscreenRoutes({ cache, hotRead }: LiveDeps) {
  return new Hono<AppEnv>().get(
    '/',
    documented({
      summary: 'The round to show',
      description:
        "The klikkscreen's state: the given event, or without `eventId` the active one (else, for 12 hours after its end, the evening that ended last, for its closing). For a first paint, and for polling every 5 s while the live stream is down. `X-Server-Time` carries the server's clock (ms).",
      tag: API_TAGS.live,
      access: 'member',
      responses: {
        200: { description: 'The event, its latest round and tables.', json: eventStateSchema },
      },
      errors: [404],
    }),
    klikkscreenQuery,
    async (c) => {
      if (!(await hotRead.viewerOf(c.req.raw.headers)))
        throw new ApiError(401, 'unauthorized', 'auth.unauthorized')
      const eventId = c.req.valid('query').eventId ?? (await cache.shownEventId())
      if (!eventId) throw new ApiError(404, 'no_active_event', 'events:errors.noActiveEvent')
      const body = await cache.stateBytes(eventId)
      if (!body) throw new ApiError(404, 'not_found', 'events:errors.eventNotFound')
      hotRead.note(c.req.raw, eventId, body)
      return c.body(body, 200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store, no-transform',
        [SERVER_TIME_HEADER]: String(Date.now()),
      })
    },
  )
}

/**
 * An SSE answer. `X-Accel-Buffering: no` tells a proxy in front (nginx, docs/deploy) to pass its
 * events on at once even where its configuration would buffer.
 */
export function openStream(c: Context<AppEnv>, run: (stream: SSEStreamingApi) => Promise<void>) {
  c.header('X-Accel-Buffering', 'no')
  return streamSSE(c, run)
}

/**
 * Keeps an SSE stream open with SPEC's 30 s heartbeat until the browser leaves, the server shuts
 * down, or, checked at every heartbeat, `stillAllowed` says its viewer may no longer see it (the
 * stream then closes: a reconnect meets the route's 401 or 403); then runs `cleanUp`. The hub
 * counts it as open meanwhile, by its `kind`. A failed check (the database away) keeps it open.
 */
export function holdOpen(
  stream: SSEStreamingApi,
  {
    hub,
    kind,
    heartbeatMs = HEARTBEAT_MS,
    stillAllowed,
    cleanUp,
    closeWhen,
  }: {
    hub: LiveHub
    kind: LiveStream
    heartbeatMs?: number
    stillAllowed?: () => Promise<boolean>
    cleanUp: () => void
    /** The stream has said its last word (a screen link's `gone`): close it then. */
    closeWhen?: Promise<unknown>
  },
): Promise<void> {
  return new Promise((resolve) => {
    let ended = false
    const beat = setInterval(() => {
      void stream.write(': heartbeat\n\n')
      void stillAllowed?.().then(
        (allowed) => {
          if (allowed || ended) return
          end()
          void stream.close()
        },
        () => {},
      )
    }, heartbeatMs)
    let untrack = () => {}
    const end = () => {
      if (ended) return
      ended = true
      clearInterval(beat)
      untrack()
      cleanUp()
      resolve()
    }
    untrack = hub.track(kind, end)
    stream.onAbort(end)
    void closeWhen?.then(() => {
      end()
      void stream.close()
    })
  })
}

/**
 * A server-sent events stream of something that changes: `hello`, then what `read` gives as a
 * message of type `event`, at once and after every change the hub announces under `key`, in
 * order, and only when it differs from the last one sent (`undefined`: nothing to send). A failed
 * read (the database is away) ends neither the process nor the stream: the viewer keeps what it
 * has, and the next change (the hub re-reads when the database is back) sends a fresh one.
 */
export function changesStream(
  c: Context<AppEnv>,
  {
    hub,
    heartbeatMs,
    kind,
    key,
    event,
    read,
    stillAllowed,
  }: {
    hub: LiveHub
    heartbeatMs?: number
    kind: LiveStream
    key: string
    event: string
    read: () => Promise<string | undefined>
    stillAllowed?: () => Promise<boolean>
  },
) {
  return openStream(c, async (stream) => {
    let open = true
    let queue = Promise.resolve()
    let last: string | undefined
    const send = () => {
      queue = queue
        .then(async () => {
          const data = await read()
          if (!open || data === undefined || data === last) return
          last = data
          await stream.write(sseBytes(event, data))
        })
        .catch((error: unknown) => {
          // A refusal (her access ended a moment ago) is the stream's to end at its next access
          // check, not a fault: no warning with a stack for each change meanwhile.
          if (error instanceof DomainError)
            c.var.log.debug({ reason: error.reason, key }, `live ${event} read refused`)
          else c.var.log.warn({ err: error, key }, `live ${event} read failed`)
        })
    }
    const stop = hub.subscribe(key, send)
    await stream.writeSSE({ event: 'hello', data: '{}', retry: RETRY_MS })
    send()
    await holdOpen(stream, {
      hub,
      kind,
      heartbeatMs,
      stillAllowed,
      cleanUp: () => {
        open = false
        stop()
      },
    })
  })
}

/**
 * A server-sent events stream of one event's state, with the server's clock in it: sent at once,
 * then on every change, in order (GET /api/events/:id/live, for screens and phones).
 */
export function eventStream(
  c: Context<AppEnv>,
  { hub, cache, heartbeatMs }: LiveDeps,
  eventId: string,
  stillAllowed?: () => Promise<boolean>,
) {
  return changesStream(c, {
    hub,
    heartbeatMs,
    kind: 'event',
    key: eventId,
    event: 'state',
    stillAllowed,
    read: async () => {
      const json = await cache.state(eventId)
      return json ? withServerTime(eventId, json) : undefined
    },
  })
}

/**
 * A stream of `changed` messages, one after any change to any event (at most one a second): the
 * admin's events list, and a member's events page, read again when they hear it.
 */
export function changedPings(
  c: Context<AppEnv>,
  { hub, heartbeatMs }: LiveDeps,
  {
    kind,
    minIntervalMs = 0,
    stillAllowed,
  }: {
    kind: LiveStream
    /** A burst of changes (a round seated for 40) is one ping, sent at the end of the interval. */
    minIntervalMs?: number
    stillAllowed?: () => Promise<boolean>
  },
) {
  return openStream(c, async (stream) => {
    let open = true
    let last = 0
    let pending: NodeJS.Timeout | undefined
    const ping = () => {
      pending = undefined
      last = Date.now()
      if (open) void stream.writeSSE({ event: 'changed', data: '{}' })
    }
    const stop = hub.subscribe(ANY, () => {
      if (pending) return
      const wait = last + minIntervalMs - Date.now()
      if (wait <= 0) ping()
      else pending = setTimeout(ping, wait)
    })
    await stream.writeSSE({ event: 'hello', data: '{}', retry: RETRY_MS })
    await holdOpen(stream, {
      hub,
      kind,
      heartbeatMs,
      stillAllowed,
      cleanUp: () => {
        open = false
        clearTimeout(pending)
        stop()
      },
    })
  })
}

/** GET /api/admin/events/live: the admin's list hears that some event changed, and reads again. */
export function adminChangesStream(
  c: Context<AppEnv>,
  live: LiveDeps,
  stillAllowed?: () => Promise<boolean>,
) {
  return changedPings(c, live, { kind: 'admin_events', stillAllowed })
}
