import { describe, expect, it } from 'vitest'
import { planRounds } from './plan-rounds.ts'
import { repeatsAcross, simulateSeries } from './series-simulation.ts'

/**
 * Seating memory (issue 40, part 2): the engine is told who sat together at earlier evenings and
 * seats them apart where tonight allows, after everything about tonight.
 */

/** Reproducible under any load: the work cap, not the clock, ends each search. */
const LIMITS = { timeBudgetMs: 60_000, maxWork: 30_000_000 }

describe('seating memory', () => {
  it(
    'seats fewer pairs together again across a series of three evenings, tonight no worse and keep-apart kept',
    { timeout: 120_000 },
    () => {
      const keepApart: [string, string][] = [
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]
      const without = simulateSeries({ evenings: 3, remember: false, keepApart, ...LIMITS })
      const withMemory = simulateSeries({ evenings: 3, remember: true, keepApart, ...LIMITS })
      const across = repeatsAcross
      // Each guest sits with 35 of the other 39 in five rounds, so most returning pairs must meet
      // again whatever the seating; memory relabels tonight's best schedule and searches on.
      expect(across(without)).toBeGreaterThan(400)
      expect(across(withMemory)).toBeLessThanOrEqual(across(without) * 0.88)
      // The second evening follows the same first one either way: there relabelling and the
      // weighed search take a quarter off (243 → 182 on these seeds; 531 → 448 over the three).
      expect(withMemory[1]?.earlierRepeats).toBeLessThanOrEqual(
        (without[1]?.earlierRepeats ?? 0) * 0.85,
      )
      for (let e = 0; e < 3; e++) {
        expect(withMemory[e]?.repeats).toBeLessThanOrEqual(without[e]?.repeats ?? 0)
        expect(withMemory[e]?.maxMeetings).toBeLessThanOrEqual(without[e]?.maxMeetings ?? 0)
        expect(withMemory[e]?.keepApartViolations).toBe(0)
        // No seating goes below the arithmetic's floor (decision 0094).
        expect(withMemory[e]?.earlierRepeats).toBeGreaterThanOrEqual(
          withMemory[e]?.earlierBound ?? 0,
        )
        expect(without[e]?.earlierRepeats).toBeGreaterThanOrEqual(without[e]?.earlierBound ?? 0)
      }
    },
  )

  it('says how many pairs meet again from earlier evenings, beside tonight’s repeats', () => {
    const participants = Array.from({ length: 8 }, (_, i) => `p${i}`)
    const result = planRounds({
      participants,
      tables: [
        { id: 'a', capacity: 4 },
        { id: 'b', capacity: 4 },
      ],
      // Everyone met everyone before: no seating can avoid them.
      metAtEarlierEvenings: participants.flatMap((a, i) =>
        participants.slice(i + 1).map((b) => [a, b, 1] as const),
      ),
      seed: 1,
      timeBudgetMs: 1_000,
    })
    // Two tables of four: twelve pairs meet, every one of them again.
    expect(result.stats.earlierRepeats).toBe(12)
    expect(result.stats.repeats).toBe(0)
  })
})
