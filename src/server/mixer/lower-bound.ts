import { excess } from './score-plan.ts'

export interface Bound {
  maxMeetings: number
  squaredExcess: number
}

/**
 * Spreads `units` extra meetings over pairs whose current meetings are counted in `levels`
 * (levels[c] = how many pairs have met c times), always raising the least-met pairs: the least
 * possible sum of (meetings − 1)² and the least possible maximum.
 */
function spreadMeetingsEvenly(levels: number[], units: number): Bound {
  const counts = [...levels]
  let remaining = units
  for (let level = 0; remaining > 0 && level < counts.length + remaining; level++) {
    const here = counts[level] ?? 0
    if (here === 0) continue
    const moved = Math.min(here, remaining)
    counts[level] = here - moved
    counts[level + 1] = (counts[level + 1] ?? 0) + moved
    remaining -= moved
  }
  let maxMeetings = 0
  let squaredExcess = 0
  counts.forEach((count, level) => {
    if (count > 0) {
      maxMeetings = level
      squaredExcess += count * excess(level)
    }
  })
  return { maxMeetings, squaredExcess }
}

/**
 * What no schedule can beat, from counting alone: the planned meetings spread as evenly as
 * possible over all pairs, and each person's meetings spread as evenly over the others.
 * `met` is the n×n matrix of earlier meetings; `sizes` the table sizes of every planned round.
 */
export function lowerBound(
  people: number,
  met: Int32Array,
  sizes: readonly number[],
  rounds: number,
): Bound {
  const pairLevels: number[] = []
  let historyMax = 0
  for (let a = 0; a < people; a++)
    for (let b = a + 1; b < people; b++) {
      const c = met[a * people + b] ?? 0
      pairLevels[c] = (pairLevels[c] ?? 0) + 1
      historyMax = Math.max(historyMax, c)
    }
  const perRound = sizes.reduce((sum, size) => sum + (size * (size - 1)) / 2, 0)
  const pairs = spreadMeetingsEvenly(pairLevels, perRound * rounds)

  const smallest = Math.min(...sizes.filter((size) => size > 0))
  const perPerson = people > 0 ? (smallest - 1) * rounds : 0
  let personMax = 0
  let personExcess = 0
  for (let a = 0; a < people && perPerson > 0; a++) {
    const levels: number[] = []
    for (let b = 0; b < people; b++) {
      if (b === a) continue
      const c = met[a * people + b] ?? 0
      levels[c] = (levels[c] ?? 0) + 1
    }
    const own = spreadMeetingsEvenly(levels, perPerson)
    personMax = Math.max(personMax, own.maxMeetings)
    personExcess += own.squaredExcess
  }
  return {
    maxMeetings: Math.max(historyMax, pairs.maxMeetings, personMax),
    squaredExcess: Math.max(pairs.squaredExcess, Math.ceil(personExcess / 2)),
  }
}
