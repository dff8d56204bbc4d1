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
 * How many pairs of one round must also sit together in any other round with the same table
 * sizes: each table's people are spread over the other round's tables (at most their sizes), and
 * the most even spread keeps the fewest pairs together. 26 people at tables of 6, 5, 5, 5, 5:
 * the six at the table of 6 fill five tables, so at least one of their pairs met in the other.
 */
function pairsMeetingInTwoRounds(sizes: readonly number[]): number {
  let pairs = 0
  const spread = sizes.map(() => 0)
  for (const size of sizes) {
    spread.fill(0)
    for (let person = 0; person < size; person++) {
      // She joins the table with room where the fewest of her table already sit.
      let table = -1
      spread.forEach((seated, t) => {
        if (seated < (sizes[t] ?? 0) && (table < 0 || seated < (spread[table] ?? 0))) table = t
      })
      pairs += spread[table] ?? 0
      spread[table] = (spread[table] ?? 0) + 1
    }
  }
  return pairs
}

/**
 * What no schedule can beat, from counting alone: the planned meetings spread as evenly as
 * possible over all pairs, and each person's meetings spread as evenly over the others. And
 * every two planned rounds have pairsMeetingInTwoRounds pairs in common; a pair that meets in
 * m planned rounds is such a pair for C(m, 2) ≤ (m − 1)² pairs of rounds (earlier meetings only
 * raise its term), so Σ (m − 1)² ≥ C(R, 2) · that many, and some pair then meets twice.
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
  const twice = rounds > 1 ? ((rounds * (rounds - 1)) / 2) * pairsMeetingInTwoRounds(sizes) : 0
  return {
    maxMeetings: Math.max(historyMax, pairs.maxMeetings, personMax, twice > 0 ? 2 : 0),
    squaredExcess: Math.max(pairs.squaredExcess, Math.ceil(personExcess / 2), twice),
  }
}
