import { describe, expect, it } from 'vitest'
import { BASE_BLOCKS } from './design-base-blocks.ts'
import { affineResolution, catalogueResolution, catalogueSchedule } from './design-catalogue.ts'
import { planRounds } from './plan-rounds.ts'
import { checkResolution as check } from './check-resolution.ts'

const KINDS = [3, 4, 5, 6, 7, 8, 9, 10]

describe('catalogueResolution', () => {
  it('gives designs with no pair twice and ⌊(v − 1)/(k − 1)⌋ rounds, for every v ≤ 150', () => {
    const covered: string[] = []
    for (const k of KINDS)
      for (let v = k * k; v <= 150; v += k) {
        const design = catalogueResolution(v, k)
        if (!design) continue
        covered.push(`${v}/${k}`)
        expect(check(design, v, Array<number>(v / k).fill(k))).toBe(1)
        expect(design).toHaveLength(Math.floor((v - 1) / (k - 1)))
      }
    // Each Kirkman order the catalogue names, and the resolvable (v, 4, 1) designs.
    for (const v of [9, 15, 21, 27, 33, 39, 45, 51, 57, 63, 69, 75, 81, 99, 105, 117, 135])
      expect(covered).toContain(`${v}/3`)
    // Nearly Kirkman triple systems.
    for (const v of [24, 36, 48, 60]) expect(covered).toContain(`${v}/3`)
    for (const v of [16, 28, 40, 52, 64]) expect(covered).toContain(`${v}/4`)
    // The transcribed 8-4-10 schedule.
    expect(covered).toContain('32/4')
  })

  it('validates every data entry in full', () => {
    for (const entry of BASE_BLOCKS) {
      const design = catalogueResolution(entry.v, entry.k)
      expect(design).not.toBeNull()
      if (design)
        expect(check(design, entry.v, Array<number>(entry.v / entry.k).fill(entry.k))).toBe(1)
    }
  })

  it('builds AG(3, q) with q² + q + 1 rounds', () => {
    for (const q of [2, 3, 4, 5]) {
      const design = affineResolution(q, 3)
      expect(design).toHaveLength(q * q + q + 1)
      if (design) expect(check(design, q ** 3, Array<number>(q * q).fill(q))).toBe(1)
    }
  })

  it('has nothing for shapes no design fits', () => {
    expect(catalogueResolution(12, 3)).toBeNull()
    expect(catalogueResolution(10, 2)).toBeNull()
    expect(catalogueResolution(36, 6)).toBeNull()
  })
})

describe('catalogueSchedule', () => {
  it('leaves up to k people out with no pair meeting twice, at water-filled sizes', () => {
    for (const [v, k] of [
      [33, 3],
      [52, 4],
      [64, 4],
      [32, 4],
      [45, 3],
      [36, 3],
    ] as const)
      for (let removed = 0; removed <= k; removed++) {
        const tables = v / k
        const sizes = Array.from({ length: tables }, (_, t) => (t < tables - removed ? k : k - 1))
        const schedule = catalogueSchedule(sizes)
        expect(schedule).not.toBeNull()
        if (!schedule) continue
        expect(check(schedule, v - removed, sizes)).toBe(1)
        expect(schedule.length).toBe(Math.floor((v - 1) / (k - 1)) - (removed >= 2 ? 1 : 0))
      }
  })

  it('declines tables it has no design for, or too many people out', () => {
    expect(catalogueSchedule([6, 6, 6, 6, 6, 6])).toBeNull()
    expect(catalogueSchedule([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3])).toBeNull()
    expect(catalogueSchedule([3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2])).toBeNull()
  })
})

describe('planRounds from the catalogue', () => {
  const plan = (people: number, tables: number, size: number, rounds: number, extra = {}) =>
    planRounds({
      participants: Array.from({ length: people }, (_, i) => `p${i}`),
      tables: Array.from({ length: tables }, (_, t) => ({ id: `t${t}`, capacity: size })),
      roundsRemaining: rounds,
      seed: 1,
      timeBudgetMs: 600_000,
      maxWork: 20_000_000,
      ...extra,
    })

  it('seats a Kirkman triple system, a resolvable (52, 4, 1) design and 8-4-10 with no repeats', () => {
    for (const [people, tables, size, rounds] of [
      [33, 11, 3, 16],
      [32, 8, 4, 10],
      [52, 13, 4, 17],
      [51, 13, 4, 17],
    ] as const) {
      const { plan: schedule, stats } = plan(people, tables, size, rounds)
      expect(schedule).toHaveLength(rounds)
      for (const round of schedule)
        expect(Object.values(round).flat().sort()).toEqual(
          Array.from({ length: people }, (_, i) => `p${i}`).sort(),
        )
      expect(stats).toMatchObject({ repeats: 0, maxMeetings: 1, optimal: true })
    }
  })

  it('reaches the counting bound on rounds past the design', () => {
    const { stats } = plan(33, 11, 3, 17)
    // 17 rounds of 11 triples seat 561 pairs among C(33, 2) = 528: at least 33 meet twice.
    expect(stats.lowerBound).toEqual({ maxMeetings: 2, squaredExcess: 33 })
    expect(stats).toMatchObject({ repeats: 33, maxMeetings: 2, optimal: true })
    // 8-4-10 leaves 16 pairs unmet, no two at one table: every table of an 11th round repeats
    // at least 4 of its 6 pairs.
    expect(plan(32, 8, 4, 11).stats).toMatchObject({ repeats: 32, maxMeetings: 2, optimal: true })
  })

  it('still keeps apart the pairs it is asked to', () => {
    const { stats } = plan(33, 11, 3, 16, { keepApart: [['p0', 'p1']] })
    expect(stats.keepApartViolations).toBe(0)
  })
})
