import type { MiddlewareHandler } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.ts'
import type { SeatingPlanner } from '../events/seating-planner.ts'
import { LIVE_STREAMS, type LiveStream } from '../live/live-hub.ts'
import type { JobStats } from '../scheduler/scheduler.ts'
import { readQueueDepth, type QueueDepth } from './queue-depth.ts'
import { methodLabel, routeLabel } from './route-label.ts'

const PREFIX = 'lendulet_'

/** From a cached read (5 ms) to a slow upload or a first mixer run (10 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** MIXER_TIME_MS is 50 ms to 30 s (1.5 s by default); a run adds a worker thread's start. */
const MIXER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30]

export interface ServerMetrics {
  /** This server's own registry (never prom-client's global one: tests run several servers). */
  registry: Registry
  /** Counts and times every request by method, route pattern and status; the app's first middleware. */
  countRequests: MiddlewareHandler
  /** Counts and times one request answered outside the app (the hot read, live/hot-read.ts). */
  countRequest(method: string, route: string, status: number, seconds: number): void
  /** The planner, its runs timed. */
  timePlanner(planner: SeatingPlanner): SeatingPlanner
}

/**
 * Everything /metrics reports, in the Prometheus text format: requests, open live streams, the
 * e-mail queues, the mixing engine's run time, database pool use, and the process itself (CPU,
 * memory, event loop). The gauges are read when Prometheus scrapes, so they cost nothing between
 * scrapes and cannot drift from the truth.
 */
export function createMetrics({
  database,
  openStreams,
  jobs = () => [],
}: {
  database: Database
  /** The live hub's count of open streams by kind. */
  openStreams: () => Record<LiveStream, number>
  /** The scheduler's figures per job (janitor, reminders, outbox, campaigns; jobs.ts). */
  jobs?: () => JobStats[]
}): ServerMetrics {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: PREFIX })

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, until its headers for a live stream (SSE).',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  })

  new Gauge({
    name: `${PREFIX}sse_streams_open`,
    help: 'Live streams (server-sent events) open now, by kind.',
    labelNames: ['stream'] as const,
    registers,
    collect() {
      const open = openStreams()
      for (const stream of LIVE_STREAMS) this.set({ stream }, open[stream])
    },
  })

  // PGlite runs one thing at a time; postgres.js gives each query a connection of its own while
  // one is free and queues (or pipelines) the rest behind busy ones. Either way the connections
  // in use are the work under way up to the pool's size, and whatever is beyond it waits.
  // Registered before the queue gauges, so that a scrape reads the pool before its own queries.
  const poolGauge = (name: string, help: string, value: (active: number, max: number) => number) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      registers,
      collect() {
        const load = database.load?.()
        if (load) this.set(value(load.active, load.maxConnections))
      },
    })
  poolGauge(
    'connections_max',
    'Connections the database pool may open (1: the embedded database).',
    (_, max) => max,
  )
  poolGauge(
    'connections_in_use',
    'Database connections busy with a query or a transaction.',
    (active, max) => Math.min(active, max),
  )
  poolGauge(
    'waiting',
    'Queries and transactions waiting for a database connection.',
    (active, max) => Math.max(0, active - max),
  )

  // One read of the queues per scrape serves its three gauges, which prom-client collects at once.
  let reading: Promise<QueueDepth | undefined> | undefined
  const queues = () =>
    (reading ??= readQueueDepth(database.db)
      // The database is away: the figures are unknown (NaN), and the scrape itself still works.
      .catch(() => undefined)
      .finally(() => {
        reading = undefined
      }))
  const queueGauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        const depth = await queues()
        this.set(depth ? value(depth) : Number.NaN)
      },
    })
  queueGauge(
    'outbox_queue_depth',
    'Transactional e-mails waiting to be sent.',
    (d) => d.outboxDepth,
  )
  queueGauge(
    'outbox_oldest_age_seconds',
    'How long the oldest e-mail waiting to be sent has waited (0 when none waits).',
    (d) => d.outboxOldestSeconds,
  )
  queueGauge(
    'campaign_recipients_pending',
    'Newsletter e-mails still to be sent, across all campaigns.',
    (d) => d.campaignPending,
  )

  // The scheduler keeps its own counts; a scrape copies them (the counters only ever grow).
  const jobCounter = (name: string, help: string, value: (stats: JobStats) => number) =>
    new Counter({
      name: `${PREFIX}${name}`,
      help,
      labelNames: ['job'] as const,
      registers,
      collect() {
        this.reset()
        for (const stats of jobs()) this.inc({ job: stats.name }, value(stats))
      },
    })
  jobCounter('job_runs_total', 'Passes of each scheduled job in this process.', (s) => s.runs)
  jobCounter(
    'job_failures_total',
    'Passes of each scheduled job that failed (each is tried again at its next tick).',
    (s) => s.failures,
  )
  new Gauge({
    name: `${PREFIX}job_last_duration_seconds`,
    help: "How long each scheduled job's last pass took.",
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset()
      for (const { name, lastDurationMs } of jobs())
        if (lastDurationMs !== null) this.set({ job: name }, lastDurationMs / 1000)
    },
  })

  const mixerRuns = new Histogram({
    name: `${PREFIX}mixer_run_seconds`,
    help: "The mixing engine's run time for a round's seating, by outcome (ok or error).",
    labelNames: ['outcome'] as const,
    buckets: MIXER_BUCKETS,
    registers,
  })

  const countRequest = (method: string, route: string, status: number, seconds: number) => {
    const label = methodLabel(method)
    requests.inc({ method: label, route, status: String(status) })
    duration.observe({ method: label, route }, seconds)
  }

  return {
    registry,
    async countRequests(c, next) {
      const started = performance.now()
      await next()
      countRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000)
    },
    countRequest,
    timePlanner(planner) {
      return async (request) => {
        const done = mixerRuns.startTimer()
        try {
          const plan = await planner(request)
          done({ outcome: 'ok' })
          return plan
        } catch (error) {
          done({ outcome: 'error' })
          throw error
        }
      }
    },
  }
}
