/**
 * Designs with tables of 4 as base rounds developed over Z_n or GF(n) (developedQuadruples in
 * quadruple-constructions.ts): points (level, x) = level · n + x, x ∈ Z_n, then the fixed
 * points ∞. Every size has ⌊(v − 1)/3⌋ rounds with no pair twice:
 * - v ≡ 4 mod 12: a resolvable (v, 4, 1) design on Z_n × {0, 1, 2} ∪ {∞}, n = (v − 1)/3 (they
 *   exist: H. Hanani, D. K. Ray-Chaudhuri, R. M. Wilson, "On resolvable designs", Discrete
 *   Math. 3 (1972) 343–357);
 * - v ≡ 8 mod 12: a 4-RGDD of type 2^(v/2) on Z_n × {0, 1, 2} ∪ {∞0, ∞1}, n = (v − 2)/3, whose
 *   groups (never met) are {(i, x), (i, x + n/2)} and {∞0, ∞1};
 * - v ≡ 0 mod 12: a 4-RGDD of type 3^(v/3) on Z_n × {0, 1, 2} ∪ {∞0, ∞1, ∞2}, n = v/3 − 1,
 *   whose groups are {(0, x), (1, x), (2, x)} and {∞0, ∞1, ∞2}
 * (for 4-RGDDs see R. J. R. Abel, G. Ge, J. Yin, "Resolvable and near-resolvable designs",
 * §II.7 of the Handbook of Combinatorial Designs, C. J. Colbourn, J. H. Dinitz (eds.), 2nd ed.
 * (2007)).
 *
 * Each base round holds every difference (i, j, d) it may (d ≠ 0 within a level and outside
 * the groups) once and puts each ∞ with one person of each level, so its n shifts meet every
 * pair outside the groups once. They were found by the seeded, bounded depth-first search
 * `node scripts/mixer-quadruple-systems.ts` (the command is above each entry), which makes the
 * base round invariant under a map σ (level shift, multiplier) so that it chooses whole
 * σ-orbits of tables. quadruple-designs.test.ts checks every round of every entry in full.
 */
export interface QuadrupleDesign {
  v: number
  /** n: the rounds are the shifts of each base round by Z_n. */
  modulus: number
  /** Shift by the additive group of GF(n) (galois-field.ts) instead of Z_n. */
  field?: boolean
  levels: number
  /** Each a partition of the v points into tables of 4. */
  baseRounds: readonly (readonly (readonly number[])[])[]
}

export const QUADRUPLE_DESIGNS: readonly QuadrupleDesign[] = [
  // node scripts/mixer-quadruple-systems.ts 24 cyclic:7 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 24,
    modulus: 7,
    levels: 3,
    baseRounds: [
      [
        [6, 7, 18, 21],
        [4, 13, 14, 22],
        [0, 11, 20, 23],
        [1, 16, 17, 19],
        [2, 3, 5, 8],
        [9, 10, 12, 15],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 36 cyclic:11 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 36,
    modulus: 11,
    levels: 3,
    baseRounds: [
      [
        [9, 12, 25, 33],
        [3, 20, 23, 34],
        [1, 14, 31, 35],
        [0, 10, 15, 19],
        [11, 21, 26, 30],
        [4, 8, 22, 32],
        [2, 5, 7, 28],
        [6, 13, 16, 18],
        [17, 24, 27, 29],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 44 cyclic:14 3 2 half --mult 9 --shift 1
  {
    v: 44,
    modulus: 14,
    levels: 3,
    baseRounds: [
      [
        [1, 23, 39, 42],
        [12, 24, 34, 43],
        [0, 10, 16, 25],
        [14, 20, 29, 32],
        [8, 9, 28, 40],
        [2, 4, 13, 41],
        [5, 18, 19, 22],
        [17, 30, 31, 36],
        [3, 11, 21, 38],
        [6, 15, 27, 35],
        [7, 26, 33, 37],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 48 cyclic:15 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 48,
    modulus: 15,
    levels: 3,
    baseRounds: [
      [
        [5, 23, 42, 45],
        [12, 20, 38, 46],
        [8, 27, 35, 47],
        [0, 2, 16, 36],
        [6, 15, 17, 31],
        [1, 21, 30, 32],
        [3, 4, 13, 25],
        [18, 19, 28, 40],
        [10, 33, 34, 43],
        [7, 11, 14, 24],
        [22, 26, 29, 39],
        [9, 37, 41, 44],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 56 cyclic:18 3 2 half --mult 7 --shift 1
  {
    v: 56,
    modulus: 18,
    levels: 3,
    baseRounds: [
      [
        [11, 23, 53, 54],
        [1, 25, 49, 55],
        [0, 15, 34, 37],
        [7, 18, 33, 40],
        [10, 31, 36, 51],
        [2, 3, 30, 38],
        [14, 21, 32, 48],
        [12, 26, 39, 44],
        [4, 42, 43, 50],
        [6, 8, 13, 28],
        [19, 20, 24, 52],
        [5, 9, 17, 22],
        [27, 29, 35, 46],
        [16, 41, 45, 47],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 60 cyclic:19 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 60,
    modulus: 19,
    levels: 3,
    baseRounds: [
      [
        [13, 30, 45, 57],
        [7, 32, 49, 58],
        [11, 26, 51, 59],
        [0, 35, 44, 56],
        [6, 18, 19, 54],
        [16, 25, 37, 38],
        [1, 2, 17, 28],
        [20, 21, 36, 47],
        [9, 39, 40, 55],
        [3, 8, 14, 42],
        [4, 22, 27, 33],
        [23, 41, 46, 52],
        [5, 15, 48, 50],
        [10, 12, 24, 34],
        [29, 31, 43, 53],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 72 cyclic:23 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 72,
    modulus: 23,
    levels: 3,
    baseRounds: [
      [
        [3, 28, 67, 69],
        [21, 26, 51, 70],
        [5, 44, 49, 71],
        [0, 34, 42, 54],
        [8, 23, 57, 65],
        [11, 19, 31, 46],
        [1, 2, 15, 62],
        [16, 24, 25, 38],
        [39, 47, 48, 61],
        [4, 20, 37, 41],
        [27, 43, 60, 64],
        [14, 18, 50, 66],
        [6, 12, 17, 68],
        [22, 29, 35, 40],
        [45, 52, 58, 63],
        [7, 9, 33, 36],
        [30, 32, 56, 59],
        [10, 13, 53, 55],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 76 cyclic:25 3 1 none --shift 1
  {
    v: 76,
    modulus: 25,
    levels: 3,
    baseRounds: [
      [
        [2, 27, 52, 75],
        [0, 7, 45, 54],
        [4, 25, 32, 70],
        [20, 29, 50, 57],
        [1, 53, 65, 68],
        [3, 15, 18, 26],
        [28, 40, 43, 51],
        [5, 36, 37, 42],
        [30, 61, 62, 67],
        [11, 12, 17, 55],
        [6, 22, 46, 48],
        [31, 47, 71, 73],
        [21, 23, 56, 72],
        [8, 19, 35, 64],
        [14, 33, 44, 60],
        [10, 39, 58, 69],
        [9, 13, 66, 74],
        [16, 24, 34, 38],
        [41, 49, 59, 63],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 80 cyclic:26 3 2 half --mult 3 --shift 1
  {
    v: 80,
    modulus: 26,
    levels: 3,
    baseRounds: [
      [
        [4, 38, 62, 78],
        [2, 32, 70, 79],
        [0, 72, 76, 77],
        [8, 20, 23, 26],
        [34, 43, 50, 52],
        [1, 36, 53, 65],
        [3, 13, 29, 56],
        [12, 35, 39, 61],
        [5, 25, 42, 45],
        [41, 49, 57, 74],
        [14, 15, 69, 71],
        [6, 31, 37, 68],
        [22, 44, 59, 67],
        [19, 21, 40, 54],
        [7, 11, 16, 55],
        [9, 33, 47, 48],
        [27, 63, 66, 73],
        [10, 18, 46, 51],
        [28, 30, 60, 75],
        [17, 24, 58, 64],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 84 cyclic:27 3 3 pairs --shift 1 --perm 1,2,0
  {
    v: 84,
    modulus: 27,
    levels: 3,
    baseRounds: [
      [
        [26, 48, 66, 81],
        [12, 53, 75, 82],
        [21, 39, 80, 83],
        [0, 61, 62, 76],
        [7, 8, 22, 27],
        [34, 35, 49, 54],
        [1, 52, 56, 59],
        [2, 5, 28, 79],
        [25, 29, 32, 55],
        [3, 20, 36, 73],
        [19, 30, 47, 63],
        [9, 46, 57, 74],
        [4, 64, 70, 72],
        [10, 16, 18, 31],
        [37, 43, 45, 58],
        [6, 11, 41, 50],
        [33, 38, 68, 77],
        [14, 23, 60, 65],
        [13, 17, 24, 69],
        [15, 40, 44, 51],
        [42, 67, 71, 78],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 88 cyclic:29 3 1 none --shift 1
  {
    v: 88,
    modulus: 29,
    levels: 3,
    baseRounds: [
      [
        [4, 33, 62, 87],
        [0, 67, 73, 84],
        [9, 15, 26, 29],
        [38, 44, 55, 58],
        [1, 46, 56, 86],
        [28, 30, 75, 85],
        [17, 27, 57, 59],
        [2, 53, 66, 70],
        [8, 12, 31, 82],
        [24, 37, 41, 60],
        [3, 63, 65, 72],
        [5, 7, 14, 32],
        [34, 36, 43, 61],
        [6, 21, 42, 45],
        [35, 50, 71, 74],
        [13, 16, 64, 79],
        [10, 18, 23, 51],
        [39, 47, 52, 80],
        [22, 68, 76, 81],
        [11, 48, 49, 83],
        [25, 40, 77, 78],
        [19, 20, 54, 69],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 112 cyclic:37 3 1 none --mult o9 --shift 1
  {
    v: 112,
    modulus: 37,
    levels: 3,
    baseRounds: [
      [
        [0, 37, 74, 111],
        [1, 24, 33, 79],
        [35, 44, 46, 57],
        [60, 86, 100, 103],
        [10, 18, 34, 87],
        [17, 52, 53, 70],
        [45, 75, 83, 105],
        [7, 26, 32, 93],
        [22, 39, 49, 71],
        [43, 84, 88, 90],
        [2, 59, 62, 77],
        [21, 51, 80, 101],
        [4, 5, 73, 98],
        [20, 65, 72, 104],
        [25, 66, 85, 97],
        [3, 13, 64, 92],
        [15, 54, 58, 78],
        [28, 68, 82, 110],
        [19, 30, 48, 106],
        [6, 36, 94, 107],
        [9, 29, 42, 67],
        [55, 63, 99, 109],
        [23, 27, 89, 108],
        [16, 31, 41, 50],
        [38, 69, 91, 102],
        [8, 11, 76, 81],
        [12, 14, 40, 56],
        [47, 61, 95, 96],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 124 cyclic:41 3 1 none --mult o5 --shift 1
  {
    v: 124,
    modulus: 41,
    levels: 3,
    baseRounds: [
      [
        [0, 41, 82, 123],
        [1, 101, 109, 113],
        [23, 24, 26, 51],
        [55, 66, 76, 100],
        [16, 86, 99, 104],
        [6, 15, 40, 78],
        [60, 68, 72, 83],
        [10, 105, 106, 108],
        [14, 25, 35, 59],
        [45, 58, 63, 98],
        [37, 88, 97, 122],
        [19, 27, 31, 42],
        [64, 65, 67, 92],
        [18, 96, 107, 117],
        [4, 17, 22, 57],
        [47, 56, 81, 119],
        [2, 8, 52, 111],
        [3, 61, 80, 110],
        [34, 71, 103, 118],
        [5, 32, 53, 95],
        [7, 50, 74, 120],
        [11, 70, 84, 90],
        [20, 39, 69, 85],
        [30, 62, 77, 116],
        [12, 54, 87, 114],
        [9, 33, 79, 89],
        [29, 43, 49, 93],
        [28, 44, 102, 121],
        [21, 36, 75, 112],
        [13, 46, 73, 94],
        [38, 48, 91, 115],
      ],
    ],
  },
  // node scripts/mixer-quadruple-systems.ts 148 field:49 3 1 none --mult o4 --shift 1
  {
    v: 148,
    modulus: 49,
    field: true,
    levels: 3,
    baseRounds: [
      [
        [0, 49, 98, 147],
        [1, 6, 72, 82],
        [60, 94, 120, 132],
        [23, 33, 99, 104],
        [11, 45, 71, 83],
        [50, 55, 121, 131],
        [22, 34, 109, 143],
        [2, 5, 63, 84],
        [64, 90, 111, 141],
        [14, 35, 100, 103],
        [15, 41, 62, 92],
        [51, 54, 112, 133],
        [13, 43, 113, 139],
        [3, 4, 67, 87],
        [75, 79, 122, 130],
        [18, 38, 101, 102],
        [26, 30, 73, 81],
        [52, 53, 116, 136],
        [24, 32, 124, 128],
        [7, 42, 117, 135],
        [21, 28, 74, 80],
        [68, 86, 105, 140],
        [25, 31, 119, 126],
        [19, 37, 56, 91],
        [70, 77, 123, 129],
        [8, 48, 107, 145],
        [16, 40, 76, 78],
        [58, 96, 106, 146],
        [27, 29, 114, 138],
        [9, 47, 57, 97],
        [65, 89, 125, 127],
        [10, 46, 115, 137],
        [20, 36, 61, 93],
        [66, 88, 108, 144],
        [12, 44, 118, 134],
        [17, 39, 59, 95],
        [69, 85, 110, 142],
      ],
    ],
  },
]
