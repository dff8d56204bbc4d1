import { BASE_BLOCKS } from './design-base-blocks.ts'
import { galoisField } from './galois-field.ts'
import { RESOLVABLE_GDDS, TRIPLE_SYSTEMS } from './design-data-triples.ts'
import { cyclicTripleSystem, groupsOf, inflatedNearlyKirkman } from './kirkman-constructions.ts'
import { quadrupleResolution } from './quadruple-constructions.ts'
import type { Resolution } from './resolution.ts'

export type { Resolution } from './resolution.ts'

/** The most points a catalogue design may have: the engine's own limit on participants. */
const MAX_POINTS = 2000

/**
 * The lines of the affine geometry AG(n, q), q a prime power, as (q^n − 1)/(q − 1) rounds of
 * q^(n−1) tables of q: one round per direction (a point of the projective space, its first
 * non-zero coordinate 1), its tables the lines {x + t·d}. Two points span one line, so no pair
 * meets twice. Point x is the vector of its base-q digits. Null when q is not a prime power
 * ≤ 128, n < 2 or q^n > MAX_POINTS.
 */
export function affineResolution(q: number, n: number): Resolution | null {
  const field = galoisField(q)
  const v = q ** n
  if (!field || n < 2 || v > MAX_POINTS) return null
  const digits = (x: number) => Array.from({ length: n }, (_, i) => Math.floor(x / q ** i) % q)
  const fromDigits = (d: readonly number[]) => d.reduce((sum, digit, i) => sum + digit * q ** i, 0)
  const rounds: Resolution = []
  for (let d = 1; d < v; d++) {
    const direction = digits(d)
    const lead = direction.findLastIndex((digit) => digit !== 0)
    if (direction[lead] !== 1) continue
    const seated = new Uint8Array(v)
    const round: number[][] = []
    for (let x = 0; x < v; x++) {
      if (seated[x]) continue
      const base = digits(x)
      const line = Array.from({ length: q }, (_, t) =>
        fromDigits(base.map((digit, i) => field.add(digit, field.mul(t, direction[i] ?? 0)))),
      )
      for (const point of line) seated[point] = 1
      round.push(line)
    }
    rounds.push(round)
  }
  return rounds
}

/** Addition in Z_n1 × … × Z_nr, elements written in mixed radix (the last modulus lowest). */
function productGroupAdd(moduli: readonly number[]): (a: number, b: number) => number {
  return (a, b) => {
    let sum = 0
    let place = 1
    for (let i = moduli.length - 1; i >= 0; i--) {
      const n = moduli[i] ?? 1
      sum += (((Math.floor(a / place) % n) + (Math.floor(b / place) % n)) % n) * place
      place *= n
    }
    return sum
  }
}

/**
 * A 1-rotational resolvable (v, k, 1) design (Buratti & Zuanni's setting) from its base blocks:
 * points the abelian group G = Z_n1 × … × Z_nr of order v − 1 (cyclic by default) and ∞ (point
 * v − 1), H the subgroup of order k − 1 that `generator` spans (by default (v − 1)/(k − 1) in
 * Z_(v−1)). The base round is {∞} ∪ H and every B + h (B a base block, h ∈ H); the other
 * rounds are its shifts by one element of each other coset of H. The base blocks' differences
 * cover G \ H once and their cosets of H cover G \ H once, which the catalogue's test checks
 * through every round it yields.
 */
export function oneRotationalResolution(
  v: number,
  k: number,
  baseBlocks: readonly (readonly number[])[],
  moduli: readonly number[] = [v - 1],
  generator = (v - 1) / (k - 1),
): Resolution {
  const order = v - 1
  const add = productGroupAdd(moduli)
  const subgroup = [0]
  while (subgroup.length < k - 1) subgroup.push(add(subgroup.at(-1) ?? 0, generator))
  const base = [
    [order, ...subgroup],
    ...baseBlocks.flatMap((block) => subgroup.map((h) => block.map((x) => add(x, h)))),
  ]
  const seen = new Uint8Array(order)
  const shifts: number[] = []
  for (let g = 0; g < order; g++) {
    if (seen[g]) continue
    shifts.push(g)
    for (const h of subgroup) seen[add(g, h)] = 1
  }
  return shifts.map((g) => base.map((block) => block.map((x) => (x === order ? order : add(x, g)))))
}

/**
 * A design developed from one base round over Z_n: points x < v' (a multiple of n) are
 * (level, position) = (⌊x / n⌋, x mod n), the others fixed points (∞). Round g shifts every
 * position by g, so there are n rounds; the base round's mixed differences decide which pairs
 * meet (e.g. KTS(2n + 1) on Z_n × {0, 1} ∪ {∞}, Stinson, Combinatorial Designs (2004), §6.3).
 * Each orbit table (one person of each level) adds a round of its n shifts, as in KTS(3n).
 */
export function developedResolution(
  modulus: number,
  levels: number,
  baseRound: readonly (readonly number[])[],
  orbitTables: readonly (readonly number[])[] = [],
): Resolution {
  const finite = modulus * levels
  const shift = (block: readonly number[], g: number) =>
    block.map((x) =>
      x >= finite ? x : Math.floor(x / modulus) * modulus + (((x % modulus) + g) % modulus),
    )
  const shifts = Array.from({ length: modulus }, (_, g) => g)
  return [
    ...shifts.map((g) => baseRound.map((block) => shift(block, g))),
    ...orbitTables.map((table) => shifts.map((g) => shift(table, g))),
  ]
}

/**
 * A Kirkman triple system KTS(3v) from a KTS(v), v odd: points (x, i) = i·v + x, x ∈ Z_v,
 * i ∈ {0, 1, 2}. The resolvable transversal design over Z_v gives v rounds of triples
 * {(a, 0), (a + s, 1), (a + 2s, 2)} (s the round; 2 is invertible mod v, so each pair of
 * different levels meets once), and round j of the KTS(v), copied on each level, gives
 * (v − 1)/2 more: (3v − 1)/2 in all. The tripling construction of Colbourn & Rosa, Triple
 * Systems (1999), ch. 19.
 */
export function tripledKirkman(kts: Resolution, v: number): Resolution {
  const across = Array.from({ length: v }, (_, s) =>
    Array.from({ length: v }, (_, a) => [a, v + ((a + s) % v), 2 * v + ((a + 2 * s) % v)]),
  )
  const within = kts.map((round) =>
    [0, 1, 2].flatMap((level) => round.map((block) => block.map((x) => level * v + x))),
  )
  return [...across, ...within]
}

/**
 * A KTS(v) (v odd) or an NKTS(v) (v even): found base blocks or base rounds (design-base-blocks.ts,
 * design-data-triples.ts), else tripled from a KTS(v / 3), else an NKTS inflated from a KTS(u) or
 * a resolvable 3-GDD of type g^u and an NKTS(g · v / (gu)) (inflatedNearlyKirkman).
 */
function kirkman(v: number): Resolution | null {
  if (v === 3) return [[[0, 1, 2]]]
  const found = baseBlockResolution(v, 3)
  if (found) return found
  const data = TRIPLE_SYSTEMS.find((design) => design.v === v)
  if (data) return cyclicTripleSystem(data)
  const third = v % 3 === 0 && (v / 3) % 2 === 1 ? kirkman(v / 3) : null
  if (third) return tripledKirkman(third, v / 3)
  if (v % 2 !== 0) return null
  const masters: [Resolution | null, number][] = [
    ...Array.from({ length: Math.floor(v / 18) }, (_, i) => 2 * i + 3)
      .filter((u) => v % u === 0 && u * 18 <= v)
      .map((u): [Resolution | null, number] => [kirkman(u), u]),
    ...RESOLVABLE_GDDS.filter((design) => v % design.v === 0).map(
      (design): [Resolution, number] => [cyclicTripleSystem(design), design.v],
    ),
  ]
  for (const [master, points] of masters) {
    const g = master ? (groupsOf(master, points)?.[0]?.length ?? 0) : 0
    const filling = g > 0 && (g * v) / points >= 18 ? kirkman((g * v) / points) : null
    const inflated =
      master && filling ? inflatedNearlyKirkman(master, points, filling, v / points) : null
    if (inflated) return inflated
  }
  return null
}

function baseBlockResolution(v: number, k: number): Resolution | null {
  const entry = BASE_BLOCKS.find((design) => design.v === v && design.k === k)
  if (!entry) return null
  if ('rounds' in entry) return transcribedResolution(entry.rounds)
  if ('develop' in entry)
    return developedResolution(
      entry.develop.modulus,
      entry.develop.levels,
      entry.baseRound,
      entry.orbitTables,
    )
  return entry.group
    ? oneRotationalResolution(v, k, entry.blocks, entry.group.moduli, entry.group.generator)
    : oneRotationalResolution(v, k, entry.blocks)
}

/** A transcribed schedule (see CatalogueEntry): person i is the i-th character of round 1. */
export function transcribedResolution(rounds: readonly string[]): Resolution {
  const person = new Map([...(rounds[0] ?? '').replaceAll(' ', '')].map((c, i) => [c, i]))
  return rounds.map((round) =>
    round.split(' ').map((table) => [...table].map((c) => person.get(c) ?? -1)),
  )
}

/** AG(n, k) when v = k^n, n ≥ 2. */
function affineFor(v: number, k: number): Resolution | null {
  for (let n = 2, power = k * k; power <= v; n++, power *= k)
    if (power === v) return affineResolution(k, n)
  return null
}

/**
 * The catalogue's design for v people at tables of k with the most rounds, or null: published
 * or found base blocks and schedules (design-base-blocks.ts), Kirkman triple systems by
 * tripling, affine geometries, and for tables of 4 the designs of quadruple-constructions.ts.
 */
export function catalogueResolution(v: number, k: number): Resolution | null {
  if (k < 3 || v % k !== 0 || v > MAX_POINTS) return null
  const candidates = [
    k === 3 ? kirkman(v) : baseBlockResolution(v, k),
    affineFor(v, k),
    k === 4 ? quadrupleResolution(v, (u) => catalogueResolution(u, 4)) : null,
  ].filter((design): design is Resolution => design !== null)
  return candidates.reduce<Resolution | null>(
    (best, design) => (best && best.length >= design.length ? best : design),
    null,
  )
}

/**
 * A catalogue design near these table sizes (the same in every round), as rounds of tables in
 * the design's order with people 0..n−1, or null. The tables in use must all hold k people, or
 * k and k − 1 (water-filled) with d = (tables · k) − people ≤ k people left out of a design on
 * tables · k points. One person out costs nothing. More leave from one table of the last round,
 * which is dropped: any two of them meet only there, so in every other round they sit at
 * different tables and each table loses at most one person.
 */
export function catalogueSchedule(sizes: readonly number[]): Resolution | null {
  const used = sizes.filter((size) => size > 0)
  const k = Math.max(0, ...used)
  const people = used.reduce((sum, size) => sum + size, 0)
  const v = used.length * k
  const removed = v - people
  if (used.some((size) => size < k - 1) || removed > k) return null
  const design = catalogueResolution(v, k)
  if (!design || design.length === 0) return null
  if (removed === 0) return design
  const rounds = removed === 1 ? design : design.slice(0, -1)
  const out = new Set(removed === 1 ? [v - 1] : (design.at(-1)?.[0] ?? []).slice(0, removed))
  const renumber = new Int32Array(v)
  let next = 0
  for (let x = 0; x < v; x++) renumber[x] = out.has(x) ? -1 : next++
  return rounds.map((round) =>
    round.map((table) => table.filter((x) => !out.has(x)).map((x) => renumber[x] ?? 0)),
  )
}
