/**
 * Resolvable designs the catalogue (design-catalogue.ts) cannot build from a formula, as data.
 *
 * `blocks`: base blocks of a 1-rotational resolvable (v, k, 1) design over Z_(v−1) (M. Buratti,
 * F. Zuanni, "G-invariantly resolvable Steiner 2-designs which are 1-rotational over G", Bull.
 * Belg. Math. Soc. 5 (1998) 221–235): their differences cover Z_(v−1) less the subgroup of order
 * k − 1 once, and their residues mod (v − 1)/(k − 1) cover 1.. once. Found by
 * `node scripts/mixer-base-blocks.ts K V` (a seeded depth-first search, seed 1); a cyclic one
 * does not exist for every v (a parity argument rules out KTS(v) for v ≡ 15, 21 mod 24), and the
 * search gave up on some others (decision 41).
 *
 * `rounds`: a whole schedule, found by the engine's own tabu search (planRounds, seed and budget
 * given), kept because no formula here builds it.
 *
 * design-catalogue.test.ts checks every round of every entry: each a partition of all v people
 * into tables of k, no pair meeting twice.
 */
export type CatalogueEntry =
  | {
      v: number
      k: number
      blocks: readonly (readonly number[])[]
      /** A group other than Z_(v−1): its cyclic factors and a generator of H (mixed radix). */
      group?: { moduli: readonly number[]; generator: number }
    }
  | { v: number; k: number; rounds: readonly (readonly (readonly number[])[])[] }

export const BASE_BLOCKS: readonly CatalogueEntry[] = [
  // Kirkman triple systems, KTS(v), v ≡ 3 or 9 mod 24.
  { v: 9, k: 3, blocks: [[1, 7, 2]] },
  {
    v: 27,
    k: 3,
    blocks: [
      [1, 6, 12],
      [2, 5, 24],
      [3, 21, 4],
      [7, 23, 9],
    ],
  },
  {
    v: 33,
    k: 3,
    blocks: [
      [1, 10, 23],
      [2, 5, 3],
      [4, 30, 12],
      [6, 11, 31],
      [8, 29, 25],
    ],
  },
  {
    v: 51,
    k: 3,
    blocks: [
      [1, 11, 17],
      [2, 15, 32],
      [3, 39, 18],
      [4, 45, 47],
      [5, 9, 33],
      [6, 37, 38],
      [10, 21, 48],
      [16, 24, 19],
    ],
  },
  {
    v: 57,
    k: 3,
    blocks: [
      [1, 14, 5],
      [2, 36, 16],
      [3, 15, 10],
      [4, 41, 49],
      [6, 12, 39],
      [7, 23, 53],
      [9, 26, 24],
      [17, 20, 55],
      [18, 50, 19],
    ],
  },
  {
    v: 75,
    k: 3,
    blocks: [
      [1, 46, 21],
      [2, 44, 63],
      [3, 49, 6],
      [4, 42, 27],
      [8, 35, 18],
      [10, 73, 15],
      [11, 50, 71],
      [14, 62, 32],
      [16, 68, 28],
      [17, 19, 23],
      [20, 70, 61],
      [22, 29, 30],
    ],
  },
  {
    v: 99,
    k: 3,
    blocks: [
      [1, 25, 8],
      [2, 36, 17],
      [3, 87, 16],
      [4, 39, 70],
      [5, 35, 26],
      [6, 78, 28],
      [7, 76, 19],
      [9, 82, 37],
      [10, 47, 14],
      [11, 93, 31],
      [12, 22, 23],
      [13, 67, 73],
      [15, 20, 95],
      [30, 81, 89],
      [34, 90, 92],
      [42, 94, 97],
    ],
  },
  {
    v: 105,
    k: 3,
    blocks: [
      [1, 44, 35],
      [2, 3, 26],
      [4, 64, 15],
      [5, 95, 8],
      [6, 14, 34],
      [7, 37, 19],
      [9, 92, 36],
      [10, 51, 32],
      [11, 48, 102],
      [13, 70, 17],
      [16, 85, 80],
      [20, 46, 82],
      [21, 23, 94],
      [22, 81, 97],
      [24, 39, 49],
      [25, 83, 90],
      [27, 93, 99],
    ],
  },
  // Resolvable (v, 4, 1) designs, v ≡ 4 mod 12.
  { v: 16, k: 4, blocks: [[1, 12, 4, 3]] },
  {
    v: 40,
    k: 4,
    blocks: [
      [1, 25, 5, 8],
      [2, 3, 36, 11],
      [4, 33, 22, 6],
    ],
  },
  {
    v: 52,
    k: 4,
    blocks: [
      [1, 9, 40, 25],
      [2, 20, 39, 30],
      [4, 10, 50, 48],
      [7, 29, 28, 32],
    ],
  },
  // Over Z_3 × Z_3 × Z_3 (x = 9a + 3b + c), H spanned by (1, 0, 0); no cyclic one was found.
  {
    v: 28,
    k: 4,
    blocks: [
      [1, 11, 13, 17],
      [3, 24, 16, 5],
    ],
    group: { moduli: [3, 3, 3], generator: 9 },
  },
  // KTS(15), Kirkman's schoolgirls: planRounds, 15 people at 5 tables of 3, 7 rounds, seed 1,
  // 2 s budget (it stopped at 0 repeats after 150 ms).
  {
    v: 15,
    k: 3,
    rounds: [
      [
        [0, 5, 6],
        [1, 2, 13],
        [4, 11, 14],
        [3, 7, 8],
        [9, 10, 12],
      ],
      [
        [2, 11, 12],
        [4, 6, 13],
        [5, 8, 14],
        [0, 3, 10],
        [1, 7, 9],
      ],
      [
        [6, 7, 14],
        [1, 8, 10],
        [5, 9, 11],
        [0, 12, 13],
        [2, 3, 4],
      ],
      [
        [0, 8, 11],
        [1, 6, 12],
        [2, 9, 14],
        [3, 5, 13],
        [4, 7, 10],
      ],
      [
        [3, 6, 9],
        [0, 1, 14],
        [2, 5, 10],
        [7, 11, 13],
        [4, 8, 12],
      ],
      [
        [0, 4, 9],
        [10, 13, 14],
        [5, 7, 12],
        [2, 6, 8],
        [1, 3, 11],
      ],
      [
        [0, 2, 7],
        [6, 10, 11],
        [3, 12, 14],
        [1, 4, 5],
        [8, 9, 13],
      ],
    ],
  },
]
