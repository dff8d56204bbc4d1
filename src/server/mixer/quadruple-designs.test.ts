import { describe, expect, it } from 'vitest'
import { checkResolution as check } from './check-resolution.ts'
import { catalogueResolution, catalogueSchedule } from './design-catalogue.ts'
import { QUADRUPLE_DESIGNS } from './design-data-quadruples.ts'
import { planRounds } from './plan-rounds.ts'

/** Sizes this work adds: resolvable (v, 4, 1) designs and 4-RGDDs of types 2^(v/2), 3^(v/3). */
const ADDED = {
  rbibd: [76, 88, 112, 124, 136, 148],
  pairs: [44, 56, 80, 128],
  triples: [24, 36, 48, 60, 72, 84, 144],
}

/**
 * The people each person never meets, checked to be the groups of a group divisible design:
 * every person misses exactly g − 1 others, and they miss each other (classes of size g).
 */
function expectGroups(design: number[][][], v: number, g: number): void {
  const met = Array.from({ length: v }, () => new Uint8Array(v))
  for (const round of design)
    for (const table of round)
      for (const a of table) for (const b of table) if (a !== b) (met[a] ?? [])[b] = 1
  for (let p = 0; p < v; p++) {
    const group = [
      p,
      ...Array.from({ length: v }, (_, q) => q).filter((q) => q !== p && !met[p]?.[q]),
    ]
    expect(group).toHaveLength(g)
    for (const q of group) for (const r of group) if (q !== r) expect(met[q]?.[r]).toBe(0)
  }
}

describe('tables of 4: resolvable designs and 4-RGDDs in the catalogue', () => {
  const cases = [
    ...ADDED.rbibd.map((v) => [v, 1] as const),
    ...ADDED.pairs.map((v) => [v, 2] as const),
    ...ADDED.triples.map((v) => [v, 3] as const),
  ]

  it.each(cases)(
    '%i people: ⌊(v − 1)/3⌋ rounds, no pair twice, groups of %i never meet',
    (v, g) => {
      const design = catalogueResolution(v, 4)
      expect(design).not.toBeNull()
      if (!design) return
      expect(check(design, v, Array<number>(v / 4).fill(4))).toBe(1)
      expect(design).toHaveLength(Math.floor((v - 1) / 3))
      expectGroups(design, v, g)
    },
  )

  it('has a data entry only for sizes it claims', () => {
    const all: number[] = [...ADDED.rbibd, ...ADDED.pairs, ...ADDED.triples]
    for (const entry of QUADRUPLE_DESIGNS) expect(all).toContain(entry.v)
  })

  it('leaves up to 4 people out with no pair twice', () => {
    for (const v of [44, 36, 76]) {
      const tables = v / 4
      for (let removed = 1; removed <= 4; removed++) {
        const sizes = Array.from({ length: tables }, (_, t) => (t < tables - removed ? 4 : 3))
        const schedule = catalogueSchedule(sizes)
        expect(schedule).not.toBeNull()
        if (!schedule) continue
        expect(check(schedule, v - removed, sizes)).toBe(1)
        expect(schedule).toHaveLength(Math.floor((v - 1) / 3) - (removed >= 2 ? 1 : 0))
      }
    }
  })

  it('plans 44 people at 11 tables for 14 rounds and 60 at 15 for 19 with no repeat, optimal', () => {
    for (const [people, rounds] of [
      [44, 14],
      [60, 19],
    ] as const) {
      const { plan, stats } = planRounds({
        participants: Array.from({ length: people }, (_, i) => `p${i}`),
        tables: Array.from({ length: people / 4 }, (_, t) => ({ id: `t${t}`, capacity: 4 })),
        roundsRemaining: rounds,
        seed: 1,
        timeBudgetMs: 600_000,
        maxWork: 20_000_000,
      })
      expect(plan).toHaveLength(rounds)
      expect(stats).toMatchObject({ repeats: 0, maxMeetings: 1, optimal: true })
    }
  })
})
