import { catalogueSchedule } from './design-catalogue.ts'
import type { Prng } from './mulberry32.ts'
import { nearDesign, nearDesignSchedule } from './near-design-schedule.ts'
import type { SearchProblem } from './schedule-state.ts'

const APART_COST = 1e9

/**
 * How many rounds of a design the search's starts take (0: all greedy), and the design's rounds
 * (round → table → people, at least as many as either start takes).
 */
export interface DesignStarts {
  first: number
  restart: number
  rounds: readonly (readonly (readonly number[])[])[]
}

const NO_DESIGN: DesignStarts = { first: 0, restart: 0, rounds: [] }

/**
 * The design the search starts from, and how many of its rounds. A catalogue design
 * (catalogueSchedule) comes first where it has more rounds than the design near the tables;
 * its starts take all of its rounds, up to the rounds asked for, and the greedy start adds any
 * rounds past it from the pairs that have met the least (decision 41).
 *
 * A near design (see nearDesign) that falls short of the rounds asked for is a deep local
 * optimum, so restarts take one designed round fewer; a near design with people left out then
 * takes one fewer from the first run on, an exact one does not. Measured at 8 tables of 4 for 10
 * rounds, seeds 1–6 and 1–4 (decision 19): 32 people end at 8–12 repeats (mean 11) from 8
 * designed rounds and at 12 from 7; 28 to 31 people at a mean of 16.1 from 8 and 12.4 from 7.
 * Extras only when the design covers every round asked for: there the plan is optimal, beyond
 * it the search alone did better.
 */
export function designStarts(problem: SearchProblem, constructions: boolean): DesignStarts {
  if (!constructions) return NO_DESIGN
  const design = nearDesign(problem.sizes)
  const catalogue = catalogueSchedule(problem.sizes)
  if (catalogue && catalogue.length > (design?.rounds ?? 0)) {
    const designed = Math.min(problem.rounds, catalogue.length)
    return { first: designed, restart: designed, rounds: catalogue.slice(0, designed) }
  }
  if (!design || (design.kind === 'more' && problem.rounds > design.rounds)) return NO_DESIGN
  const designed = Math.min(problem.rounds, design.rounds)
  const exact = design.kind === 'fewer' && design.removed === 0
  const restart = Math.max(0, designed - 1)
  return {
    first: exact || problem.rounds <= design.rounds ? designed : restart,
    restart,
    rounds: nearDesignSchedule(design, designed) ?? [],
  }
}

/**
 * A starting schedule for the search, as a round-major array of people in table-slot order: the
 * given design rounds (see designStarts), the rest greedy. Each round's design tables go to the
 * tables of their size, in order. The greedy part seats people one by one, in a seeded random order, at the open table where they have met the
 * fewest, weighted by c³ so that third meetings weigh far more than second ones, in the spirit of
 * Triska & Musliu's greedy start.
 */
export function initialSchedule(
  problem: SearchProblem,
  design: readonly (readonly (readonly number[])[])[],
  rng: Prng,
): Int32Array {
  const { people: n, sizes, rounds: R } = problem
  const members = new Int32Array(R * n)
  if (design.length > 0) {
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
  return greedyFrom(problem, members, design.length, rng)
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
