import type { Logger } from 'pino'

/**
 * The one clock of the process's timed work: what time it is, and a way to be called back later.
 * Tests pass one they move by hand (scheduler.test.ts).
 */
export interface Clock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The machine's clock; its timers never keep the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms)
    timer.unref()
    return timer
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** When a job runs (jobs.ts holds the server's table of them). */
export interface JobTiming {
  /** Its next pass this long after the last one ended (or the last failed). */
  everyMs: number
  /** Its first pass this long after it is added; everyMs by default. */
  firstAfterMs?: number
  /**
   * Set for a job that only one server process may run at a time: each pass first takes the job's
   * lease in the database for this long (scheduler/job-lease.ts), and a process that cannot take
   * it skips the pass. It must outlast the longest pass.
   */
  leaseMs?: number
}

/**
 * What a pass may ask for: its next pass sooner than everyMs (a rate limit's wait). A pass that
 * asks for nothing returns nothing.
 */
export interface PassResult {
  againInMs?: number
}

const againInMs = (result: unknown) =>
  typeof result === 'object' && result !== null && 'againInMs' in result
    ? (result as PassResult).againInMs
    : undefined

export interface JobDefinition extends JobTiming {
  name: string
  /**
   * One pass. A pass that throws is counted as a failure, logged, and tried at the next tick. A
   * pass that loops stops at `stopping` (the scheduler's shutdown), which waits for it.
   */
  run(stopping: AbortSignal): Promise<PassResult | undefined> | Promise<void>
}

/** The database lease of a leased job: taken before a pass, given back after it. */
export interface JobLeases {
  take(name: string, leaseMs: number): Promise<string | null>
  giveBack(name: string, holder: string): Promise<void>
}

export interface JobStats {
  name: string
  /** Passes run in this process (skipped ones, whose lease another process held, not counted). */
  runs: number
  failures: number
  /** How long the last pass took; null before the first. */
  lastDurationMs: number | null
}

export interface Job {
  /** A pass now (after the one running, if any): something for it has just been written. */
  wake(): void
  /** Runs passes until none is asked for, then resolves (tests: "send what is due"). */
  drain(): Promise<void>
  /** No further passes; resolves once the running one has ended. */
  stop(): Promise<void>
}

export interface Scheduler {
  /** The clock every job reads the time from. */
  readonly clock: Clock
  add(job: JobDefinition): Job
  stats(): JobStats[]
  /** Stops every job and waits for the running passes. */
  stop(): Promise<void>
}

/**
 * One scheduler per server process: every timed job (janitor, reminders, the outbox, campaigns)
 * is a named job of it, with one clock, one shutdown and its figures on /metrics (decision 0078).
 * Within the process a job never runs twice at once; across processes each job keeps its own
 * guard in the database (SKIP LOCKED claims, leases), and a job with `leaseMs` is run by one
 * process at a time.
 */
export function createScheduler({
  logger,
  clock = systemClock,
  leases,
}: {
  logger: Logger
  clock?: Clock
  /** Needed by jobs with a leaseMs (the database's job_leases). */
  leases?: JobLeases
}): Scheduler {
  const jobs = new Map<string, { job: Job; stats: JobStats }>()
  let stopped = false

  function add(definition: JobDefinition): Job {
    const { name, everyMs, firstAfterMs = everyMs, leaseMs } = definition
    if (jobs.has(name)) throw new Error(`scheduler: a job named ${name} exists already`)
    if (leaseMs !== undefined && !leases) throw new Error(`scheduler: ${name} needs leases`)
    const stats: JobStats = { name, runs: 0, failures: 0, lastDurationMs: null }
    let running: Promise<void> | null = null
    let again = false
    let ended = false
    let timer: unknown
    const stopping = new AbortController()

    function plan(ms: number) {
      if (ended) return
      if (timer !== undefined) clock.clearTimeout(timer)
      timer = clock.setTimeout(() => {
        timer = undefined
        start()
      }, ms)
    }

    async function pass(): Promise<unknown> {
      let holder: string | null = null
      if (leaseMs !== undefined && leases) {
        holder = await leases.take(name, leaseMs)
        if (!holder) return // another process runs it now
      }
      const started = clock.now()
      try {
        return await definition.run(stopping.signal)
      } catch (error) {
        stats.failures++
        logger.error({ err: error, job: name }, `${name} failed`)
        return undefined
      } finally {
        stats.runs++
        stats.lastDurationMs = clock.now() - started
        if (holder) await leases?.giveBack(name, holder)
      }
    }

    function start(): Promise<void> {
      if (ended) return Promise.resolve()
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        let next: number
        do {
          again = false
          try {
            const result = await pass()
            next = Math.min(everyMs, againInMs(result) ?? everyMs)
          } catch (error) {
            // The lease could not be taken or given back (the database is away): a failure too.
            stats.failures++
            logger.error({ err: error, job: name }, `${name} failed`)
            next = everyMs
          }
        } while (again && !ended)
        plan(next)
      })().finally(() => {
        running = null
      })
      return running
    }

    const job: Job = {
      wake: () => void start(),
      async drain() {
        await start()
        while (running) await running
      },
      async stop() {
        ended = true
        stopping.abort()
        if (timer !== undefined) clock.clearTimeout(timer)
        timer = undefined
        await running
        jobs.delete(name)
      },
    }
    jobs.set(name, { job, stats })
    if (stopped) ended = true
    else plan(firstAfterMs)
    return job
  }

  return {
    clock,
    add,
    stats: () => [...jobs.values()].map(({ stats }) => ({ ...stats })),
    async stop() {
      stopped = true
      await Promise.all([...jobs.values()].map(({ job }) => job.stop()))
    },
  }
}
