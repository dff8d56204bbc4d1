/** A resolvable design as rounds: round (parallel class) → table (block) → points 0..v−1. */
export type Resolution = number[][][]
