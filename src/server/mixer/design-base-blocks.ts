/**
 * Resolvable designs the catalogue (design-catalogue.ts) cannot build from a formula, as data.
 *
 * `blocks`: base blocks of a 1-rotational resolvable (v, k, 1) design over Z_(v−1) (M. Buratti,
 * F. Zuanni, "G-invariantly resolvable Steiner 2-designs which are 1-rotational over G", Bull.
 * Belg. Math. Soc. 5 (1998) 221–235): their differences cover Z_(v−1) less the subgroup of order
 * k − 1 once, and their cosets of that subgroup cover all the others once. Found by
 * `node scripts/mixer-base-blocks.ts rotational K V [MODULI GENERATOR]` (a seeded, bounded
 * depth-first search, seed 1). A cyclic one does not exist for every v: for KTS(v) with
 * v ≡ 15, 21 mod 24 the odd differences cannot be covered (each triple has 0 or 2 odd ones), and
 * the search gave up on others (decision 41).
 *
 * `develop`: the base round of a design developed over Z_n (developedResolution): a KTS(2n + 1)
 * on Z_n × {0, 1} ∪ {∞} whose pure differences on each level cover Z_n \ {0} once and whose
 * mixed differences cover Z_n once, ∞ sitting with one person of each level. Found by
 * `node scripts/mixer-base-blocks.ts developed 3 V N`, seed 1. The same with two ∞s and the
 * mixed difference 0 left out gives a nearly Kirkman triple system (`... developed 3 V N pairs`):
 * (v − 2)/2 rounds, the most for v ≡ 0 mod 6, every pair but v/2 meeting once. A KTS(3n), n
 * odd, on Z_n × {0, 1, 2} has n developed rounds and (n − 1)/2 orbit tables, each a transversal
 * whose shifts make a round (`... orbits 3 V N`).
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
  | {
      v: number
      k: number
      /** Points (level, x) = level · modulus + x, then the fixed points; see developedResolution. */
      develop: { modulus: number; levels: number }
      baseRound: readonly (readonly number[])[]
      /** Tables whose n shifts make one more round each. */
      orbitTables?: readonly (readonly number[])[]
    }
  | {
      v: number
      k: number
      /**
       * A published schedule, transcribed: one string per round, its tables separated by
       * spaces, each person a character; person i is the i-th character of the first round.
       */
      rounds: readonly string[]
    }

export const BASE_BLOCKS: readonly CatalogueEntry[] = [
  // Kirkman triple systems KTS(v), 1-rotational over Z_(v−1): v ≡ 3 or 9 mod 24.
  { v: 9, k: 3, blocks: [[1, 7, 2]] },
  {
    v: 27,
    k: 3,
    blocks: [
      [1, 10, 24],
      [2, 8, 7],
      [3, 25, 18],
      [4, 22, 6],
    ],
  },
  {
    v: 33,
    k: 3,
    blocks: [
      [1, 20, 9],
      [2, 8, 22],
      [3, 7, 12],
      [5, 15, 30],
      [10, 11, 13],
    ],
  },
  {
    v: 51,
    k: 3,
    blocks: [
      [1, 20, 33],
      [2, 30, 14],
      [3, 36, 32],
      [4, 12, 19],
      [6, 17, 16],
      [9, 15, 35],
      [13, 49, 22],
      [18, 21, 23],
    ],
  },
  {
    v: 57,
    k: 3,
    blocks: [
      [1, 26, 8],
      [2, 13, 7],
      [3, 23, 32],
      [5, 20, 39],
      [6, 10, 52],
      [9, 17, 49],
      [12, 42, 25],
      [15, 27, 50],
      [16, 18, 19],
    ],
  },
  {
    v: 75,
    k: 3,
    blocks: [
      [1, 53, 29],
      [2, 57, 50],
      [3, 15, 19],
      [4, 35, 43],
      [5, 61, 8],
      [7, 27, 32],
      [9, 49, 36],
      [10, 25, 11],
      [14, 55, 65],
      [17, 23, 34],
      [21, 59, 30],
      [26, 68, 70],
    ],
  },
  {
    v: 99,
    k: 3,
    blocks: [
      [1, 26, 94],
      [2, 35, 86],
      [3, 69, 43],
      [4, 16, 38],
      [5, 62, 41],
      [6, 80, 60],
      [7, 88, 42],
      [8, 24, 67],
      [9, 76, 70],
      [10, 63, 81],
      [12, 72, 95],
      [15, 28, 17],
      [19, 47, 48],
      [22, 78, 30],
      [25, 44, 34],
      [33, 40, 36],
    ],
  },
  {
    v: 105,
    k: 3,
    blocks: [
      [1, 9, 15],
      [2, 41, 74],
      [3, 96, 7],
      [4, 20, 46],
      [5, 73, 90],
      [6, 27, 64],
      [8, 102, 78],
      [10, 87, 33],
      [11, 103, 75],
      [13, 92, 99],
      [14, 36, 49],
      [16, 19, 82],
      [17, 18, 91],
      [24, 81, 83],
      [25, 45, 100],
      [28, 84, 89],
      [34, 94, 43],
    ],
  },
  // KTS(2n + 1) on Z_n × {0, 1} ∪ {∞}, ∞ = 2n: v ≡ 15, 21 mod 24, where no cyclic one exists.
  {
    v: 15,
    k: 3,
    develop: { modulus: 7, levels: 2 },
    baseRound: [
      [14, 11, 3],
      [0, 6, 12],
      [1, 8, 5],
      [2, 4, 13],
      [7, 9, 10],
    ],
  },
  {
    v: 39,
    k: 3,
    develop: { modulus: 19, levels: 2 },
    baseRound: [
      [38, 22, 3],
      [0, 29, 18],
      [1, 7, 33],
      [2, 17, 25],
      [4, 12, 28],
      [5, 19, 20],
      [6, 37, 15],
      [8, 13, 11],
      [9, 34, 16],
      [10, 30, 27],
      [14, 23, 35],
      [21, 31, 36],
      [24, 32, 26],
    ],
  },
  {
    v: 63,
    k: 3,
    develop: { modulus: 31, levels: 2 },
    baseRound: [
      [62, 51, 8],
      [0, 28, 29],
      [1, 23, 58],
      [2, 43, 57],
      [3, 50, 10],
      [4, 24, 37],
      [5, 47, 18],
      [6, 52, 27],
      [7, 34, 41],
      [9, 26, 14],
      [11, 31, 49],
      [12, 20, 42],
      [13, 17, 45],
      [15, 38, 30],
      [16, 22, 53],
      [19, 36, 55],
      [21, 35, 39],
      [25, 44, 46],
      [32, 54, 48],
      [33, 59, 56],
      [40, 60, 61],
    ],
  },
  // KTS(3n) on Z_n × {0, 1, 2}, n developed rounds and (n − 1)/2 orbit rounds: v ≡ 21 mod 24.
  {
    v: 21,
    k: 3,
    develop: { modulus: 7, levels: 3 },
    baseRound: [
      [0, 10, 18],
      [1, 3, 4],
      [2, 17, 8],
      [5, 7, 14],
      [6, 13, 19],
      [9, 12, 11],
      [15, 16, 20],
    ],
    orbitTables: [
      [0, 12, 17],
      [0, 11, 14],
      [0, 8, 19],
    ],
  },
  {
    v: 69,
    k: 3,
    develop: { modulus: 23, levels: 3 },
    baseRound: [
      [0, 55, 52],
      [1, 2, 21],
      [3, 26, 24],
      [4, 31, 28],
      [5, 33, 50],
      [6, 43, 53],
      [7, 15, 20],
      [8, 37, 46],
      [9, 60, 16],
      [10, 68, 40],
      [11, 22, 13],
      [12, 18, 48],
      [14, 29, 36],
      [17, 67, 57],
      [19, 35, 39],
      [23, 38, 54],
      [25, 59, 34],
      [27, 45, 44],
      [30, 41, 65],
      [32, 42, 61],
      [47, 56, 49],
      [51, 62, 66],
      [58, 64, 63],
    ],
    orbitTables: [
      [0, 32, 54],
      [0, 33, 60],
      [0, 40, 66],
      [0, 41, 64],
      [0, 42, 57],
      [0, 26, 62],
      [0, 36, 56],
      [0, 31, 49],
      [0, 35, 65],
      [0, 25, 46],
      [0, 34, 48],
    ],
  },
  // Nearly Kirkman triple systems NKTS(v), v ≡ 0 mod 12: resolvable 3-GDDs of type 2^(v/2), on
  // Z_n × {0, 1} ∪ {∞0, ∞1}, n = v/2 − 1; the groups {(x, 0), (x, 1)} and {∞0, ∞1} never meet.
  {
    v: 24,
    k: 3,
    develop: { modulus: 11, levels: 2 },
    baseRound: [
      [22, 8, 20],
      [23, 12, 7],
      [0, 3, 1],
      [2, 6, 21],
      [4, 17, 14],
      [5, 10, 19],
      [9, 15, 16],
      [11, 18, 13],
    ],
  },
  {
    v: 36,
    k: 3,
    develop: { modulus: 17, levels: 2 },
    baseRound: [
      [34, 8, 22],
      [35, 14, 29],
      [0, 4, 6],
      [1, 9, 20],
      [2, 7, 28],
      [3, 10, 32],
      [5, 25, 23],
      [11, 19, 12],
      [13, 16, 26],
      [15, 21, 31],
      [17, 30, 18],
      [24, 27, 33],
    ],
  },
  {
    v: 48,
    k: 3,
    develop: { modulus: 23, levels: 2 },
    baseRound: [
      [46, 22, 33],
      [47, 35, 15],
      [0, 44, 5],
      [1, 34, 41],
      [2, 28, 27],
      [3, 30, 39],
      [4, 23, 14],
      [6, 36, 21],
      [7, 31, 42],
      [8, 17, 19],
      [9, 12, 13],
      [10, 16, 24],
      [11, 40, 18],
      [20, 38, 25],
      [26, 45, 43],
      [29, 32, 37],
    ],
  },
  {
    v: 60,
    k: 3,
    develop: { modulus: 29, levels: 2 },
    baseRound: [
      [58, 20, 56],
      [59, 55, 28],
      [0, 21, 31],
      [1, 16, 53],
      [2, 57, 14],
      [3, 19, 35],
      [4, 34, 9],
      [5, 52, 51],
      [6, 12, 10],
      [7, 48, 41],
      [8, 32, 11],
      [13, 24, 33],
      [15, 22, 50],
      [17, 18, 27],
      [23, 38, 36],
      [25, 47, 29],
      [26, 37, 45],
      [30, 46, 42],
      [39, 44, 54],
      [40, 49, 43],
    ],
  },
  // Resolvable (v, 4, 1) designs, v ≡ 4 mod 12; 28 over Z_3³ (x = 9a + 3b + c, H spanned by (1, 0, 0)), where the search found no cyclic one.
  { v: 16, k: 4, blocks: [[1, 4, 12, 3]] },
  {
    v: 28,
    k: 4,
    blocks: [
      [1, 11, 13, 17],
      [3, 24, 16, 5],
    ],
    group: { moduli: [3, 3, 3], generator: 9 },
  },
  {
    v: 40,
    k: 4,
    blocks: [
      [1, 8, 5, 25],
      [2, 36, 11, 3],
      [4, 33, 6, 22],
    ],
  },
  {
    v: 52,
    k: 4,
    blocks: [
      [1, 50, 2, 29],
      [3, 49, 42, 11],
      [4, 26, 44, 40],
      [5, 30, 14, 24],
    ],
  },
  // 32 people at 8 tables of 4 for 10 rounds with no pair twice: a 4-RGDD of type 2^16, the
  // groups {X, x} (A. Aguado, "A 10 days solution to the social golfer problem", 2004; this
  // schedule as published by E. Pegg Jr., "Social Golfer Problem", Wolfram Demonstrations
  // Project, 2007, whose 11th round seats the groups).
  {
    v: 32,
    k: 4,
    rounds: [
      'ABCD EFGH IJKL MNOP abcd efgh ijkl mnop',
      'AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO',
      'Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn',
      'AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN',
      'AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn',
      'AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP',
      'AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp',
      'AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm',
      'AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp',
      'AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo',
    ],
  },
]
