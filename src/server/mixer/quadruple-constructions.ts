import type { Resolution } from './resolution.ts'
import { QUADRUPLE_DESIGNS } from './design-data-quadruples.ts'
import { galoisField } from './galois-field.ts'

/**
 * Rounds developed from base rounds over an abelian group G of order n (Z_n, or with `add`
 * another, such as GF(n)'s additive group): points x < n·levels are (level, position) =
 * (⌊x / n⌋, x mod n), the others fixed points (∞). Round (b, g) is base round b with every
 * position shifted by g, so there are n rounds per base round. The base rounds hold each
 * difference (i, j, d) (a person of level i with one of level j at position + d) at most
 * once and each ∞ with each level at most once, so no pair meets twice: the method of
 * differences (D. R. Stinson, Combinatorial Designs: Constructions and Analysis (2004), ch. 3
 * and §6.3; for resolvable designs M. Buratti, F. Zuanni, Bull. Belg. Math. Soc. 5 (1998)).
 */
export function developedQuadruples(
  modulus: number,
  levels: number,
  baseRounds: readonly (readonly (readonly number[])[])[],
  add: (a: number, b: number) => number = (a, b) => (a + b) % modulus,
): Resolution {
  const finite = modulus * levels
  const shift = (x: number, g: number) =>
    x >= finite ? x : Math.floor(x / modulus) * modulus + add(x % modulus, g)
  return baseRounds.flatMap((round) =>
    Array.from({ length: modulus }, (_, g) => round.map((block) => block.map((x) => shift(x, g)))),
  )
}

/**
 * The ring GF(q1) × … × GF(qr) for q = q1⋯qr, each factor a prime power ≥ 4 (elements in mixed
 * radix), or null: its addition and x ↦ i·x for i = 0, 1, 2, 3, read as (i, …, i). Each i − j
 * (i ≠ j) is a unit, as in MacNeish's product of orthogonal Latin squares (H. F. MacNeish,
 * "Euler squares", Ann. of Math. 23 (1922) 221–227).
 */
function productRing(
  q: number,
): { add(a: number, b: number): number; times(i: number, b: number): number } | null {
  const fields: NonNullable<ReturnType<typeof galoisField>>[] = []
  for (let rest = q, p = 2; rest > 1; p++) {
    if (rest % p !== 0) continue
    let power = 1
    while (rest % p === 0) [rest, power] = [rest / p, power * p]
    const field = galoisField(power)
    if (!field || power < 4) return null
    fields.push(field)
  }
  const combine = (
    a: number,
    b: number,
    op: (f: (typeof fields)[number], x: number, y: number) => number,
  ) => {
    let out = 0
    for (let k = fields.length - 1, place = 1, x = a, y = b; k >= 0; k--) {
      const field = fields[k]
      if (!field) continue
      out += op(field, x % field.order, y % field.order) * place
      ;[x, y, place] = [
        Math.floor(x / field.order),
        Math.floor(y / field.order),
        place * field.order,
      ]
    }
    return out
  }
  return fields.length === 0
    ? null
    : {
        add: (a, b) => combine(a, b, (field, x, y) => field.add(x, y)),
        times: (i, b) => combine(0, b, (field, _, y) => field.mul(i, y)),
      }
}

/**
 * A resolvable design with tables of 4 on u·q points from one on u points (`outer`, tables of
 * 4, no pair twice) and a resolvable transversal design RTD(4, q) over the ring R =
 * GF(q1) × … × GF(qr) of order q (productRing: each factor a prime power ≥ 4): point x of the
 * outer design becomes the group {x} × R (point x·q + y). For each outer round and each b ∈ R,
 * a table {x0, x1, x2, x3} becomes the q tables {(x_i, a + i·b)}, a ∈ R: two points of
 * different groups (x_i, y), (x_j, y') lie in one outer table, and a + i·b = y, a + j·b = y'
 * has one solution (a, b) as i − j is a unit, so they meet once; a group never meets itself.
 * The groups are then filled with `inner` (a design on q points, copied on every group), round
 * by round. With an RBIBD(u, 4, 1) outside this is the inflation of a resolvable design by a
 * resolvable TD (R. M. Wilson, "Constructions and uses of pairwise balanced designs", Math.
 * Centre Tracts 55 (1974) 18–41; Handbook of Combinatorial Designs, 2nd ed. (2007), §II.7):
 * q·(u − 1)/3 + the inner design's rounds. Null when q has no such ring.
 */
export function inflatedResolution(
  outer: Resolution,
  u: number,
  q: number,
  inner: Resolution,
): Resolution | null {
  const ring = productRing(q)
  if (!ring) return null
  const across = outer.flatMap((round) =>
    Array.from({ length: q }, (_, b) =>
      round.flatMap((block) =>
        Array.from({ length: q }, (_, a) =>
          block.map((x, i) => x * q + ring.add(a, ring.times(i, b))),
        ),
      ),
    ),
  )
  const within = inner.map((round) =>
    Array.from({ length: u }, (_, x) => round.map((block) => block.map((y) => x * q + y))).flat(),
  )
  return [...across, ...within]
}

/** The one-table design on 4 points. */
const ONE_TABLE: Resolution = [[[0, 1, 2, 3]]]

/**
 * A design on v people at tables of 4 with ⌊(v − 1)/3⌋ rounds and no pair twice, or null:
 * found base rounds (design-data-quadruples.ts), else an inflation v = u·q (inflatedResolution)
 * of the one-table design (u = 4) or of a smaller design from `smaller` (the catalogue), its
 * groups filled with the one-table design (q = 4) or a design on q points from `smaller`: so
 * 128 = RTD(4, 32) filled with 8-4-10 (a 4-RGDD of type 2^16) and 144 = RTD(4, 36) filled with
 * a 4-RGDD of type 3^12.
 */
export function quadrupleResolution(
  v: number,
  smaller: (people: number) => Resolution | null,
): Resolution | null {
  const most = Math.floor((v - 1) / 3)
  const entry = QUADRUPLE_DESIGNS.find((design) => design.v === v)
  const field = entry?.field ? galoisField(entry.modulus) : null
  if (entry)
    return field
      ? developedQuadruples(entry.modulus, entry.levels, entry.baseRounds, field.add)
      : developedQuadruples(entry.modulus, entry.levels, entry.baseRounds)
  for (let q = 4; q <= v / 4; q++) {
    if (v % q !== 0 || !productRing(q)) continue
    const u = v / q
    const outer = u === 4 ? ONE_TABLE : smaller(u)
    const inner = q === 4 ? ONE_TABLE : smaller(q)
    if (!outer || !inner || q * outer.length + inner.length !== most) continue
    return inflatedResolution(outer, u, q, inner)
  }
  return null
}
