import { designStarts, initialSchedule } from './initial-schedule.ts'
import { lowerBound, type Bound } from './lower-bound.ts'
import { mulberry32, type Prng } from './mulberry32.ts'
import { alone, firstTimerBound, type FirstTimerBound } from './first-timers.ts'
import { ScheduleState, type SearchProblem } from './schedule-state.ts'

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
 * A swap's change is scored as two numbers compared in turn: tonight's, (4·Δkeep-apart + Δmax)·
 * M_UNIT + ΔΣ(m−1)², and what comes after tonight, (Δalone·Q_UNIT + Δspread)·E_UNIT + Δearlier.
 * That orders moves lexicographically while |ΔΣ| < M_UNIT / 2 (it is at most 4·table size·most
 * meetings), |Δspread| < Q_UNIT / 2 (at most 4·table size + 2) and |Δearlier| < E_UNIT / 2 (at
 * most 4·table size·MAX_EARLIER).
 */
const M_UNIT = 2 ** 26
const Q_UNIT = 2 ** 14
const E_UNIT = 2 ** 12
/** Relabellings tried per start, per person (seating memory). */
const RELABEL_TRIALS_PER_PERSON = 2_000
/**
 * With seating memory a swap is chosen by one weighed number (decision 0094): keep-apart and the
 * most meetings first (M_UNIT), then first-timers alone and their spread, then REPEAT_WEIGHT·ΔΣ
 * (m − 1)² + Δearlier, so the search may trade a repeat tonight for earlier-evening pairs on its
 * way to another of tonight's best schedules. What it keeps as best is still compared in order
 * (`better`): tonight is never worse for it. |REPEAT_WEIGHT·ΔΣ + Δearlier| < Q_WEIGHED / 2 (at most
 * 4·table size·(REPEAT_WEIGHT·most meetings + MAX_EARLIER)), |Δspread·Q_WEIGHED| < L_WEIGHED / 2.
 */
const REPEAT_WEIGHT = 3
const L_WEIGHED = 2 ** 20
const Q_WEIGHED = 2 ** 12
/** The most of the work cap one start's relabelling may take. */
const RELABEL_SHARE = 0.1
/** The relabelling's starting temperature, in earlier-evening meetings. */
const RELABEL_HEAT = 3
/** Earlier evenings counted per pair in the seating memory (more weigh the same). */
export const MAX_EARLIER = 15
/** About this much work per step: large instances look at a sample of the people in conflict. */
const STEP_WORK = 40_000
/** Tabu tenure: short, since a step already looks at every swap of everyone in conflict. */
const TENURE_MIN = 2
const TENURE_SPREAD = 4
/** Steps without a better schedule before a perturbation (the paper's maxStable). */
const MAX_STABLE_STEPS = 400
/** Random swaps in one perturbation of the run's best schedule. */
const SWAPS_PER_PERTURBATION = 4
/** Perturbations without a better schedule before a restart from a new starting schedule. */
const PERTURBATIONS_PER_RESTART = 10
const CLOCK_EVERY = 64

/** The objective, compared in this order. */
interface Cost {
  keepApartViolations: number
  maxMeetings: number
  squaredExcess: number
  /** Table-rounds where one first-timer sits with regulars only. */
  firstTimersAlone: number
  /** Σ (first-timers at a table)² over table-rounds. */
  firstTimerSpread: number
  /** Meetings of pairs who sat together at earlier evenings (seating memory). */
  earlierMeetings: number
}

const worst = (): Cost => ({
  keepApartViolations: Infinity,
  maxMeetings: Infinity,
  squaredExcess: Infinity,
  firstTimersAlone: Infinity,
  firstTimerSpread: Infinity,
  earlierMeetings: Infinity,
})

const better = (cost: Cost, than: Cost) =>
  cost.keepApartViolations !== than.keepApartViolations
    ? cost.keepApartViolations < than.keepApartViolations
    : cost.maxMeetings !== than.maxMeetings
      ? cost.maxMeetings < than.maxMeetings
      : cost.squaredExcess !== than.squaredExcess
        ? cost.squaredExcess < than.squaredExcess
        : cost.firstTimersAlone !== than.firstTimersAlone
          ? cost.firstTimersAlone < than.firstTimersAlone
          : cost.firstTimerSpread !== than.firstTimerSpread
            ? cost.firstTimerSpread < than.firstTimerSpread
            : cost.earlierMeetings < than.earlierMeetings

/** Keeps a copy of the state's schedule and its cost. */
function record(state: ScheduleState, schedule: Int32Array, cost: Cost) {
  state.copyTo(schedule)
  snapshot(state, cost)
}

/**
 * Relabelling (seating memory, decision 0094): swaps who is who, a and b trading seats in every
 * round. Without earlier rounds of tonight that leaves tonight's figures as they are (each pair's
 * meetings move with its people), so a perfect schedule for tonight (a design's) can be turned to
 * seat fewer earlier-evening pairs together, which swaps within one round cannot do without
 * first making tonight worse. Simulated annealing on the earlier-evening meetings over random
 * relabellings that leave tonight and the first-timers as they are (or make them better), cooling
 * linearly over RELABEL_TRIALS_PER_PERSON·n trials; the state keeps every figure, so earlier
 * rounds of tonight and keep-apart pairs are scored whole. Leaves the best schedule seen loaded
 * and returns the work done.
 */
function relabel(state: ScheduleState, rng: Prng, workLeft: number, maxWork: number): number {
  const n = state.people
  const R = state.rounds
  const current = worst()
  const best = worst()
  const bestSchedule = new Int32Array(R * n)
  // Σ table sizes of the two tables touched, per round: about 4·n/T meetings updated per swap.
  const perSwap = Math.max(1, Math.ceil((4 * n) / Math.max(1, state.tables))) * R * 2
  // At most RELABEL_SHARE of the work cap per start, so the swaps within rounds get their turn.
  const trials = Math.min(
    RELABEL_TRIALS_PER_PERSON * n,
    Math.floor(Math.min(workLeft, maxWork * RELABEL_SHARE) / perSwap),
  )
  record(state, bestSchedule, best)
  snapshot(state, current)
  for (let trial = 0; trial < trials; trial++) {
    const a = rng.int(n)
    const b = rng.int(n)
    if (a === b) continue
    const before = current.earlierMeetings
    swapEverywhere(state, a, b)
    // Annealing on the memory alone; never worse for tonight or the first-timers.
    const temperature = RELABEL_HEAT * (1 - trial / trials) + 0.05
    const sameTonight =
      state.keepApartViolations === current.keepApartViolations &&
      state.maxMeetings === current.maxMeetings &&
      state.squaredExcess === current.squaredExcess &&
      state.firstTimersAlone === current.firstTimersAlone &&
      state.firstTimerSpread === current.firstTimerSpread
    const delta = state.earlierMeetings - before
    if (
      better(state, current) ||
      (sameTonight && (delta <= 0 || rng.next() < Math.exp(-delta / temperature)))
    ) {
      snapshot(state, current)
      if (better(state, best)) record(state, bestSchedule, best)
    } else swapEverywhere(state, a, b)
  }
  state.load(bestSchedule)
  return trials * perSwap + R * n * n
}

/** a and b trade seats in every round where they sit at different tables. */
function swapEverywhere(state: ScheduleState, a: number, b: number): void {
  for (let r = 0; r < state.rounds; r++)
    if (state.tableOf(r, a) !== state.tableOf(r, b)) state.swap(r, a, b)
}

function snapshot(state: ScheduleState, cost: Cost): void {
  cost.keepApartViolations = state.keepApartViolations
  cost.maxMeetings = state.maxMeetings
  cost.squaredExcess = state.squaredExcess
  cost.firstTimersAlone = state.firstTimersAlone
  cost.firstTimerSpread = state.firstTimerSpread
  cost.earlierMeetings = state.earlierMeetings
}

/** Tabu moves, per round and person: the table they left, until which step they may not return. */
class TabuList {
  private readonly until: Int32Array
  private readonly people: number
  private readonly tables: number

  constructor(rounds: number, people: number, tables: number) {
    this.until = new Int32Array(rounds * people * tables)
    this.people = people
    this.tables = tables
  }

  /** Whether moving `person` to `table` in `round` is tabu at `step`. */
  has(round: number, person: number, table: number, step: number): boolean {
    return (this.until[(round * this.people + person) * this.tables + table] ?? 0) > step
  }

  add(round: number, person: number, table: number, untilStep: number): void {
    this.until[(round * this.people + person) * this.tables + table] = untilStep
  }

  clear(): void {
    this.until.fill(0)
  }
}

/** The people in conflict at one step, each with the round they are in conflict in. */
class Conflicts {
  size = 0
  private readonly entries: Int32Array
  /** The step at which each (round, person) was last listed, so each is listed once per step. */
  private readonly listedAt: Int32Array
  private readonly people: number

  constructor(rounds: number, people: number) {
    this.entries = new Int32Array(rounds * people)
    this.listedAt = new Int32Array(rounds * people)
    this.people = people
  }

  /**
   * Lists everyone who, in some round, sits with a person they meet more than once or must be
   * kept apart from (the paper's conflict positions), or sat with at an earlier evening (seating
   * memory, whose swaps rank after tonight's), and every first-timer of a round whose first-timers
   * are not yet seated as well as `firstTimers` (the best one round can do) says; returns the work
   * done.
   */
  find(state: ScheduleState, step: number, firstTimers: FirstTimerBound | null): number {
    let work = 0
    this.size = 0
    for (let r = 0; r < state.rounds; r++) {
      if (firstTimers && !firstTimersAtBest(state, r, firstTimers)) {
        const n = state.people
        for (let s = 0; s < n; s++) {
          const p = state.personAt(r, s)
          if (state.firstTimer(p) === 1) this.list(r, p, step)
        }
        work += n
      }
      for (let t = 0; t < state.tables; t++) {
        const start = state.tableStart(t)
        const end = state.tableEnd(t)
        for (let s1 = start; s1 < end; s1++) {
          const x = state.personAt(r, s1)
          for (let s2 = s1 + 1; s2 < end; s2++) {
            const y = state.personAt(r, s2)
            if (
              state.meetings(x, y) < 2 &&
              state.keptApart(x, y) === 0 &&
              state.metBefore(x, y) === 0
            )
              continue
            this.list(r, x, step)
            this.list(r, y, step)
          }
        }
        work += ((end - start) * (end - start - 1)) / 2
      }
    }
    return work
  }

  /** Moves a seeded random sample of `take` conflicts to the front. */
  sampleFirst(take: number, rng: Prng): void {
    for (let i = 0; i < take; i++) {
      const j = i + rng.int(this.size - i)
      const picked = this.entries[j] ?? 0
      this.entries[j] = this.entries[i] ?? 0
      this.entries[i] = picked
    }
  }

  round(i: number): number {
    return Math.floor((this.entries[i] ?? 0) / this.people)
  }

  person(i: number): number {
    return (this.entries[i] ?? 0) % this.people
  }

  private list(round: number, person: number, step: number) {
    const entry = round * this.people + person
    if (this.listedAt[entry] === step) return
    this.listedAt[entry] = step
    this.entries[this.size++] = entry
  }
}

/** Whether round r seats its first-timers as well as any seating of one round can. */
function firstTimersAtBest(state: ScheduleState, r: number, bound: FirstTimerBound): boolean {
  let lonely = 0
  let spread = 0
  for (let t = 0; t < state.tables; t++) {
    const k = state.firstTimersAt(r, t)
    lonely += alone(k, state.tableEnd(t) - state.tableStart(t))
    spread += k * k
  }
  return lonely === bound.alone && spread === bound.spread
}

/** A swap of a and b in `round`; round −1 when there is none. */
interface Swap {
  round: number
  a: number
  b: number
}

/**
 * Sets `move` to the best admissible swap that moves one of the first `take` conflicts: not
 * tabu, unless it beats the run's best (aspiration); ties broken at random. Returns the work done.
 */
function chooseSwap(
  state: ScheduleState,
  conflicts: Conflicts,
  take: number,
  tabu: TabuList,
  step: number,
  runCost: Cost,
  rng: Prng,
  move: Swap,
  weighed: boolean,
): number {
  const M = state.maxMeetings
  const V = state.keepApartViolations
  const S = state.squaredExcess
  const E = state.earlierMeetings
  const L = state.firstTimersAlone
  const Q = state.firstTimerSpread
  const atMax = state.pairsMeeting(M)
  const after: Cost = worst()
  let work = 0
  let bestKey = Infinity
  let bestAfter = Infinity
  let ties = 0
  move.round = -1
  for (let i = 0; i < take; i++) {
    const r = conflicts.round(i)
    const a = conflicts.person(i)
    const A = state.tableOf(r, a)
    const startA = state.tableStart(A)
    const endA = state.tableEnd(A)
    const newA = state.firstTimer(a)
    const kA = state.firstTimersAt(r, A)
    // a leaving table A.
    let leaveS = 0
    let leaveDown = 0
    let leaveV = 0
    let leaveE = 0
    for (let s = startA; s < endA; s++) {
      const x = state.personAt(r, s)
      if (x === a) continue
      const c = state.meetings(a, x)
      leaveS += state.excessIfOneLess(c)
      if (c === M) leaveDown++
      leaveV -= state.keptApart(a, x)
      leaveE -= state.metBefore(a, x)
    }
    for (let B = 0; B < state.tables; B++) {
      if (B === A) continue
      const startB = state.tableStart(B)
      const endB = state.tableEnd(B)
      if (endB === startB) continue
      // a joining all of table B; the term for the one who leaves it is taken off below.
      let joinS = 0
      let joinUp = 0
      let joinToM = 0
      let joinV = 0
      let joinE = 0
      // A first-timer moving from A to B (+1), or from B to A (−1): the change of alone and Σ k².
      const kB = state.firstTimersAt(r, B)
      const sizeA = endA - startA
      const sizeB = endB - startB
      const aloneAB =
        alone(kA - 1, sizeA) - alone(kA, sizeA) + alone(kB + 1, sizeB) - alone(kB, sizeB)
      const aloneBA =
        alone(kB - 1, sizeB) - alone(kB, sizeB) + alone(kA + 1, sizeA) - alone(kA, sizeA)
      const spreadAB = 2 * (kB - kA + 1)
      const spreadBA = 2 * (kA - kB + 1)
      for (let s = startB; s < endB; s++) {
        const y = state.personAt(r, s)
        const c = state.meetings(a, y)
        joinS += state.excessIfOneMore(c)
        if (c === M) joinUp++
        else if (c === M - 1) joinToM++
        joinV += state.keptApart(a, y)
        joinE += state.metBefore(a, y)
      }
      for (let sb = startB; sb < endB; sb++) {
        const b = state.personAt(r, sb)
        const cab = state.meetings(a, b)
        let dS = leaveS + joinS - state.excessIfOneMore(cab)
        let up = joinUp - (cab === M ? 1 : 0)
        let toM = joinToM - (cab === M - 1 ? 1 : 0)
        let down = leaveDown
        let dV = leaveV + joinV - state.keptApart(a, b)
        let dE = leaveE + joinE - state.metBefore(a, b)
        // b leaving table B, and joining table A (which a leaves).
        for (let s = startB; s < endB; s++) {
          const y = state.personAt(r, s)
          if (y === b) continue
          const c = state.meetings(b, y)
          dS += state.excessIfOneLess(c)
          if (c === M) down++
          dV -= state.keptApart(b, y)
          dE -= state.metBefore(b, y)
        }
        for (let s = startA; s < endA; s++) {
          const x = state.personAt(r, s)
          if (x === a) continue
          const c = state.meetings(b, x)
          dS += state.excessIfOneMore(c)
          if (c === M) up++
          else if (c === M - 1) toM++
          dV += state.keptApart(b, x)
          dE += state.metBefore(b, x)
        }
        work += endB - startB + endA - startA
        const dM = up > 0 ? 1 : atMax - down + toM === 0 ? -1 : 0
        const moved = newA - state.firstTimer(b)
        const dL = moved > 0 ? aloneAB : moved < 0 ? aloneBA : 0
        const dQ = moved > 0 ? spreadAB : moved < 0 ? spreadBA : 0
        const key = weighed
          ? (dV * 4 + dM) * M_UNIT + dL * L_WEIGHED + dQ * Q_WEIGHED + dS * REPEAT_WEIGHT + dE
          : (dV * 4 + dM) * M_UNIT + dS
        const keyAfter = weighed ? 0 : (dL * Q_UNIT + dQ) * E_UNIT + dE
        if (key > bestKey || (key === bestKey && keyAfter > bestAfter)) continue
        if (tabu.has(r, a, B, step) || tabu.has(r, b, A, step)) {
          after.keepApartViolations = V + dV
          after.maxMeetings = M + dM
          after.squaredExcess = S + dS
          after.firstTimersAlone = L + dL
          after.firstTimerSpread = Q + dQ
          after.earlierMeetings = E + dE
          if (!better(after, runCost)) continue
        }
        if (key < bestKey || keyAfter < bestAfter) {
          bestKey = key
          bestAfter = keyAfter
          ties = 1
        } else if (rng.int(++ties) !== 0) continue
        move.round = r
        move.a = a
        move.b = b
      }
    }
  }
  return work
}

/**
 * Tabu search over swaps of two people at different tables in the same round (Dotú & Van
 * Hentenryck): each step takes the best non-tabu swap that moves someone who sits with a person
 * they meet more than once, with incremental scores from a pair-count matrix. After
 * MAX_STABLE_STEPS without a better schedule it perturbs the run's best schedule: goes back to it
 * and makes a few random swaps. After PERTURBATIONS_PER_RESTART perturbations without progress it
 * restarts from a new starting schedule. Apart from the clock as a safety stop, every choice
 * comes from the seeded PRNG, so the outcome depends on the seed and `maxWork`.
 */
export function searchSchedule(problem: SearchProblem, limits: SearchLimits): SearchOutcome {
  const { people: n, sizes, rounds: R, met } = problem
  const T = sizes.length
  const rng = mulberry32(limits.seed)
  const bound = lowerBound(n, met, sizes, R)
  const state = new ScheduleState(problem)
  const firstTimers = state.spreadsFirstTimers
    ? firstTimerBound(sizes, state.firstTimersTotal)
    : null

  // The first run starts from the better of the design (where it fits) and a greedy schedule;
  // restarts from a design with fewer rounds where it falls short of the rounds asked for (see
  // designStarts: 32 people at 8 tables of 4, 8 designed rounds and 2 greedy ones end at 16
  // repeats, 7 and 3 reach 8–12 within the same work).
  let work = 0
  const designed = designStarts(problem, limits.constructions)
  const nextStart = (rounds: number) => {
    work += n * n
    return initialSchedule(problem, designed.rounds.slice(0, rounds), rng)
  }
  const best = new Int32Array(R * n)
  const bestCost = worst()
  const runBest = new Int32Array(R * n)
  const runCost = worst()
  const firstStarts =
    designed.first > 0 ? [nextStart(designed.first), nextStart(0)] : [nextStart(0)]
  // Seating memory: each start is first relabelled to seat fewer earlier-evening pairs together.
  const relabelled = () => {
    if (state.remembers) work += relabel(state, rng, limits.maxWork - work, limits.maxWork)
  }
  for (const candidate of firstStarts) {
    state.load(candidate)
    relabelled()
    if (better(state, bestCost)) record(state, best, bestCost)
  }
  state.load(best)
  record(state, runBest, runCost)

  const tabu = new TabuList(R, n, T)
  const conflicts = new Conflicts(R, n)
  const move: Swap = { round: -1, a: -1, b: -1 }
  let steps = 0
  let stableSteps = 0
  let perturbations = 0
  let stoppedBy: StopReason = 'work_limit'
  // With everyone at one table there is nothing to swap.
  const movable = sizes.filter((size) => size > 0).length > 1
  // Enough conflicts per step to do about STEP_WORK work.
  const perConflict = Math.max(1, n * 2 * (n / Math.max(1, T)))

  for (;;) {
    if (
      !movable ||
      (state.keepApartViolations === 0 &&
        state.maxMeetings === bound.maxMeetings &&
        state.squaredExcess === bound.squaredExcess &&
        (firstTimers === null ||
          (state.firstTimersAlone === R * firstTimers.alone &&
            state.firstTimerSpread === R * firstTimers.spread)) &&
        state.earlierMeetings === 0)
    ) {
      stoppedBy = 'optimal'
      break
    }
    if (work >= limits.maxWork) break
    // The clock is looked at from the first CLOCK_EVERY steps on: a machine so loaded that the
    // set-up took the whole budget still gets a few swaps (a few ms), not just the first start.
    if (steps > 0 && steps % CLOCK_EVERY === 0 && limits.now() >= limits.deadline) {
      stoppedBy = 'time_limit'
      break
    }
    steps++

    work += conflicts.find(state, steps, firstTimers)
    if (conflicts.size === 0) {
      // Every planned pair meets for the first time and nobody kept apart sits together.
      stoppedBy = 'optimal'
      break
    }
    const take = Math.min(conflicts.size, Math.max(1, Math.floor(STEP_WORK / perConflict)))
    conflicts.sampleFirst(take, rng)

    work += chooseSwap(state, conflicts, take, tabu, steps, runCost, rng, move, state.remembers)
    if (move.round < 0) continue

    const { round, a, b } = move
    const fromA = state.tableOf(round, a)
    const fromB = state.tableOf(round, b)
    state.swap(round, a, b)
    tabu.add(round, a, fromA, steps + TENURE_MIN + rng.int(TENURE_SPREAD))
    tabu.add(round, b, fromB, steps + TENURE_MIN + rng.int(TENURE_SPREAD))

    if (better(state, runCost)) {
      record(state, runBest, runCost)
      if (better(state, bestCost)) record(state, best, bestCost)
      stableSteps = 0
      perturbations = 0
    } else if (++stableSteps >= MAX_STABLE_STEPS) {
      stableSteps = 0
      tabu.clear()
      if (++perturbations >= PERTURBATIONS_PER_RESTART) {
        perturbations = 0
        state.load(nextStart(designed.restart))
        relabelled()
        record(state, runBest, runCost)
        if (better(state, bestCost)) record(state, best, bestCost)
        continue
      }
      state.load(runBest)
      work += n * n
      for (let i = 0; i < SWAPS_PER_PERTURBATION; i++) {
        const r = rng.int(R)
        const x = rng.int(n)
        const y = rng.int(n)
        if (state.tableOf(r, x) !== state.tableOf(r, y)) state.swap(r, x, y)
      }
    }
  }

  const schedule = Array.from({ length: R }, (_, r) =>
    Array.from({ length: T }, (_, t) =>
      Array.from(best.subarray(r * n + state.tableStart(t), r * n + state.tableEnd(t))),
    ),
  )
  return { schedule, steps, work, stoppedBy, bound }
}
