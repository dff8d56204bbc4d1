import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { designStarts, initialSchedule } from './initial-schedule.ts'
import { lowerBound } from './lower-bound.ts'
import { mulberry32 } from './mulberry32.ts'
import { nearDesign, nearDesignSchedule } from './near-design-schedule.ts'
import { planRounds, WORK_PER_MS } from './plan-rounds.ts'
import type { SearchProblem } from './schedule-state.ts'
import { scorePlan } from './score-plan.ts'
import { tableSizes } from './table-sizes.ts'

const PRIME_POWERS = [2, 3, 4, 5, 7, 8, 9, 11, 13, 16]

const ids = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`)
const everyone = (count: number) => Array.from({ length: count }, (_, i) => i)
const tablesOf = (capacities: readonly number[]) =>
  capacities.map((capacity, t) => ({ id: `t${t}`, capacity }))

/**
 * An event near a design: q tables (a prime power), people one to q − 1 short of k·q (k ≤ q) or
 * beyond q² (tables of q + 1), tables with up to two seats to spare, some rounds.
 */
const nearEvent = fc
  .record({
    q: fc.constantFrom(...PRIME_POWERS),
    k: fc.integer({ min: 2, max: 17 }),
    offset: fc.integer({ min: 0, max: 15 }),
    spare: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 17, maxLength: 17 }),
    rounds: fc.integer({ min: 1, max: 18 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  })
  .map(({ q, k: rawK, offset, spare, rounds, seed }) => {
    const k = Math.min(rawK, q + 1)
    const people = k <= q ? k * q - (offset % q) : q * q + 1 + (offset % (q - 1 || 1))
    const capacities = Array.from({ length: q }, (_, t) => k + (spare[t] ?? 0))
    return { q, k, people, capacities, rounds: Math.min(rounds, q + 2), seed }
  })

/** Pair counts of some rounds (round → table → people). */
function meetingsOf(people: number, rounds: readonly (readonly (readonly number[])[])[]) {
  const count = new Int32Array(people * people)
  for (const round of rounds)
    for (const table of round)
      for (const a of table)
        for (const b of table) if (a < b) count[a * people + b] = (count[a * people + b] ?? 0) + 1
  return count
}

const problemOf = (people: number, sizes: readonly number[], rounds: number): SearchProblem => ({
  people,
  sizes,
  rounds,
  met: new Int32Array(people * people),
  apart: null,
})

describe('nearDesign', () => {
  it('finds the design near water-filled tables', () => {
    expect(nearDesign([5, 5, 5, 5, 4])).toEqual({
      kind: 'fewer',
      q: 5,
      k: 5,
      removed: 1,
      rounds: 6,
    })
    expect(nearDesign([8, 8, 8, 8, 8, 7, 7, 7])).toEqual({
      kind: 'fewer',
      q: 8,
      k: 8,
      removed: 3,
      rounds: 8,
    })
    expect(nearDesign([6, 5, 5, 5, 5])).toEqual({ kind: 'more', q: 5, extras: 1, rounds: 5 })
    expect(nearDesign([4, 4, 4, 4, 4])).toEqual({
      kind: 'fewer',
      q: 5,
      k: 4,
      removed: 0,
      rounds: 5,
    })
    expect(nearDesign([4, 4, 4, 3, 0, 0])).toEqual({
      kind: 'fewer',
      q: 4,
      k: 4,
      removed: 1,
      rounds: 5,
    })
    // 6 tables, sizes two apart, tables above q + 1, a single table.
    expect(nearDesign([4, 4, 4, 4, 4, 4])).toBeNull()
    expect(nearDesign([5, 5, 3])).toBeNull()
    expect(nearDesign([7, 7])).toBeNull()
    expect(nearDesign([4])).toBeNull()
  })

  it('seats everyone once per round at tables of the water-filled sizes; fewer people add no repeat, extras meet anyone at most twice', () => {
    fc.assert(
      fc.property(nearEvent, ({ people, capacities }) => {
        const sizes = tableSizes(capacities, people)
        const design = nearDesign(sizes)
        if (sizes.every((size) => size >= 2)) expect(design).not.toBeNull()
        fc.pre(design !== null)
        if (!design) return
        const rounds = design.rounds
        expect(rounds).toBeGreaterThanOrEqual(design.q)
        const schedule = nearDesignSchedule(design, rounds)
        expect(schedule).toHaveLength(rounds)
        const used = sizes.filter((size) => size > 0).sort((a, b) => a - b)
        for (const round of schedule ?? []) {
          expect(round.flat().sort((a, b) => a - b)).toEqual(everyone(people))
          expect(round.map((table) => table.length).sort((a, b) => a - b)).toEqual(used)
        }
        const count = meetingsOf(people, schedule ?? [])
        const most = Math.max(...count)
        let repeats = 0
        for (const c of count) repeats += Math.max(0, c - 1)
        if (design.kind === 'fewer') expect(most).toBeLessThanOrEqual(1)
        else {
          expect(Math.max(...sizes)).toBe(design.q + 1)
          expect(most).toBeLessThanOrEqual(2)
          expect(repeats).toBe((design.extras * rounds * (rounds - 1)) / 2)
        }
      }),
      { seed: 19, numRuns: 300 },
    )
  })

  it('starts the search from it, the same for the same seed', () => {
    fc.assert(
      fc.property(nearEvent, ({ people, capacities, rounds, seed }) => {
        const sizes = tableSizes(capacities, people)
        const problem = problemOf(people, sizes, rounds)
        const starts = designStarts(problem, true)
        const designed = starts.first
        fc.pre(designed > 0)
        const designRounds = starts.rounds.slice(0, designed)
        const start = initialSchedule(problem, designRounds, mulberry32(seed))
        expect(initialSchedule(problem, designRounds, mulberry32(seed))).toEqual(start)
        // Round-major slots, table t's slots after those of the tables before it.
        const byRound = Array.from({ length: rounds }, (_, r) => {
          let slot = r * people
          return sizes.map((size) => {
            const table = Array.from(start.subarray(slot, slot + size))
            slot += size
            return table
          })
        })
        for (const round of byRound)
          expect(round.flat().sort((a, b) => a - b)).toEqual(everyone(people))
        const design = nearDesign(sizes)
        if (design?.kind === 'fewer')
          expect(Math.max(...meetingsOf(people, byRound.slice(0, designed)))).toBeLessThanOrEqual(1)
      }),
      { seed: 20, numRuns: 200 },
    )
  })
})

describe('planRounds near a design', () => {
  it('seats everyone once per round, within capacity, balanced, the same for the same seed', () => {
    fc.assert(
      fc.property(nearEvent, ({ people, capacities, rounds, seed }) => {
        const event = {
          participants: ids(people),
          tables: tablesOf(capacities),
          roundsRemaining: rounds,
          seed,
          timeBudgetMs: 600_000,
          maxWork: 300_000,
        }
        const { plan, stats } = planRounds(event)
        const sizes = tableSizes(capacities, people)
        expect(plan).toHaveLength(rounds)
        for (const round of plan) {
          expect(Object.values(round).flat().sort()).toEqual(ids(people).sort())
          event.tables.forEach((table, t) => {
            expect(round[table.id]?.length).toBeLessThanOrEqual(table.capacity)
            expect(round[table.id]).toHaveLength(sizes[t] ?? -1)
          })
          const used = Object.values(round)
            .map((group) => group.length)
            .filter((size) => size > 0)
          expect(Math.max(...used) - Math.min(...used)).toBeLessThanOrEqual(1)
        }
        const again = planRounds(structuredClone(event))
        expect(again.plan).toEqual(plan)
        expect({ ...again.stats, elapsedMs: 0 }).toEqual({ ...stats, elapsedMs: 0 })
        // Within the design's rounds, never worse than the design itself.
        const design = nearDesign(sizes)
        if (design && rounds <= design.rounds) {
          if (design.kind === 'fewer') expect(stats).toMatchObject({ repeats: 0, optimal: true })
          else if (rounds > 1)
            expect(stats).toMatchObject({
              maxMeetings: 2,
              squaredExcess: (design.extras * rounds * (rounds - 1)) / 2,
              optimal: true,
            })
        }
      }),
      { seed: 21, numRuns: 60 },
    )
  })

  it('keeps the host’s pairs apart when it starts from a design, everyone still seated once', () => {
    fc.assert(
      fc.property(
        nearEvent,
        fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
        ({ people, capacities, rounds, seed }, picks) => {
          // Up to four pairs of different people (the admin's keep-apart list).
          const order = [...new Set(picks.map((pick) => pick % people))]
          const keepApart = Array.from(
            { length: Math.floor(order.length / 2) },
            (_, i): [string, string] => [`p${order[2 * i]}`, `p${order[2 * i + 1]}`],
          )
          fc.pre(keepApart.length > 0)
          const event = {
            participants: ids(people),
            tables: tablesOf(capacities),
            keepApart,
            roundsRemaining: rounds,
            seed,
            timeBudgetMs: 600_000,
            maxWork: 300_000,
          }
          const { plan, stats } = planRounds(event)
          const sizes = tableSizes(capacities, people)
          expect(stats.keepApartViolations).toBe(0)
          for (const round of plan) {
            expect(Object.values(round).flat().sort()).toEqual(ids(people).sort())
            event.tables.forEach((table, t) => expect(round[table.id]).toHaveLength(sizes[t] ?? -1))
            for (const [a, b] of keepApart)
              for (const group of Object.values(round))
                expect(group.includes(a) && group.includes(b)).toBe(false)
          }
          expect(planRounds(structuredClone(event)).plan).toEqual(plan)
        },
      ),
      { seed: 13, numRuns: 40 },
    )
  })

  // The bench's budgets (bench/mixer.ts) as work caps, with a clock that never stops the search.
  const instance = (people: number, tables: number, size: number, rounds: number, ms: number) =>
    planRounds({
      participants: ids(people),
      tables: tablesOf(Array.from({ length: tables }, () => size)),
      roundsRemaining: rounds,
      seed: 1,
      timeBudgetMs: 600_000,
      maxWork: ms * WORK_PER_MS,
    }).stats

  it('seats 24 people at 5 tables of 5 for 6 rounds with no repeat (AG(2, 5) less one person)', () => {
    expect(instance(24, 5, 5, 6, 1000)).toMatchObject({ repeats: 0, maxMeetings: 1, optimal: true })
  })

  it('seats 26 people at 5 tables of 6 for 5 rounds with 10 repeats, none three times (AG(2, 5) plus one)', () => {
    expect(instance(26, 5, 6, 5, 1000)).toMatchObject({
      repeats: 10,
      maxMeetings: 2,
      squaredExcess: 10,
      optimal: true,
    })
  })

  it('seats 61 people at 8 tables of 8 for 5 rounds with no repeat (AG(2, 8) less three people)', () => {
    expect(instance(61, 8, 8, 5, 2000)).toMatchObject({ repeats: 0, maxMeetings: 1, optimal: true })
  })
})

describe('lowerBound', () => {
  it('is never above the score of a random schedule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (capacities, wanted, rounds, seed) => {
          const seats = capacities.reduce((sum, cap) => sum + cap, 0)
          const people = Math.min(wanted, seats)
          const sizes = tableSizes(capacities, people)
          const rng = mulberry32(seed)
          const schedule = Array.from({ length: rounds }, () => {
            const order = ids(people)
            for (let i = order.length - 1; i > 0; i--) {
              const j = rng.int(i + 1)
              ;[order[i], order[j]] = [order[j] ?? '', order[i] ?? '']
            }
            let next = 0
            return Object.fromEntries(
              sizes.map((size, t) => [`t${t}`, order.slice(next, (next += size))]),
            )
          })
          const score = scorePlan({ participants: ids(people) }, schedule)
          const bound = lowerBound(people, new Int32Array(people * people), sizes, rounds)
          expect(score.maxMeetings).toBeGreaterThanOrEqual(bound.maxMeetings)
          expect(score.squaredExcess).toBeGreaterThanOrEqual(bound.squaredExcess)
        },
      ),
      { seed: 22, numRuns: 500 },
    )
  })
})
