import { expect } from 'vitest'
import type { Resolution } from './design-catalogue.ts'

/**
 * For design tests: what a client gets from a design. Every round seats each of the `people`
 * once, at tables of the given sizes (in some order). Returns how often the most-met pair meets
 * (1: no pair meets twice).
 */
export function checkResolution(
  schedule: Resolution,
  people: number,
  sizes: readonly number[],
): number {
  const count = new Int32Array(people * people)
  let most = 0
  for (const round of schedule) {
    expect(round.map((table) => table.length).sort((a, b) => a - b)).toEqual(
      [...sizes].sort((a, b) => a - b),
    )
    expect(round.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: people }, (_, i) => i))
    for (const table of round)
      for (const a of table)
        for (const b of table)
          if (a < b) {
            const c = (count[a * people + b] ?? 0) + 1
            count[a * people + b] = c
            most = Math.max(most, c)
          }
  }
  return most
}
