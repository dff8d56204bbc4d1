import { describe, expect, it } from 'vitest'
import { checkResolution } from './check-resolution.ts'
import { catalogueResolution, type Resolution } from './design-catalogue.ts'
import { RESOLVABLE_GDDS, TRIPLE_SYSTEMS } from './design-data-triples.ts'
import {
  cyclicTripleSystem,
  groupsOf,
  resolvableTransversalTriples,
} from './kirkman-constructions.ts'

/** The sizes this change adds: Kirkman (v odd) and nearly Kirkman (v even) triple systems. */
const KIRKMAN = [87, 93, 111, 123, 129, 147]
const NEARLY_KIRKMAN = [
  18, 30, 42, 54, 66, 72, 78, 84, 90, 96, 102, 108, 114, 120, 126, 132, 138, 144, 150,
]

/** The pairs that never meet, each as [a, b] with a < b. */
function unmetPairs(design: Resolution, v: number): [number, number][] {
  const met = new Uint8Array(v * v)
  for (const round of design)
    for (const table of round)
      for (const a of table) for (const b of table) if (a < b) met[a * v + b] = 1
  const unmet: [number, number][] = []
  for (let a = 0; a < v; a++)
    for (let b = a + 1; b < v; b++) if (!met[a * v + b]) unmet.push([a, b])
  return unmet
}

describe('Kirkman triple systems', () => {
  it.each(KIRKMAN)('KTS(%i): (v − 1)/2 rounds of v/3 tables of 3, every pair once', (v) => {
    const design = catalogueResolution(v, 3)
    expect(design).not.toBeNull()
    if (!design) return
    expect(design).toHaveLength((v - 1) / 2)
    expect(checkResolution(design, v, Array<number>(v / 3).fill(3))).toBe(1)
    expect(unmetPairs(design, v)).toEqual([])
  })
})

describe('nearly Kirkman triple systems', () => {
  it.each(NEARLY_KIRKMAN)(
    'NKTS(%i): (v − 2)/2 rounds, no pair twice, the pairs never met v/2 disjoint pairs',
    (v) => {
      const design = catalogueResolution(v, 3)
      expect(design).not.toBeNull()
      if (!design) return
      expect(design).toHaveLength((v - 2) / 2)
      expect(checkResolution(design, v, Array<number>(v / 3).fill(3))).toBe(1)
      const unmet = unmetPairs(design, v)
      expect(unmet).toHaveLength(v / 2)
      expect(new Set(unmet.flat()).size).toBe(v)
    },
  )
})

describe('data and constructions', () => {
  it('has data only for the sizes above, each with the points it names', () => {
    for (const design of TRIPLE_SYSTEMS) {
      expect([...KIRKMAN, ...NEARLY_KIRKMAN]).toContain(design.v)
      const points = design.baseRounds[0]?.flat() ?? []
      expect(points.sort((a, b) => a - b)).toEqual(Array.from({ length: design.v }, (_, i) => i))
    }
  })

  it('has resolvable 3-GDDs of type 6^u: 3(u − 1) rounds, the pairs never met u groups of 6', () => {
    for (const gdd of RESOLVABLE_GDDS) {
      const design = cyclicTripleSystem(gdd)
      const u = gdd.v / 6
      expect(design).toHaveLength(3 * (u - 1))
      expect(checkResolution(design, gdd.v, Array<number>(gdd.v / 3).fill(3))).toBe(1)
      const groups = groupsOf(design, gdd.v)
      expect(groups?.map((members) => members.length)).toEqual(Array<number>(u).fill(6))
    }
  })

  it('builds resolvable transversal designs RTD(3, m) where m ≢ 2 mod 4', () => {
    for (const m of [3, 4, 5, 8, 9, 12, 24, 36]) {
      const rtd = resolvableTransversalTriples(m)
      expect(rtd).not.toBeNull()
      if (!rtd) continue
      // Positions as three groups of m people: each round a partition, every cross pair once.
      const design = rtd.map((round) =>
        round.map(([a, b, c]) => [a ?? 0, m + (b ?? 0), 2 * m + (c ?? 0)]),
      )
      expect(design).toHaveLength(m)
      expect(checkResolution(design, 3 * m, Array<number>(m).fill(3))).toBe(1)
      expect(unmetPairs(design, 3 * m)).toHaveLength(3 * ((m * (m - 1)) / 2))
    }
    expect(resolvableTransversalTriples(6)).toBeNull()
    expect(resolvableTransversalTriples(18)).toBeNull()
  })
})
