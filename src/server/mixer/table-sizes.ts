import { MixerError } from './mixer-error.ts'

/** Water-filling over the given tables: sizes min(cap, L) or one less, summing to `people`. */
function fillTablesToLevel(capacities: readonly number[], people: number): number[] {
  let level = 0
  let seated = 0
  while (seated < people) {
    level++
    seated = capacities.reduce((sum, cap) => sum + Math.min(cap, level), 0)
  }
  const sizes = capacities.map((cap) => Math.min(cap, level))
  // The surplus comes off the last tables filled to the level, so earlier tables are the fuller ones.
  for (let t = sizes.length - 1; t >= 0 && seated > people; t--) {
    if (sizes[t] === level) {
      sizes[t] = level - 1
      seated--
    }
  }
  return sizes
}

/**
 * How many people sit at each table (in the order given): as equal as the capacities allow.
 * When that would leave someone alone at a table (few people, many tables), tables are left
 * empty instead, the smallest first, as long as everyone still has a seat: 7 people at five
 * tables of 4 sit 3, 2, 2, 0, 0 rather than 2, 2, 1, 1, 1.
 */
export function tableSizes(capacities: readonly number[], people: number): number[] {
  for (const cap of capacities) {
    if (!Number.isInteger(cap) || cap < 0)
      throw new MixerError(
        'invalid_capacity',
        `A table capacity must be a whole number ≥ 0, not ${cap}.`,
        {
          capacity: cap,
        },
      )
  }
  const seats = capacities.reduce((sum, cap) => sum + cap, 0)
  if (people > seats)
    throw new MixerError(
      'not_enough_seats',
      `${people} people do not fit at tables with ${seats} seats in all.`,
      { people, seats },
    )
  if (people === 0) return capacities.map(() => 0)

  // Tables in the order they are given up: smallest capacity first, later ones before earlier.
  const dropOrder = capacities
    .map((cap, index) => ({ cap, index }))
    .filter(({ cap }) => cap > 0)
    .sort((a, b) => a.cap - b.cap || b.index - a.index)
    .map(({ index }) => index)
  let best: number[] | null = null
  let bestAlone = Infinity
  for (let dropped = 0; dropped < dropOrder.length; dropped++) {
    const kept = new Set(dropOrder.slice(dropped))
    const keptCaps = capacities.map((cap, index) => (kept.has(index) ? cap : 0))
    if (keptCaps.reduce((sum, cap) => sum + cap, 0) < people) break
    const sizes = fillTablesToLevel(keptCaps, people)
    const alone = sizes.filter((size) => size === 1).length
    if (alone < bestAlone) {
      best = sizes
      bestAlone = alone
    }
    if (alone === 0) break
  }
  return best ?? fillTablesToLevel(capacities, people)
}
