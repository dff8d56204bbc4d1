import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { createTestDatabase } from '../test/test-database.ts'
import { databaseJobLeases } from './job-lease.ts'
import { createScheduler, type Clock } from './scheduler.ts'

const silent = pino({ level: 'silent' })

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

/** A clock that moves only when the test moves it. */
function handClock() {
  let now = 0
  let timers: { at: number; run: () => void }[] = []
  const clock: Clock = {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + ms, run }
      timers.push(timer)
      return timer
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer !== handle)
    },
  }
  return {
    clock,
    /** Moves time on by `ms`, running each timer that falls due, then lets its pass run. */
    async advance(ms: number) {
      now += ms
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now)
        if (due.length === 0) break
        timers = timers.filter((timer) => !due.includes(timer))
        for (const timer of due) timer.run()
        await settle()
      }
      await settle()
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('the scheduler', () => {
  it('counts a pass that throws as a failure and tries the job again at its next tick', async () => {
    const { clock, advance } = handClock()
    const scheduler = createScheduler({ logger: silent, clock })
    cleanup.push(() => scheduler.stop())
    let calls = 0
    scheduler.add({
      name: 'flaky',
      everyMs: 1_000,
      async run() {
        calls++
        if (calls === 1) throw new Error('the database is away')
      },
    })

    await advance(999)
    expect(calls).toBe(0)
    await advance(1)
    expect(calls).toBe(1)
    expect(scheduler.stats()).toEqual([{ name: 'flaky', runs: 1, failures: 1, lastDurationMs: 0 }])

    await advance(1_000)
    expect(calls).toBe(2)
    expect(scheduler.stats()[0]).toMatchObject({ runs: 2, failures: 1 })
  })

  it('runs a woken job at once, and once more after a pass that was woken meanwhile', async () => {
    const { clock, advance } = handClock()
    const scheduler = createScheduler({ logger: silent, clock })
    cleanup.push(() => scheduler.stop())
    const passes: ReturnType<typeof gate>[] = []
    const job = scheduler.add({
      name: 'outbox',
      everyMs: 60_000,
      async run() {
        const pass = gate()
        passes.push(pass)
        await pass.opened
      },
    })
    job.wake()
    job.wake() // while the first pass runs: one more after it, not two at once
    job.wake()
    await settle()
    expect(passes).toHaveLength(1)
    passes[0]?.open()
    await settle()
    expect(passes).toHaveLength(2)
    passes[1]?.open()
    await settle()
    // The next tick counts from the end of the last pass.
    await advance(59_999)
    expect(passes).toHaveLength(2)
    await advance(1)
    expect(passes).toHaveLength(3)
    passes[2]?.open()
  })

  it('waits at its shutdown for the pass under way, and runs nothing after it', async () => {
    const { clock, advance } = handClock()
    const scheduler = createScheduler({ logger: silent, clock })
    const pass = gate()
    let ended = false
    let calls = 0
    let sawStopping = false
    scheduler.add({
      name: 'janitor',
      everyMs: 100,
      async run(stopping) {
        calls++
        await pass.opened
        sawStopping = stopping.aborted
        ended = true
      },
    })
    await advance(100)
    expect(calls).toBe(1)

    let stopped = false
    const stopping = scheduler.stop().then(() => (stopped = true))
    await settle()
    expect(stopped).toBe(false)
    pass.open()
    await stopping
    expect(ended).toBe(true)
    expect(sawStopping).toBe(true)
    await advance(1_000)
    expect(calls).toBe(1)
  })

  it(
    'never runs a leased job in two processes at once, and another takes it over when it is free',
    { timeout: 30_000 },
    async () => {
      const database = await createTestDatabase()
      cleanup.push(database.close)
      let running = 0
      let most = 0
      const ranOn = new Set<number>()
      // Two processes' schedulers on one database: on PostgreSQL each with connections of its
      // own (the embedded database serves one process, so there they share it).
      const second = database.url ? await openDatabase({ databaseUrl: database.url }) : database
      if (second !== database) cleanup.push(second.close)
      const schedulers = [database, second].map((db, process) => {
        const scheduler = createScheduler({
          logger: silent,
          leases: databaseJobLeases(db.db),
        })
        scheduler.add({
          name: 'picks-window',
          everyMs: 5,
          firstAfterMs: 0,
          leaseMs: 10_000,
          async run() {
            running++
            most = Math.max(most, running)
            ranOn.add(process)
            await new Promise((resolve) => setTimeout(resolve, 20))
            running--
          },
        })
        return scheduler
      })
      cleanup.push(async () => {
        await Promise.all(schedulers.map((s) => s.stop()))
      })
      const deadline = Date.now() + 20_000
      while (ranOn.size < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, 300))

      expect(most).toBe(1)
      // Each gave it back after its pass, so both have had it.
      expect([...ranOn].sort()).toEqual([0, 1])
      const runs = schedulers.map((s) => s.stats()[0]?.runs ?? 0)
      expect(runs.every((n) => n > 0)).toBe(true)
    },
  )

  it('leaves a leased job alone while a process that died still holds its lease', async () => {
    const database = await createTestDatabase()
    cleanup.push(database.close)
    const leases = databaseJobLeases(database.db)
    // A process took the lease for 400 ms and died without giving it back.
    expect(await leases.take('janitor', 400)).not.toBeNull()
    expect(await leases.take('janitor', 400)).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const holder = await leases.take('janitor', 400)
    expect(holder).not.toBeNull()
    await leases.giveBack('janitor', holder ?? '')
    expect(await leases.take('janitor', 400)).not.toBeNull()
  })
})
