import { alone } from './first-timers.ts'
import { excess } from './score-plan.ts'

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
  /**
   * n×n, symmetric: at how many earlier evenings each pair sat together (seating memory, decision
   * 0072); null when none is known. Weighed after everything about tonight.
   */
  earlier?: Uint8Array | null
  /**
   * n entries: 1 for someone at her first evening (first-timers are spread so that none sits
   * alone among regulars, decision 0082); null when fewer than two are known.
   */
  firstTimers?: Uint8Array | null
}

/**
 * A schedule under search, with what scoring a swap needs kept up to date: how often each pair
 * meets (earlier rounds included), how many pairs meet each number of times, and the objective
 * (keep-apart violations, the most meetings of any pair, Σ (m − 1)²).
 *
 * Every round has the same seats ("slots") 0..n−1, table t's being tableStart(t)..tableEnd(t) − 1.
 * A schedule as an array is round-major: entry r·n + s is the person in round r, slot s.
 */
export class ScheduleState {
  readonly people: number
  readonly rounds: number
  readonly tables: number

  private readonly met: Int32Array
  private readonly apartMatrix: Uint8Array | null
  private readonly earlierMatrix: Uint8Array | null
  private readonly newcomer: Uint8Array | null
  /** Round r, table t → first-timers seated there (entry r·T + t). */
  private readonly newcomers: Int32Array
  /** Table t's slots are start[t]..start[t + 1] − 1. */
  private readonly start: Int32Array
  private readonly tableOfSlot: Int32Array
  /** Round r, slot s → person (entry r·n + s). */
  private readonly members: Int32Array
  /** Round r, person p → slot (entry r·n + p). */
  private readonly slotOf: Int32Array
  /** n×n, symmetric: how often each pair meets, earlier rounds included. */
  private readonly count: Int32Array
  /** levels[c]: how many pairs meet c times. */
  private readonly levels: Int32Array
  /** How Σ (m − 1)² changes when a pair that meets c times meets once more, or once less. */
  private readonly oneMore: Float64Array
  private readonly oneLess: Float64Array

  private violations = 0
  private max = 0
  private sum = 0
  private memory = 0
  private lonely = 0
  private spread = 0

  constructor(problem: SearchProblem) {
    const { people: n, sizes, rounds: R, met, apart } = problem
    const T = sizes.length
    this.people = n
    this.rounds = R
    this.tables = T
    this.met = met
    this.apartMatrix = apart
    this.earlierMatrix = problem.earlier ?? null
    this.newcomer = problem.firstTimers ?? null
    this.newcomers = new Int32Array(this.newcomer ? R * T : 0)

    this.start = new Int32Array(T + 1)
    this.tableOfSlot = new Int32Array(n)
    let slot = 0
    sizes.forEach((size, t) => {
      for (let s = 0; s < size; s++) this.tableOfSlot[slot + s] = t
      slot += size
      this.start[t + 1] = slot
    })

    let historyMax = 0
    for (const c of met) historyMax = Math.max(historyMax, c)
    // A pair meets at most once per planned round.
    const top = historyMax + R + 2
    this.oneMore = new Float64Array(top + 1)
    this.oneLess = new Float64Array(top + 1)
    for (let c = 0; c < top; c++) {
      this.oneMore[c] = excess(c + 1) - excess(c)
      this.oneLess[c] = c > 0 ? excess(c - 1) - excess(c) : 0
    }

    this.members = new Int32Array(R * n)
    this.slotOf = new Int32Array(R * n)
    this.count = new Int32Array(n * n)
    this.levels = new Int32Array(top + 1)
  }

  /** Keep-apart pairs seated together, over all planned rounds. */
  get keepApartViolations(): number {
    return this.violations
  }

  /** The most meetings of any pair, earlier rounds included. */
  get maxMeetings(): number {
    return this.max
  }

  /** Σ (m − 1)² over pairs, earlier rounds included. */
  get squaredExcess(): number {
    return this.sum
  }

  /**
   * Σ over the pairs seated together in the planned rounds of the earlier evenings at which they
   * sat together: what seating memory lowers, after tonight's objective.
   */
  get earlierMeetings(): number {
    return this.memory
  }

  /** Table-rounds where one first-timer sits with regulars only. */
  get firstTimersAlone(): number {
    return this.lonely
  }

  /** Σ over table-rounds of (first-timers there)²: lower when they are spread evenly. */
  get firstTimerSpread(): number {
    return this.spread
  }

  /** How many first-timers there are. */
  get firstTimersTotal(): number {
    let total = 0
    if (this.newcomer) for (const f of this.newcomer) total += f
    return total
  }

  /** Whether first-timers are to be spread at all. */
  get spreadsFirstTimers(): boolean {
    return this.newcomer !== null
  }

  /** 1 when p is at her first evening, else 0. */
  firstTimer(p: number): number {
    return this.newcomer === null ? 0 : (this.newcomer[p] ?? 0)
  }

  /** First-timers at table t in `round`. */
  firstTimersAt(round: number, table: number): number {
    return this.newcomers[round * this.tables + table] ?? 0
  }

  /** Whether earlier evenings are known at all. */
  get remembers(): boolean {
    return this.earlierMatrix !== null
  }

  /** At how many earlier evenings a and b sat together. */
  metBefore(a: number, b: number): number {
    return this.earlierMatrix === null ? 0 : (this.earlierMatrix[a * this.people + b] ?? 0)
  }

  /** How often a and b meet, earlier rounds included. */
  meetings(a: number, b: number): number {
    return this.count[a * this.people + b] ?? 0
  }

  /** 1 when a and b must be kept apart, else 0. */
  keptApart(a: number, b: number): number {
    return this.apartMatrix === null ? 0 : (this.apartMatrix[a * this.people + b] ?? 0)
  }

  /** How many pairs meet exactly `times` times. */
  pairsMeeting(times: number): number {
    return this.levels[times] ?? 0
  }

  /** How Σ (m − 1)² changes when a pair that meets `times` times meets once more. */
  excessIfOneMore(times: number): number {
    return this.oneMore[times] ?? 0
  }

  /** How Σ (m − 1)² changes when a pair that meets `times` times meets once less. */
  excessIfOneLess(times: number): number {
    return this.oneLess[times] ?? 0
  }

  /** Table t's first slot. */
  tableStart(table: number): number {
    return this.start[table] ?? 0
  }

  /** One past table t's last slot. */
  tableEnd(table: number): number {
    return this.start[table + 1] ?? 0
  }

  /** Who sits in `slot` in `round`. */
  personAt(round: number, slot: number): number {
    return this.members[round * this.people + slot] ?? 0
  }

  /** The table `person` sits at in `round`. */
  tableOf(round: number, person: number): number {
    return this.tableOfSlot[this.slotOf[round * this.people + person] ?? 0] ?? 0
  }

  /** Copies the schedule (round-major, slot → person) into `into`. */
  copyTo(into: Int32Array): void {
    into.set(this.members)
  }

  /** Takes `schedule` (round-major, slot → person) and counts everything anew. */
  load(schedule: Int32Array): void {
    const { people: n, rounds: R, tables: T, members, count } = this
    members.set(schedule)
    count.set(this.met)
    for (let r = 0; r < R; r++) {
      for (let s = 0; s < n; s++) this.slotOf[r * n + this.personAt(r, s)] = s
      for (let t = 0; t < T; t++) {
        const end = this.tableEnd(t)
        for (let s1 = this.tableStart(t); s1 < end; s1++) {
          const x = this.personAt(r, s1)
          for (let s2 = s1 + 1; s2 < end; s2++) {
            const y = this.personAt(r, s2)
            const c = this.meetings(x, y) + 1
            count[x * n + y] = c
            count[y * n + x] = c
          }
        }
      }
    }
    this.levels.fill(0)
    this.max = 0
    this.sum = 0
    this.violations = 0
    this.memory = 0
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const c = this.meetings(a, b)
        this.levels[c] = this.pairsMeeting(c) + 1
        if (c > this.max) this.max = c
        this.sum += excess(c)
      }
    if (this.earlierMatrix) {
      for (let r = 0; r < R; r++)
        for (let t = 0; t < T; t++) {
          const end = this.tableEnd(t)
          for (let s1 = this.tableStart(t); s1 < end; s1++)
            for (let s2 = s1 + 1; s2 < end; s2++)
              this.memory += this.metBefore(this.personAt(r, s1), this.personAt(r, s2))
        }
    }
    this.lonely = 0
    this.spread = 0
    if (this.newcomer) {
      this.newcomers.fill(0)
      for (let r = 0; r < R; r++)
        for (let t = 0; t < T; t++) {
          let k = 0
          for (let s = this.tableStart(t); s < this.tableEnd(t); s++)
            k += this.firstTimer(this.personAt(r, s))
          this.newcomers[r * T + t] = k
          this.lonely += alone(k, this.tableEnd(t) - this.tableStart(t))
          this.spread += k * k
        }
    }
    if (this.apartMatrix) {
      for (let r = 0; r < R; r++)
        for (let t = 0; t < T; t++) {
          const end = this.tableEnd(t)
          for (let s1 = this.tableStart(t); s1 < end; s1++)
            for (let s2 = s1 + 1; s2 < end; s2++)
              this.violations += this.keptApart(this.personAt(r, s1), this.personAt(r, s2))
        }
    }
  }

  /** Swaps a and b, who sit at different tables in `round`. */
  swap(round: number, a: number, b: number): void {
    const base = round * this.people
    const slotA = this.slotOf[base + a] ?? 0
    const slotB = this.slotOf[base + b] ?? 0
    const A = this.tableOf(round, a)
    const B = this.tableOf(round, b)
    for (let s = this.tableStart(A); s < this.tableEnd(A); s++) {
      const x = this.personAt(round, s)
      if (x === a) continue
      this.meet(a, x, -1)
      this.meet(b, x, 1)
    }
    for (let s = this.tableStart(B); s < this.tableEnd(B); s++) {
      const y = this.personAt(round, s)
      if (y === b) continue
      this.meet(b, y, -1)
      this.meet(a, y, 1)
    }
    const moved = this.firstTimer(a) - this.firstTimer(b)
    if (moved !== 0) {
      this.moveFirstTimers(round, A, -moved)
      this.moveFirstTimers(round, B, moved)
    }
    this.members[base + slotA] = b
    this.members[base + slotB] = a
    this.slotOf[base + a] = slotB
    this.slotOf[base + b] = slotA
    // One swap changes any pair's meetings by at most one.
    if (this.pairsMeeting(this.max + 1) > 0) this.max++
    while (this.max > 0 && this.pairsMeeting(this.max) === 0) this.max--
  }

  /** Table t in `round` gets `delta` (±1) first-timers more. */
  private moveFirstTimers(round: number, table: number, delta: number): void {
    const entry = round * this.tables + table
    const k = this.newcomers[entry] ?? 0
    const size = this.tableEnd(table) - this.tableStart(table)
    this.lonely += alone(k + delta, size) - alone(k, size)
    this.spread += (k + delta) * (k + delta) - k * k
    this.newcomers[entry] = k + delta
  }

  /** u and v meet `delta` (±1) times more; the maximum is settled by the caller. */
  private meet(u: number, v: number, delta: number): void {
    const c = this.meetings(u, v)
    this.levels[c] = this.pairsMeeting(c) - 1
    this.levels[c + delta] = this.pairsMeeting(c + delta) + 1
    this.sum += excess(c + delta) - excess(c)
    this.count[u * this.people + v] = c + delta
    this.count[v * this.people + u] = c + delta
    this.violations += this.keptApart(u, v) * delta
    this.memory += this.metBefore(u, v) * delta
  }
}
