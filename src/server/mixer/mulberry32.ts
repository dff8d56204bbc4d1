/** A seeded 32-bit PRNG (Tommy Ettinger's mulberry32): small, fast, and the same on every machine. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [0, bound). */
  int(bound: number): number
}

export function mulberry32(seed: number): Prng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (bound) => Math.floor(next() * bound) }
}
