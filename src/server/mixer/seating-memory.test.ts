import { describe, expect, it } from 'vitest'
import { planRounds, type MixerInput } from './plan-rounds.ts'
import { scorePlan } from './score-plan.ts'

/**
 * Seating memory (issue 40, part 2): the engine is told who sat together at earlier evenings and
 * seats them apart where tonight allows, after everything about tonight.
 */

const TABLES = Array.from({ length: 5 }, (_, t) => ({ id: `t${t}`, capacity: 8 }))
const ROUNDS = 5
/** Reproducible under any load: the work cap, not the clock, ends each search. */
const LIMITS = { timeBudgetMs: 60_000, maxWork: 30_000_000 }

type Pairs = Map<string, number>
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`)

/** Who sat with whom in a plan: each pair once per evening. */
function pairsOf(plan: readonly Record<string, readonly string[]>[]): Set<string> {
  const pairs = new Set<string>()
  for (const round of plan)
    for (const group of Object.values(round))
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++)
          pairs.add(pairKey(group[i] ?? '', group[j] ?? ''))
  return pairs
}

function memoryInput(memory: Pairs): MixerInput['metAtEarlierEvenings'] {
  return [...memory].map(([key, evenings]) => {
    const [a = '', b = ''] = key.split('|')
    return [a, b, evenings] as const
  })
}

/**
 * A series of evenings of 40, 70 % of them back from the evening before; each evening planned
 * whole at its start. Returns each evening's meetings of pairs who had met at an earlier one.
 */
function series(evenings: number, remember: boolean, keepApart: [string, string][] = []) {
  const memory: Pairs = new Map()
  let guests = Array.from({ length: 40 }, (_, i) => `p${i}`)
  let next = 40
  const results: {
    earlierRepeats: number
    repeats: number
    keepApartViolations: number
  }[] = []
  for (let e = 0; e < evenings; e++) {
    const input: MixerInput = {
      participants: guests,
      tables: TABLES,
      roundsRemaining: ROUNDS,
      keepApart,
      seed: e + 1,
      ...LIMITS,
      metAtEarlierEvenings: remember ? memoryInput(memory) : undefined,
    }
    const { plan } = planRounds(input)
    const score = scorePlan({ ...input, metAtEarlierEvenings: memoryInput(memory) }, plan)
    results.push(score)
    for (const pair of pairsOf(plan)) memory.set(pair, (memory.get(pair) ?? 0) + 1)
    // 28 come back (every fifth one stays away, and four more), 12 are new.
    guests = [
      ...guests.filter((_, i) => i % 5 !== 0).slice(0, 28),
      ...Array.from({ length: 12 }, () => `p${next++}`),
    ]
  }
  return results
}

describe('seating memory', () => {
  it(
    'seats fewer pairs together again across a series of three evenings, tonight no worse and keep-apart kept',
    { timeout: 120_000 },
    () => {
      const keepApart: [string, string][] = [
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]
      const without = series(3, false, keepApart)
      const withMemory = series(3, true, keepApart)
      const across = (results: typeof without) =>
        results.slice(1).reduce((sum, r) => sum + r.earlierRepeats, 0)
      // Each guest sits with 35 of the other 39 in five rounds, so most returning pairs must meet
      // again whatever the seating (531 without memory on these seeds); memory avoids what tonight
      // leaves free to choose (462: 13 % fewer; decision 0072 has the arithmetic).
      expect(across(without)).toBeGreaterThan(400)
      expect(across(withMemory)).toBeLessThanOrEqual(across(without) * 0.9)
      for (let e = 0; e < 3; e++) {
        expect(withMemory[e]?.repeats).toBeLessThanOrEqual(without[e]?.repeats ?? 0)
        expect(withMemory[e]?.keepApartViolations).toBe(0)
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
