import { galoisField } from './galois-field.ts'
import { transversalSchedule } from './transversal-schedule.ts'

/**
 * How a balanced seating (water-filled sizes, see tableSizes) relates to a design over GF(q),
 * q the number of tables in use and k the largest table:
 * - k ≤ q: the transversal design TD(k, q) (k·q people at q tables of k) with `removed` of its
 *   people left out, 0 ≤ removed < q. All of them come from one group of the design, whose members
 *   never share a table in its first q rounds, so each table loses at most one person and the
 *   tables stay within one of each other. Leaving people out never adds a repeat.
 * - k = q + 1: the affine plane AG(2, q) (q² people at q tables of q) with `extras` more, each
 *   at her own table every round (see nearDesignSchedule for where).
 */
export type NearDesign =
  | { kind: 'fewer'; q: number; k: number; removed: number; rounds: number }
  | { kind: 'more'; q: number; extras: number; rounds: number }

/**
 * The design near these table sizes (same sizes in every round), or null when there is none:
 * q, the number of tables in use, is not a prime power ≤ 128, the sizes differ by more than one,
 * or the largest is above q + 1. `rounds` is how many rounds it gives: q, or q + 1 for the whole
 * affine plane less at most one person.
 */
export function nearDesign(sizes: readonly number[]): NearDesign | null {
  const used = sizes.filter((size) => size > 0)
  const q = used.length
  const k = Math.max(0, ...used)
  if (q < 2 || k < 2 || used.some((size) => size < k - 1) || !galoisField(q)) return null
  const people = used.reduce((sum, size) => sum + size, 0)
  if (k <= q) {
    const removed = k * q - people
    // With two people out, the affine plane's last round (its rows) would seat them together.
    return { kind: 'fewer', q, k, removed, rounds: k === q && removed <= 1 ? q + 1 : q }
  }
  if (k === q + 1) {
    return { kind: 'more', q, extras: people - q * q, rounds: q }
  }
  return null
}

/**
 * The first `rounds` (≤ design.rounds) rounds of a near design: round → table → people 0..n−1,
 * tables in the design's order (their sizes are a permutation of the water-filled ones).
 *
 * Fewer people: TD(k, q) numbers point (i, j) as i·q + j (see transversalSchedule); the people
 * left out are points (0, 0)…(0, removed − 1) of group 0, and the others are renumbered 0..n−1.
 *
 * More people: extra e sits, in round m (m < q), at the line j = m·i + m² + e of AG(2, q). Two
 * of her lines, for rounds m ≠ m′, cross at i = −(m + m′), so a third one through that point
 * would have m″ = m′: no three of her lines meet in a point, she meets each person at most
 * twice, and over R rounds she has exactly C(R, 2) repeats (any two lines of different rounds
 * cross once). Different extras sit at different tables each round, so they never meet.
 */
export function nearDesignSchedule(design: NearDesign, rounds: number): number[][][] | null {
  if (rounds > design.rounds) return null
  if (design.kind === 'fewer') {
    const { q, k, removed } = design
    const full = transversalSchedule(q, k, rounds)
    if (!full) return null
    return full.map((round) =>
      round.map((table) =>
        table.filter((point) => point >= removed).map((point) => point - removed),
      ),
    )
  }
  const { q, extras } = design
  const field = galoisField(q)
  const plane = transversalSchedule(q, q, rounds)
  if (!field || !plane) return null
  plane.forEach((round, m) => {
    for (let e = 0; e < extras; e++) {
      const line = field.add(field.mul(m, m), e)
      round[line]?.push(q * q + e)
    }
  })
  return plane
}
