/**
 * Spreading first-timers (issue 40, part 2; decision 0082): a woman at her first evening should
 * not sit alone among regulars. The engine minimises, after everything about tonight, first the
 * table-rounds where one first-timer sits with regulars only, then Σ (first-timers at a table)²,
 * which is least when they are spread evenly.
 */

/** 1 for a table-round where one first-timer sits with regulars only, else 0. */
export const alone = (firstTimers: number, tableSize: number) =>
  firstTimers === 1 && tableSize > 1 ? 1 : 0

export interface FirstTimerBound {
  /** The fewest table-rounds with a first-timer alone. */
  alone: number
  /** The least Σ (first-timers at a table)² among seatings with that few. */
  spread: number
}

/**
 * The best any seating of `firstTimers` first-timers over tables of these sizes can do in one
 * round: a knapsack over the tables, Σ over tables of min(size, firstTimers) steps.
 */
export function firstTimerBound(sizes: readonly number[], firstTimers: number): FirstTimerBound {
  // Alone weighs more than any spread can: spread ≤ firstTimers².
  const weight = firstTimers * firstTimers + 1
  let best = new Float64Array(firstTimers + 1).fill(Infinity)
  best[0] = 0
  for (const size of sizes) {
    const next = new Float64Array(firstTimers + 1).fill(Infinity)
    for (let f = 0; f <= firstTimers; f++) {
      const here = best[f] ?? Infinity
      if (here === Infinity) continue
      for (let k = 0; k <= size && f + k <= firstTimers; k++) {
        const cost = here + alone(k, size) * weight + k * k
        if (cost < (next[f + k] ?? Infinity)) next[f + k] = cost
      }
    }
    best = next
  }
  const total = best[firstTimers] ?? Infinity
  return { alone: Math.floor(total / weight), spread: total % weight }
}
