import type { Resolution } from './resolution.ts'
import { galoisField, type GaloisField } from './galois-field.ts'

/**
 * A Kirkman or nearly Kirkman triple system developed over Z_n (design-data-triples.ts): points
 * (level, x) = level · n + x, x ∈ Z_n, then the fixed points ∞ (v − levels · n of them). Each
 * base round gives n rounds, its shifts x ↦ x + g (∞ fixed); each orbit round (tables with one
 * person of each level between them, no ∞) gives one round, the n shifts of its tables.
 */
export interface CyclicTripleSystem {
  v: number
  modulus: number
  levels: number
  baseRounds: readonly (readonly (readonly number[])[])[]
  orbitRounds?: readonly (readonly (readonly number[])[])[]
}

/**
 * The rounds of a CyclicTripleSystem: n shifts of each base round, then each orbit round's
 * tables with their n shifts. Whether no pair meets twice is the data's property (the base
 * rounds' and orbit rounds' pair orbits under Z_n are disjoint), which the tests check in full.
 */
export function cyclicTripleSystem(design: CyclicTripleSystem): Resolution {
  const { modulus: n, levels } = design
  const finite = n * levels
  const shift = (table: readonly number[], g: number) =>
    table.map((x) => (x >= finite ? x : Math.floor(x / n) * n + (((x % n) + g) % n)))
  const shifts = Array.from({ length: n }, (_, g) => g)
  return [
    ...design.baseRounds.flatMap((round) =>
      shifts.map((g) => round.map((table) => shift(table, g))),
    ),
    ...(design.orbitRounds ?? []).map((round) =>
      shifts.flatMap((g) => round.map((table) => shift(table, g))),
    ),
  ]
}

/** The prime-power factors of m (one per prime), or null. */
function primePowerFactors(m: number): number[] | null {
  const factors: number[] = []
  let rest = m
  for (let p = 2; rest > 1; p++) {
    if (rest % p !== 0) continue
    let power = 1
    while (rest % p === 0) {
      rest /= p
      power *= p
    }
    factors.push(power)
  }
  return m >= 1 ? factors : null
}

/**
 * A resolvable transversal design RTD(3, m) as m rounds of m triples [y, y + s, y + λs] over the
 * ring R = GF(q1) × … × GF(qr), m = q1 · … · qr (one prime power per prime), elements in mixed
 * radix: round s ∈ R, table y ∈ R. With λ = (2, …, 2) (the field element written 2, neither 0
 * nor 1), λ and λ − 1 are units, so any two points of different positions fix s and y: each
 * such pair meets once. Null when some factor is 2 (m ≡ 2 mod 4: then λ cannot be found this
 * way). A resolvable TD(3, m) is a TD(4, m); see C. J. Colbourn, J. H. Dinitz (eds.), Handbook
 * of Combinatorial Designs, 2nd ed. (2007), §III.3 (MOLS from finite fields and products).
 */
export function resolvableTransversalTriples(m: number): number[][][] | null {
  const factors = primePowerFactors(m)
  if (!factors || factors.some((q) => q === 2)) return null
  const fields = factors.map((q) => galoisField(q))
  if (fields.some((field) => !field)) return null
  const rings = fields as GaloisField[]
  const digits = (x: number) =>
    rings.map(
      (field, i) => Math.floor(x / factors.slice(i + 1).reduce((a, b) => a * b, 1)) % field.order,
    )
  const fromDigits = (d: readonly number[]) =>
    d.reduce((sum, digit, i) => sum * (rings[i]?.order ?? 1) + digit, 0)
  const add = (a: number, b: number) =>
    fromDigits(digits(a).map((x, i) => rings[i]?.add(x, digits(b)[i] ?? 0) ?? 0))
  const lambda = (a: number) => fromDigits(digits(a).map((x, i) => rings[i]?.mul(x, 2) ?? 0))
  return Array.from({ length: m }, (_, s) =>
    Array.from({ length: m }, (_, y) => [y, add(y, s), add(y, lambda(s))]),
  )
}

/**
 * The groups of a resolvable 3-GDD given as rounds: the classes of "never meet" (for a KTS, each
 * point alone; for an NKTS, v/2 pairs). Null when never-meeting is not an equivalence relation
 * with classes of one size (then it is not a GDD of type g^u).
 */
export function groupsOf(design: Resolution, v: number): number[][] | null {
  const met = new Uint8Array(v * v)
  for (const round of design)
    for (const table of round) for (const a of table) for (const b of table) met[a * v + b] = 1
  const group = new Int32Array(v).fill(-1)
  const groups: number[][] = []
  for (let a = 0; a < v; a++) {
    if (group[a] !== -1) continue
    const members = [a]
    for (let b = a + 1; b < v; b++) if (!met[a * v + b]) members.push(b)
    for (const x of members) {
      if (group[x] !== -1) return null
      group[x] = groups.length
    }
    groups.push(members)
  }
  const size = groups[0]?.length ?? 0
  for (const members of groups)
    for (const x of members) for (const y of members) if (x !== y && met[x * v + y]) return null
  return groups.every((members) => members.length === size) ? groups : null
}

/**
 * A nearly Kirkman triple system NKTS(g · u · m) (a resolvable 3-GDD of type 2^(gum/2)) from a
 * resolvable 3-GDD of type g^u (the master: a KTS(u) when g = 1), an NKTS(g · m) and a resolvable
 * TD(3, m), by inflation: point (p, y) = p · m + y for p a point of the master and y ∈ R. Each
 * round of the master gives m rounds: for a round s of the RTD(3, m), every triple {a, b, c} of
 * the master's round carries the RTD's round s on a × R, b × R, c × R. Two points (a, y), (b, z)
 * with a, b in different groups of the master meet once: in the master's one round and triple
 * through a and b, and there in the RTD's one round and table through y and z. Then each round
 * of the NKTS(gm), copied onto every G × R (G a group of the master, its i-th point and y the
 * NKTS's point i · m + y), gives one more round, where the points of one G × R meet as in the
 * NKTS(gm). Rounds: m · g(u − 1)/2 + (gm − 2)/2 = (gum − 2)/2; the pairs that never meet are the
 * NKTS(gm)'s groups in each G × R, gum/2 disjoint pairs. The standard inflation (product)
 * construction for resolvable GDDs: R. Rees, D. R. Stinson, "On resolvable group-divisible
 * designs with block size 3", Ars Combinatoria 23 (1987) 107–120. Null without an RTD(3, m) or
 * when the master is not a GDD with groups of g = v(NKTS) / m points.
 */
export function inflatedNearlyKirkman(
  master: Resolution,
  masterPoints: number,
  nearlyKirkman: Resolution,
  m: number,
): Resolution | null {
  const transversal = resolvableTransversalTriples(m)
  const groups = groupsOf(master, masterPoints)
  const g = groups?.[0]?.length ?? 0
  if (!transversal || !groups || nearlyKirkman[0]?.flat().length !== g * m) return null
  const across = master.flatMap((round) =>
    transversal.map((rtdRound) =>
      round.flatMap((triple) =>
        rtdRound.map((table) => table.map((y, position) => (triple[position] ?? 0) * m + y)),
      ),
    ),
  )
  const within = nearlyKirkman.map((round) =>
    groups.flatMap((members) =>
      round.map((table) => table.map((x) => (members[Math.floor(x / m)] ?? 0) * m + (x % m))),
    ),
  )
  return [...across, ...within]
}
