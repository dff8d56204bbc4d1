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

/** Shuffles `items` in place (Fisher–Yates, from the end, one `rng.int` per place) and returns it. */
export function shuffle<T>(items: T[], rng: Prng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    const swap = items[i] as T
    items[i] = items[j] as T
    items[j] = swap
  }
  return items
}
