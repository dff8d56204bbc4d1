import type { Prng } from './mulberry32.ts'
import { nearDesign, nearDesignSchedule } from './near-design-schedule.ts'
import type { SearchProblem } from './schedule-state.ts'

const APART_COST = 1e9

/**
 * How many rounds a design near these tables gives (see nearDesign), at most the rounds asked
 * for, or 0 when there is none. Extras only when the design covers every round asked for: there
 * the plan is optimal, while beyond it the search did better without them (decision 19).
 */
export function designRounds(problem: SearchProblem, constructions: boolean): number {
  const design = constructions ? nearDesign(problem.sizes) : null
  if (!design || (design.kind === 'more' && problem.rounds > design.rounds)) return 0
  return Math.min(problem.rounds, design.rounds)
}

/**
 * A starting schedule for the search, as a round-major array of people in table-slot order: the
 * first `designed` rounds from the design near these tables (see nearDesignSchedule), the rest
 * greedy. Each round's design tables go to the tables of their size, in order. The greedy part
 * seats people one by one, in a seeded random order, at the open table where they have met the
 * fewest, weighted by c³ so that third meetings weigh far more than second ones, in the spirit of
 * Triska & Musliu's greedy start.
 */
export function initialSchedule(problem: SearchProblem, designed: number, rng: Prng): Int32Array {
  const { people: n, sizes, rounds: R } = problem
  const members = new Int32Array(R * n)
  const near = designed > 0 ? nearDesign(sizes) : null
  const design = near ? nearDesignSchedule(near, designed) : null
  if (design) {
    const offsets: number[] = []
    sizes.reduce((offset, size, t) => {
      offsets[t] = offset
      return offset + size
    }, 0)
    // Tables by size, largest first, in their order among equals (a stable sort).
    const bySize = (groupSizes: readonly number[]) =>
      groupSizes
        .map((size, index) => ({ size, index }))
        .filter(({ size }) => size > 0)
        .sort((a, b) => b.size - a.size)
        .map(({ index }) => index)
    const tables = bySize(sizes)
    design.forEach((round, r) => {
      bySize(round.map((group) => group.length)).forEach((g, i) =>
        round[g]?.forEach((person, j) => {
          members[r * n + (offsets[tables[i] ?? 0] ?? 0) + j] = person
        }),
      )
    })
  }
  return greedyFrom(problem, members, design?.length ?? 0, rng)
}

/** Fills rounds `from`..R−1 of `members` greedily, given the rounds before them. */
function greedyFrom(
  problem: SearchProblem,
  members: Int32Array,
  from: number,
  rng: Prng,
): Int32Array {
  const { people: n, sizes, rounds: R, met, apart } = problem
  const T = sizes.length
  const count = Int32Array.from(met)
  const offsets = new Int32Array(T + 1)
  for (let t = 0; t < T; t++) offsets[t + 1] = (offsets[t] ?? 0) + (sizes[t] ?? 0)
  const meet = (base: number) => {
    for (let t = 0; t < T; t++)
      for (let s1 = offsets[t] ?? 0; s1 < (offsets[t + 1] ?? 0); s1++)
        for (let s2 = s1 + 1; s2 < (offsets[t + 1] ?? 0); s2++) {
          const x = members[base + s1] ?? 0
          const y = members[base + s2] ?? 0
          count[x * n + y] = (count[x * n + y] ?? 0) + 1
          count[y * n + x] = (count[y * n + x] ?? 0) + 1
        }
  }
  for (let r = 0; r < from; r++) meet(r * n)

  const order = Array.from({ length: n }, (_, i) => i)
  const seated = new Int32Array(T)
  for (let r = from; r < R; r++) {
    const base = r * n
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1)
      const swap = order[i] ?? 0
      order[i] = order[j] ?? 0
      order[j] = swap
    }
    seated.fill(0)
    for (const p of order) {
      let bestCost = Infinity
      let bestTable = -1
      let ties = 0
      for (let t = 0; t < T; t++) {
        const filled = seated[t] ?? 0
        if (filled >= (sizes[t] ?? 0)) continue
        let cost = 0
        for (let s = offsets[t] ?? 0; s < (offsets[t] ?? 0) + filled; s++) {
          const x = members[base + s] ?? 0
          const c = count[p * n + x] ?? 0
          cost += c * c * c + (apart ? (apart[p * n + x] ?? 0) * APART_COST : 0)
        }
        if (cost < bestCost) {
          bestCost = cost
          bestTable = t
          ties = 1
        } else if (cost === bestCost && rng.int(++ties) === 0) bestTable = t
      }
      const filled = seated[bestTable] ?? 0
      members[base + (offsets[bestTable] ?? 0) + filled] = p
      seated[bestTable] = filled + 1
    }
    meet(base)
  }
  return members
}
