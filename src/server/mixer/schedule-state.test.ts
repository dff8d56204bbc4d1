import { describe, expect, it } from 'vitest'
import { mulberry32 } from './mulberry32.ts'
import { ScheduleState, type SearchProblem } from './schedule-state.ts'

/** n×n symmetric matrix with the given pairs set to `value`. */
function matrix<T extends Int32Array | Uint8Array>(
  make: new (length: number) => T,
  n: number,
  pairs: [number, number][],
): T {
  const m = new make(n * n)
  for (const [a, b] of pairs) {
    m[a * n + b] = 1
    m[b * n + a] = 1
  }
  return m
}

// 6 people at two tables of 3 over two rounds; 0 and 1 met before, 0 and 2 must be kept apart.
const problem: SearchProblem = {
  people: 6,
  sizes: [3, 3],
  rounds: 2,
  met: matrix(Int32Array, 6, [[0, 1]]),
  apart: matrix(Uint8Array, 6, [[0, 2]]),
}
// Round 0: {0, 1, 2} and {3, 4, 5}; round 1: {0, 3, 4} and {1, 2, 5}.
const schedule = Int32Array.from([0, 1, 2, 3, 4, 5, 0, 3, 4, 1, 2, 5])

/** Everything the accessors tell, to compare two states. */
function snapshot(state: ScheduleState) {
  const { people: n, rounds, tables } = state
  const meetings = Array.from({ length: n }, (_, a) =>
    Array.from({ length: n }, (_, b) => state.meetings(a, b)),
  )
  const seats = Array.from({ length: rounds }, (_, r) => ({
    people: Array.from({ length: n }, (_, s) => state.personAt(r, s)),
    tables: Array.from({ length: n }, (_, p) => state.tableOf(r, p)),
  }))
  return {
    meetings,
    seats,
    levels: Array.from({ length: rounds + 3 }, (_, c) => state.pairsMeeting(c)),
    tables: Array.from({ length: tables }, (_, t) => [state.tableStart(t), state.tableEnd(t)]),
    cost: [state.keepApartViolations, state.maxMeetings, state.squaredExcess],
  }
}

describe('ScheduleState', () => {
  it('counts meetings, earlier rounds included, and the objective of a loaded schedule', () => {
    const state = new ScheduleState(problem)
    state.load(schedule)
    expect(state.meetings(0, 1)).toBe(2)
    expect(state.meetings(1, 0)).toBe(2)
    expect(state.meetings(1, 2)).toBe(2)
    expect(state.meetings(3, 4)).toBe(2)
    expect(state.meetings(0, 2)).toBe(1)
    expect(state.meetings(0, 5)).toBe(0)
    expect([0, 1, 2].map((times) => state.pairsMeeting(times))).toEqual([5, 7, 3])
    expect(state.keptApart(2, 0)).toBe(1)
    expect(state.keptApart(0, 1)).toBe(0)
    expect(state.keepApartViolations).toBe(1)
    expect(state.maxMeetings).toBe(2)
    expect(state.squaredExcess).toBe(3)
  })

  it('tells who sits where', () => {
    const state = new ScheduleState(problem)
    state.load(schedule)
    expect([
      state.tableStart(0),
      state.tableEnd(0),
      state.tableStart(1),
      state.tableEnd(1),
    ]).toEqual([0, 3, 3, 6])
    expect(state.personAt(1, 3)).toBe(1)
    expect(state.tableOf(1, 1)).toBe(1)
    expect(state.tableOf(1, 3)).toBe(0)
    const copy = new Int32Array(schedule.length)
    state.copyTo(copy)
    expect(copy).toEqual(schedule)
  })

  it('gives the change in Σ (m − 1)² when a pair meets once more or once less', () => {
    const state = new ScheduleState(problem)
    expect([0, 1, 2, 3].map((times) => state.excessIfOneMore(times))).toEqual([0, 1, 3, 5])
    expect([0, 1, 2, 3].map((times) => state.excessIfOneLess(times))).toEqual([0, 0, -1, -3])
  })

  it('after a swap, reads as the swapped schedule loaded anew', () => {
    const state = new ScheduleState(problem)
    state.load(schedule)
    state.swap(0, 2, 3)
    expect(state.meetings(0, 2)).toBe(0)
    expect(state.meetings(0, 3)).toBe(2)
    expect(state.keepApartViolations).toBe(0)
    const swapped = Int32Array.from([0, 1, 3, 2, 4, 5, 0, 3, 4, 1, 2, 5])
    const fresh = new ScheduleState(problem)
    fresh.load(swapped)
    expect(snapshot(state)).toEqual(snapshot(fresh))
  })

  it('keeps every count right over many random swaps at uneven tables', () => {
    const rng = mulberry32(7)
    const n = 11
    const pairs = (count: number) =>
      Array.from({ length: count }, (): [number, number] => [rng.int(n), rng.int(n)]).filter(
        ([a, b]) => a !== b,
      )
    const met = new Int32Array(n * n)
    for (const [a, b] of pairs(20)) {
      met[a * n + b] = (met[a * n + b] ?? 0) + 1
      met[b * n + a] = (met[b * n + a] ?? 0) + 1
    }
    const uneven: SearchProblem = {
      people: n,
      sizes: [4, 0, 3, 4],
      rounds: 3,
      met,
      apart: matrix(Uint8Array, n, pairs(4)),
    }
    const order = Int32Array.from({ length: 3 * n }, (_, i) => i % n)
    const state = new ScheduleState(uneven)
    state.load(order)
    const fresh = new ScheduleState(uneven)
    const current = new Int32Array(order.length)
    for (let i = 0; i < 300; i++) {
      const r = rng.int(3)
      const a = rng.int(n)
      const b = rng.int(n)
      if (state.tableOf(r, a) === state.tableOf(r, b)) continue
      state.swap(r, a, b)
      state.copyTo(current)
      fresh.load(current)
      expect(snapshot(state)).toEqual(snapshot(fresh))
    }
  })
})
