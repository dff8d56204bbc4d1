import { designRounds, initialSchedule } from './initial-schedule.ts'
import { lowerBound, type Bound } from './lower-bound.ts'
import { mulberry32 } from './mulberry32.ts'

/** The planning problem on indices: people 0..n−1, tables 0..T−1 with fixed sizes per round. */
export interface SearchProblem {
  people: number
  /** People per table, the same in every planned round; they sum to `people`. */
  sizes: readonly number[]
  rounds: number
  /** n×n, symmetric: how often each pair met in earlier rounds. */
  met: Int32Array
  /** n×n, symmetric: 1 for pairs that must not sit together; null when there are none. */
  apart: Uint8Array | null
}

export interface SearchLimits {
  seed: number
  /** Cap on search work (pair-count lookups); the search is reproducible up to this cap. */
  maxWork: number
  /** Safety stop on the clock `now`, in its units; only an overloaded machine should reach it. */
  deadline: number
  now: () => number
  /** Whether design-theory constructions may seed the search. */
  constructions: boolean
}

export type StopReason = 'optimal' | 'work_limit' | 'time_limit'

export interface SearchOutcome {
  /** round → table → people. */
  schedule: number[][][]
  steps: number
  work: number
  stoppedBy: StopReason
  bound: Bound
}

/**
 * A swap's change is scored as one number, (4·Δkeep-apart + Δmax)·M_UNIT + ΔΣ(m−1)², which orders
 * moves lexicographically while |ΔΣ| < M_UNIT / 2 (it is at most 4·table size·most meetings).
 */
const M_UNIT = 2 ** 26
/** About this much work per step: large instances look at a sample of the people in conflict. */
const STEP_WORK = 40_000
/** Tabu tenure: short, since a step already looks at every swap of everyone in conflict. */
const TENURE_MIN = 2
const TENURE_SPREAD = 4
/** Steps without a better schedule before a kick, and kicks before a restart. */
const STALL_STEPS = 400
const KICKS = 4
const PERTURBATIONS = 10
const CLOCK_EVERY = 64

const excess = (meetings: number) => (meetings > 1 ? (meetings - 1) ** 2 : 0)

/**
 * Tabu search over swaps of two people at different tables in the same round (Dotú & Van
 * Hentenryck): each step takes the best non-tabu swap that moves someone who sits with a person
 * they meet more than once, with incremental scores from a pair-count matrix. After a stall it
 * goes back to the run's best schedule and kicks it with a few random swaps; after several kicks
 * without progress it restarts from a new starting schedule. Apart from the clock as a safety
 * stop, every choice comes from the seeded PRNG, so the outcome depends on the seed and `maxWork`.
 */
export function searchSchedule(problem: SearchProblem, limits: SearchLimits): SearchOutcome {
  const { people: n, sizes, rounds: R, met, apart } = problem
  const T = sizes.length
  const rng = mulberry32(limits.seed)
  const bound = lowerBound(n, met, sizes, R)

  const start = new Int32Array(T + 1)
  for (let t = 0; t < T; t++) start[t + 1] = (start[t] ?? 0) + (sizes[t] ?? 0)
  const tableOfSlot = new Int32Array(n)
  for (let t = 0; t < T; t++)
    for (let s = start[t] ?? 0; s < (start[t + 1] ?? 0); s++) tableOfSlot[s] = t

  let historyMax = 0
  for (let i = 0; i < n * n; i++) historyMax = Math.max(historyMax, met[i] ?? 0)
  const top = historyMax + R + 2
  const incS = new Float64Array(top + 1)
  const decS = new Float64Array(top + 1)
  for (let c = 0; c < top; c++) {
    incS[c] = excess(c + 1) - excess(c)
    decS[c] = c > 0 ? excess(c - 1) - excess(c) : 0
  }

  // round r, slot s → person; round r, person p → slot.
  const members = new Int32Array(R * n)
  const slotOf = new Int32Array(R * n)
  const count = new Int32Array(n * n)
  const levels = new Int32Array(top + 1)
  let M = 0
  let S = 0
  let V = 0

  const load = (from: Int32Array) => {
    members.set(from)
    count.set(met)
    for (let r = 0; r < R; r++) {
      const base = r * n
      for (let s = 0; s < n; s++) slotOf[base + (members[base + s] ?? 0)] = s
      for (let t = 0; t < T; t++) {
        const end = start[t + 1] ?? 0
        for (let s1 = start[t] ?? 0; s1 < end; s1++) {
          const x = members[base + s1] ?? 0
          for (let s2 = s1 + 1; s2 < end; s2++) {
            const y = members[base + s2] ?? 0
            count[x * n + y] = (count[x * n + y] ?? 0) + 1
            count[y * n + x] = (count[y * n + x] ?? 0) + 1
          }
        }
      }
    }
    levels.fill(0)
    M = 0
    S = 0
    V = 0
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const c = count[a * n + b] ?? 0
        levels[c] = (levels[c] ?? 0) + 1
        if (c > M) M = c
        S += excess(c)
      }
    if (apart) {
      for (let r = 0; r < R; r++)
        for (let t = 0; t < T; t++) {
          const end = start[t + 1] ?? 0
          for (let s1 = start[t] ?? 0; s1 < end; s1++)
            for (let s2 = s1 + 1; s2 < end; s2++)
              V += apart[(members[r * n + s1] ?? 0) * n + (members[r * n + s2] ?? 0)] ?? 0
        }
    }
  }

  const bump = (u: number, v: number, delta: number) => {
    const c = count[u * n + v] ?? 0
    levels[c] = (levels[c] ?? 0) - 1
    levels[c + delta] = (levels[c + delta] ?? 0) + 1
    S += excess(c + delta) - excess(c)
    count[u * n + v] = c + delta
    count[v * n + u] = c + delta
    if (apart) V += (apart[u * n + v] ?? 0) * delta
  }

  const swap = (r: number, a: number, b: number) => {
    const base = r * n
    const sa = slotOf[base + a] ?? 0
    const sb = slotOf[base + b] ?? 0
    const A = tableOfSlot[sa] ?? 0
    const B = tableOfSlot[sb] ?? 0
    for (let s = start[A] ?? 0; s < (start[A + 1] ?? 0); s++) {
      const x = members[base + s] ?? 0
      if (x === a) continue
      bump(a, x, -1)
      bump(b, x, 1)
    }
    for (let s = start[B] ?? 0; s < (start[B + 1] ?? 0); s++) {
      const y = members[base + s] ?? 0
      if (y === b) continue
      bump(b, y, -1)
      bump(a, y, 1)
    }
    members[base + sa] = b
    members[base + sb] = a
    slotOf[base + a] = sb
    slotOf[base + b] = sa
    if ((levels[M + 1] ?? 0) > 0) M++
    while (M > 0 && (levels[M] ?? 0) === 0) M--
  }

  const better = (v: number, m: number, s: number, than: readonly number[]) =>
    v !== than[0] ? v < (than[0] ?? 0) : m !== than[1] ? m < (than[1] ?? 0) : s < (than[2] ?? 0)

  // The first run starts from the better of the design (where it fits) and a greedy schedule.
  // Restarts take one designed round fewer: a full design that falls short of the rounds asked
  // for is a deep local optimum (32 people at 8 tables of 4: 8 designed rounds and 2 greedy ones
  // end at 16 repeats, 7 and 3 reach 8–12 within the same work).
  let work = 0
  const designed = designRounds(problem, limits.constructions)
  const nextStart = (rounds: number) => {
    work += n * n
    return initialSchedule(problem, rounds, rng)
  }
  const best = new Int32Array(R * n)
  const bestCost = [Infinity, Infinity, Infinity]
  const runBest = new Int32Array(R * n)
  const runCost = [Infinity, Infinity, Infinity]
  const firstStarts = designed > 0 ? [nextStart(designed), nextStart(0)] : [nextStart(0)]
  for (const candidate of firstStarts) {
    load(candidate)
    if (better(V, M, S, bestCost)) {
      best.set(candidate)
      bestCost.splice(0, 3, V, M, S)
    }
  }
  load(best)
  runBest.set(best)
  runCost.splice(0, 3, ...bestCost)

  const tabuUntil = new Int32Array(R * n * T)
  const conflictStamp = new Int32Array(R * n)
  const conflicts = new Int32Array(R * n)
  let steps = 0
  let stall = 0
  let perturbations = 0
  let stoppedBy: StopReason = 'work_limit'
  // With everyone at one table there is nothing to swap.
  const movable = sizes.filter((size) => size > 0).length > 1

  // Everyone who, in some round, sits with a person met more than once or kept apart.
  const findConflicts = () => {
    let found = 0
    for (let r = 0; r < R; r++) {
      const base = r * n
      for (let t = 0; t < T; t++) {
        const end = start[t + 1] ?? 0
        for (let s1 = start[t] ?? 0; s1 < end; s1++) {
          const x = members[base + s1] ?? 0
          for (let s2 = s1 + 1; s2 < end; s2++) {
            const y = members[base + s2] ?? 0
            if ((count[x * n + y] ?? 0) < 2 && (apart === null || apart[x * n + y] === 0)) continue
            if (conflictStamp[base + x] !== steps) {
              conflictStamp[base + x] = steps
              conflicts[found++] = base + x
            }
            if (conflictStamp[base + y] !== steps) {
              conflictStamp[base + y] = steps
              conflicts[found++] = base + y
            }
          }
        }
        work += ((end - (start[t] ?? 0)) * (end - (start[t] ?? 0) - 1)) / 2
      }
    }
    return found
  }

  let moveRound = -1
  let moveA = -1
  let moveB = -1
  /** Sets moveRound/moveA/moveB to the best admissible swap moving one of the first `take` conflicts. */
  const chooseMove = (take: number) => {
    let bestKey = Infinity
    let ties = 0
    moveRound = -1
    for (let i = 0; i < take; i++) {
      const entry = conflicts[i] ?? 0
      const r = Math.floor(entry / n)
      const a = entry - r * n
      const base = r * n
      const A = tableOfSlot[slotOf[base + a] ?? 0] ?? 0
      const startA = start[A] ?? 0
      const endA = start[A + 1] ?? 0
      const rowA = a * n
      // a leaving table A.
      let leaveS = 0
      let leaveDown = 0
      let leaveV = 0
      for (let s = startA; s < endA; s++) {
        const x = members[base + s] ?? 0
        if (x === a) continue
        const c = count[rowA + x] ?? 0
        leaveS += decS[c] ?? 0
        if (c === M) leaveDown++
        if (apart) leaveV -= apart[rowA + x] ?? 0
      }
      for (let B = 0; B < T; B++) {
        if (B === A) continue
        const startB = start[B] ?? 0
        const endB = start[B + 1] ?? 0
        if (endB === startB) continue
        // a joining all of table B; the term for the one who leaves it is taken off below.
        let joinS = 0
        let joinUp = 0
        let joinToM = 0
        let joinV = 0
        for (let s = startB; s < endB; s++) {
          const y = members[base + s] ?? 0
          const c = count[rowA + y] ?? 0
          joinS += incS[c] ?? 0
          if (c === M) joinUp++
          else if (c === M - 1) joinToM++
          if (apart) joinV += apart[rowA + y] ?? 0
        }
        for (let sb = startB; sb < endB; sb++) {
          const b = members[base + sb] ?? 0
          const rowB = b * n
          const cab = count[rowA + b] ?? 0
          let dS = leaveS + joinS - (incS[cab] ?? 0)
          let up = joinUp - (cab === M ? 1 : 0)
          let toM = joinToM - (cab === M - 1 ? 1 : 0)
          let down = leaveDown
          let dV = leaveV + joinV - (apart ? (apart[rowA + b] ?? 0) : 0)
          for (let s = startB; s < endB; s++) {
            const y = members[base + s] ?? 0
            if (y === b) continue
            const c = count[rowB + y] ?? 0
            dS += decS[c] ?? 0
            if (c === M) down++
            if (apart) dV -= apart[rowB + y] ?? 0
          }
          for (let s = startA; s < endA; s++) {
            const x = members[base + s] ?? 0
            if (x === a) continue
            const c = count[rowB + x] ?? 0
            dS += incS[c] ?? 0
            if (c === M) up++
            else if (c === M - 1) toM++
            if (apart) dV += apart[rowB + x] ?? 0
          }
          work += endB - startB + endA - startA
          const dM = up > 0 ? 1 : (levels[M] ?? 0) - down + toM === 0 ? -1 : 0
          const key = (dV * 4 + dM) * M_UNIT + dS
          if (key > bestKey) continue
          const tabu =
            (tabuUntil[(base + a) * T + B] ?? 0) > steps ||
            (tabuUntil[(base + b) * T + A] ?? 0) > steps
          if (tabu && !better(V + dV, M + dM, S + dS, runCost)) continue
          if (key < bestKey) {
            bestKey = key
            ties = 1
          } else if (rng.int(++ties) !== 0) continue
          moveRound = r
          moveA = a
          moveB = b
        }
      }
    }
  }

  for (;;) {
    if (!movable || (V === 0 && M === bound.maxMeetings && S === bound.squaredExcess)) {
      stoppedBy = 'optimal'
      break
    }
    if (work >= limits.maxWork) break
    if (steps % CLOCK_EVERY === 0 && limits.now() >= limits.deadline) {
      stoppedBy = 'time_limit'
      break
    }
    steps++

    const found = findConflicts()
    if (found === 0) {
      // Every planned pair meets for the first time and nobody kept apart sits together.
      stoppedBy = 'optimal'
      break
    }
    const perConflict = Math.max(1, n * 2 * (n / Math.max(1, T)))
    const take = Math.min(found, Math.max(1, Math.floor(STEP_WORK / perConflict)))
    for (let i = 0; i < take; i++) {
      const j = i + rng.int(found - i)
      const picked = conflicts[j] ?? 0
      conflicts[j] = conflicts[i] ?? 0
      conflicts[i] = picked
    }

    chooseMove(take)
    if (moveRound < 0) continue

    const base = moveRound * n
    const fromA = tableOfSlot[slotOf[base + moveA] ?? 0] ?? 0
    const fromB = tableOfSlot[slotOf[base + moveB] ?? 0] ?? 0
    swap(moveRound, moveA, moveB)
    tabuUntil[(base + moveA) * T + fromA] = steps + TENURE_MIN + rng.int(TENURE_SPREAD)
    tabuUntil[(base + moveB) * T + fromB] = steps + TENURE_MIN + rng.int(TENURE_SPREAD)

    if (better(V, M, S, runCost)) {
      runBest.set(members)
      runCost.splice(0, 3, V, M, S)
      if (better(V, M, S, bestCost)) {
        best.set(members)
        bestCost.splice(0, 3, V, M, S)
      }
      stall = 0
      perturbations = 0
    } else if (++stall >= STALL_STEPS) {
      stall = 0
      tabuUntil.fill(0)
      if (++perturbations >= PERTURBATIONS) {
        perturbations = 0
        load(nextStart(Math.max(0, designed - 1)))
        runBest.set(members)
        runCost.splice(0, 3, V, M, S)
        if (better(V, M, S, bestCost)) {
          best.set(members)
          bestCost.splice(0, 3, V, M, S)
        }
        continue
      }
      load(runBest)
      work += n * n
      for (let kick = 0; kick < KICKS; kick++) {
        const r = rng.int(R)
        const a = rng.int(n)
        const b = rng.int(n)
        const sa = slotOf[r * n + a] ?? 0
        const sb = slotOf[r * n + b] ?? 0
        if (tableOfSlot[sa] !== tableOfSlot[sb]) swap(r, a, b)
      }
    }
  }

  const schedule = Array.from({ length: R }, (_, r) =>
    Array.from({ length: T }, (_, t) =>
      Array.from(best.subarray(r * n + (start[t] ?? 0), r * n + (start[t + 1] ?? 0))),
    ),
  )
  return { schedule, steps, work, stoppedBy, bound }
}
