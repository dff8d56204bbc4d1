/**
 * Finds the base blocks in src/server/mixer/design-base-blocks.ts by a seeded, bounded
 * depth-first search (decision 41). Prints one catalogue entry as JSON, or "none".
 *
 *   node scripts/mixer-base-blocks.ts rotational K V [MODULI GENERATOR]
 *     1-rotational resolvable (V, K, 1) design over Z_(V−1), or over Z_n1 × … given as
 *     MODULI "3x3x3" with GENERATOR spanning the subgroup H of order K − 1 (mixed radix).
 *   node scripts/mixer-base-blocks.ts developed K V MODULUS [GROUPS]
 *     a base round on Z_MODULUS × {0..K−2} ∪ {∞…} developed over Z_MODULUS, every ∞ in its own
 *     table with one person of each level; GROUPS "half" leaves the pairs {(x, i), (x + n/2, i)}
 *     apart, "pairs" the pairs {(x, i), (x, j)} (with the ∞s: groups of 2, as in a nearly
 *     Kirkman triple system).
 *   node scripts/mixer-base-blocks.ts orbits K V MODULUS
 *     a base round on Z_MODULUS × {0..K−1} developed over Z_MODULUS, plus rounds that are each
 *     the orbit of one table with a person of each level (KTS(3n) for odd n).
 *
 * Options: --seed (1), --nodes per attempt (200 000), --attempts (1000).
 */
import { parseArgs } from 'node:util'
import { mulberry32, shuffle } from '#server/mixer/mulberry32.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string', default: '1' },
    nodes: { type: 'string', default: '200000' },
    attempts: { type: 'string', default: '1000' },
  },
})
const [mode, kText, vText, fourth, fifth] = positionals
const k = Number(kText)
const v = Number(vText)
const rng = mulberry32(Number(values.seed))
const nodeLimit = Number(values.nodes)
const attempts = Number(values.attempts)

/**
 * Fills tables of `sizeOf(table)` from the points `allowed` gives, each new point's differences
 * (`differences(x, y)`) unused and its class (`classOf`, points of one class exclude each other)
 * not yet seated; a table where `lowestFirst` starts at the lowest point whose class is free.
 * Returns the tables, or null when the attempt's nodes run out.
 */
function search(
  points: number,
  tables: number,
  sizeOf: (table: number) => number,
  differences: (x: number, y: number) => number[],
  used: Uint8Array,
  classOf: (x: number) => number,
  seated: Uint8Array,
  allowed: (x: number, table: number, block: readonly number[]) => boolean,
  lowestFirst: (table: number) => boolean,
): number[][] | null {
  const found: number[][] = []
  let nodes = 0
  const fits = (x: number, block: readonly number[]) => {
    const seen = new Set<number>()
    for (const y of block)
      for (const d of differences(x, y)) {
        if (used[d] || seen.has(d)) return false
        seen.add(d)
      }
    return true
  }
  const mark = (x: number, block: readonly number[], value: number) => {
    for (const y of block) for (const d of differences(x, y)) used[d] = value
  }
  const fill = (table: number, block: number[]): boolean => {
    if (++nodes > nodeLimit) return false
    if (table === tables) return true
    if (block.length === sizeOf(table)) {
      found.push([...block])
      if (fill(table + 1, [])) return true
      found.pop()
      return false
    }
    const candidates: number[] = []
    for (let x = 0; x < points; x++)
      if (!seated[classOf(x)] && allowed(x, table, block)) {
        candidates.push(x)
        if (block.length === 0 && lowestFirst(table)) break
      }
    for (const x of shuffle(candidates, rng)) {
      if (!fits(x, block)) continue
      mark(x, block, 1)
      seated[classOf(x)] = 1
      block.push(x)
      if (fill(table, block)) return true
      block.pop()
      seated[classOf(x)] = 0
      mark(x, block, 0)
      if (nodes > nodeLimit) return false
    }
    return false
  }
  return fill(0, []) ? found : null
}

function rotational(): object | null {
  const moduli = fourth ? fourth.split('x').map(Number) : [v - 1]
  const order = moduli.reduce((product, n) => product * n, 1)
  const generator = fifth ? Number(fifth) : order / (k - 1)
  const digits = (x: number) => {
    const out: number[] = []
    for (let i = moduli.length - 1, rest = x; i >= 0; i--) {
      out[i] = rest % (moduli[i] ?? 1)
      rest = Math.floor(rest / (moduli[i] ?? 1))
    }
    return out
  }
  const combine = (a: number, b: number, sign: number) => {
    const da = digits(a)
    const db = digits(b)
    return da.reduce((sum, digit, i) => {
      const n = moduli[i] ?? 1
      return sum * n + ((((digit + sign * (db[i] ?? 0)) % n) + n) % n)
    }, 0)
  }
  const subgroup = [0]
  while (subgroup.length < k - 1) subgroup.push(combine(subgroup.at(-1) ?? 0, generator, 1))
  const coset = new Int32Array(order).fill(-1)
  let cosets = 0
  for (let x = 0; x < order; x++)
    if (coset[x] === -1) {
      for (const h of subgroup) coset[combine(x, h, 1)] = cosets
      cosets++
    }
  const tables = (cosets - 1) / k
  if (order !== v - 1 || !Number.isInteger(tables)) return null
  for (let attempt = 0; attempt < attempts; attempt++) {
    const used = new Uint8Array(order)
    for (const h of subgroup) used[h] = 1
    // The tables and their shifts by H cover every coset but H's own once.
    const cosetUsed = new Uint8Array(cosets)
    cosetUsed[0] = 1
    const blocks = search(
      order,
      tables,
      () => k,
      (x, y) => [combine(x, y, -1), combine(y, x, -1)],
      used,
      (x) => coset[x] ?? 0,
      cosetUsed,
      () => true,
      () => true,
    )
    if (blocks) return { v, k, blocks, ...(fourth ? { group: { moduli, generator } } : {}) }
  }
  return null
}

function developed(): object | null {
  const n = Number(fourth)
  const orbits = mode === 'orbits'
  const levels = orbits ? k : k - 1
  const half = fifth === 'half'
  const pairs = fifth === 'pairs'
  const finite = n * levels
  const fixed = v - finite
  const tables = fixed + (finite - fixed * levels) / k
  // Rounds beyond the n developed ones: each the orbit of one table with a person of each level.
  const orbitRounds = orbits ? Math.floor((v - 1) / (k - 1)) - n : 0
  if (!Number.isInteger(tables) || fixed < (orbits ? 0 : 1) || !Number.isInteger(orbitRounds))
    return null
  const level = (x: number) => Math.floor(x / n)
  const index = (from: number, to: number, d: number) =>
    (from * levels + to) * n + (((d % n) + n) % n)
  for (let attempt = 0; attempt < attempts; attempt++) {
    const used = new Uint8Array(levels * levels * n)
    for (let i = 0; i < levels; i++) {
      used[index(i, i, 0)] = 1
      if (half) used[index(i, i, n / 2)] = 1
      for (let j = 0; j < levels && pairs; j++) if (j !== i) used[index(i, j, 0)] = 1
    }
    const orbitTables: number[][] = []
    for (let tries = 0; orbitTables.length < orbitRounds && tries < 100 * n; tries++) {
      const table = Array.from({ length: levels }, (_, i) => i * n + (i === 0 ? 0 : rng.int(n)))
      const marks = table.flatMap((x, i) =>
        table
          .slice(i + 1)
          .flatMap((y) => [
            index(level(y), level(x), (x % n) - (y % n)),
            index(level(x), level(y), (y % n) - (x % n)),
          ]),
      )
      if (marks.some((d) => used[d]) || new Set(marks).size < marks.length) continue
      for (const d of marks) used[d] = 1
      orbitTables.push(table)
    }
    if (orbitTables.length < orbitRounds) continue
    const blocks = search(
      finite,
      tables,
      (table) => (table < fixed ? levels : k),
      (x, y) => [
        index(level(y), level(x), (x % n) - (y % n)),
        index(level(x), level(y), (y % n) - (x % n)),
      ],
      used,
      (x) => x,
      new Uint8Array(finite),
      (x, table, block) => table >= fixed || block.every((y) => level(y) !== level(x)),
      (table) => table >= fixed,
    )
    if (blocks)
      return {
        v,
        k,
        develop: { modulus: n, levels },
        baseRound: blocks.map((block, t) => (t < fixed ? [finite + t, ...block] : block)),
        ...(orbits ? { orbitTables } : {}),
      }
  }
  return null
}

const entry =
  mode === 'rotational'
    ? rotational()
    : mode === 'developed' || mode === 'orbits'
      ? developed()
      : null
console.log(entry ? JSON.stringify(entry) : 'none')
