import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { validator } from 'hono/validator'
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
import {
  createSseStream,
  encodeSse,
  joinHeartbeats,
  sseMessage,
  type SseStream,
} from './sse-stream.ts'

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
export function withServerTime(eventId: string, json: string): string {
  const now = Date.now()
  const last = stamped.get(eventId)
  if (last && last.json === json && now - last.at < STAMP_SHARED_MS) return last.data
  const data = `{"serverTime":${now},${json.slice(1)}`
  if (stamped.size >= 1_000) stamped.clear()
  stamped.set(eventId, { json, at: now, data })
  return data
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

/** The first message of every stream, with the browser's reconnect delay. */
const HELLO = encodeSse('hello', '{}', RETRY_MS)
const CHANGED = encodeSse('changed', '{}')

/**
 * An SSE answer (decision 84: what it keeps per reader is bounded; src/server/live/sse-stream.ts).
 * The headers are those of Hono's streamSSE; `X-Accel-Buffering: no` tells a proxy in front
 * (nginx, docs/deploy) to pass its events on at once even where its configuration would buffer.
 * `run` fills the stream; when it returns (or throws), the stream ends once what waits is sent.
 */
export function openStream(c: Context<AppEnv>, run: (stream: SseStream) => Promise<void>) {
  // Served by node:http (not in tests calling app.request): a hopeless reader's socket is dropped.
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
  const stream = createSseStream({
    cut: outgoing && (() => outgoing.destroy()),
    response: outgoing,
  })
  c.header('Transfer-Encoding', 'chunked')
  c.header('Content-Type', 'text/event-stream')
  c.header('Cache-Control', 'no-cache')
  c.header('Connection', 'keep-alive')
  c.header('X-Accel-Buffering', 'no')
  run(stream)
    .catch((error: unknown) => c.var.log.error({ err: error }, 'live stream failed'))
    .finally(() => stream.close())
  return c.newResponse(stream.body)
}

/**
 * Keeps an SSE stream open with SPEC's 30 s heartbeat (one shared timer) until the browser leaves,
 * the server shuts down, the reader is hopelessly behind (the stream is cut; EventSource
 * reconnects), or, checked at every heartbeat, `stillAllowed` says its viewer may no longer see it
 * (the stream then closes: a reconnect meets the route's 401 or 403); then runs `cleanUp`. The hub
 * counts it as open meanwhile, by its `kind`. A failed check (the database away) keeps it open.
 */
export function holdOpen(
  stream: SseStream,
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
    /** One access check at a time: a slow database does not pile them up. */
    let checking = false
    const leave = joinHeartbeats(heartbeatMs, () => {
      if (!stream.beat() || !stillAllowed || checking) return
      checking = true
      stillAllowed()
        .then(
          (allowed) => {
            if (allowed || ended) return
            end()
            stream.close()
          },
          () => {},
        )
        .finally(() => (checking = false))
    })
    let untrack = () => {}
    const end = () => {
      if (ended) return
      ended = true
      leave()
      untrack()
      cleanUp()
      resolve()
    }
    untrack = hub.track(kind, end)
    // At once if the reader has already gone (before this stream was held open).
    stream.onEnd(end)
    void closeWhen?.then(() => {
      end()
      stream.close()
    })
  })
}

/**
 * Reads with `read` and hands what it gives to `deliver`, one read at a time: changes that come
 * while a read runs are folded into one more read after it, so the last change is never missed
 * and a stream holds one pending read, however fast changes come.
 */
export function latestReader(
  read: () => Promise<void>,
  onError: (error: unknown) => void,
): () => void {
  let reading = false
  let again = false
  const run = async () => {
    for (;;) {
      try {
        await read()
      } catch (error) {
        onError(error)
      }
      if (!again) break
      again = false
    }
    reading = false
  }
  return () => {
    if (reading) {
      again = true
      return
    }
    reading = true
    // After the hub has told every listener (the state cache drops its copy among them), not
    // in the middle: a read now would give the state before the change.
    queueMicrotask(() => void run())
  }
}

/**
 * A server-sent events stream of something that changes: `hello`, then what `read` gives as a
 * message of type `event`, at once and after every change the hub announces under `key`, and only
 * when it differs from the last one sent (`undefined`: nothing to send). A reader that is behind
 * gets the newest one, not every one in between. A failed read (the database is away) ends neither
 * the process nor the stream: the viewer keeps what it has, and the next change (the hub re-reads
 * when the database is back) sends a fresh one.
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
    stamp = (data) => data,
    stillAllowed,
  }: {
    hub: LiveHub
    heartbeatMs?: number
    kind: LiveStream
    key: string
    event: string
    read: () => Promise<string | undefined>
    /** What is sent of a read that differs from the last one (the server's clock put in). */
    stamp?: (data: string) => string
    stillAllowed?: () => Promise<boolean>
  },
) {
  return openStream(c, async (stream) => {
    let open = true
    let last: string | undefined
    const send = latestReader(
      async () => {
        if (!open) return
        const data = await read()
        if (!open || data === undefined || data === last) return
        last = data
        stream.sendLatest(sseMessage(event, stamp(data)))
      },
      (error) => {
        // A refusal (her access ended a moment ago) is the stream's to end at its next access
        // check, not a fault: no warning with a stack for each change meanwhile.
        if (error instanceof DomainError)
          c.var.log.debug({ reason: error.reason, key }, `live ${event} read refused`)
        else c.var.log.warn({ err: error, key }, `live ${event} read failed`)
      },
    )
    const stop = hub.subscribe(key, send)
    stream.send(HELLO)
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
    read: async () => (await cache.state(eventId)) ?? undefined,
    stamp: (json) => withServerTime(eventId, json),
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
      if (open) stream.ping(CHANGED)
    }
    const stop = hub.subscribe(ANY, () => {
      if (pending) return
      const wait = last + minIntervalMs - Date.now()
      if (wait <= 0) ping()
      else pending = setTimeout(ping, wait)
    })
    stream.send(HELLO)
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
