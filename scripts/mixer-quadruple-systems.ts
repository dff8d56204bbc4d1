/**
 * Finds the base rounds in src/server/mixer/design-data-quadruples.ts by a seeded, bounded
 * depth-first search. Prints one entry as JSON, or "none".
 *
 *   node scripts/mixer-quadruple-systems.ts V GROUP LEVELS FIXED GROUPS [options]
 *
 * Points are (x, i) = i·n + x, x in the group G of order n (GROUP "cyclic:N", or "field:Q", the
 * additive group of GF(Q)), i < LEVELS, and FIXED points ∞ (numbered n·LEVELS + a). A base
 * round is a partition of all points into tables of 4; its n shifts by G are rounds
 * (developedQuadruples), and --rounds R asks for R base rounds. A pair {(x, i), (y, j)} meets
 * in the shift by g exactly when a base round holds a pair of levels i, j with difference
 * y − x, so every (i, j, d) must be used at most once, and each ∞ meets each level once.
 * GROUPS is what never meets (besides the ∞s, which never meet each other): "none" (a
 * resolvable (V, 4, 1) design: then V = n·LEVELS + 1), "pairs" (the groups
 * {(x, 0), …, (x, LEVELS−1)}: a 4-RGDD of type LEVELS^(V/LEVELS)), "half" (the groups
 * {(x, i), (x + n/2, i)}: with two ∞s a 4-RGDD of type 2^(V/2)) or "levelpairs" (the groups
 * {(x, i), (x, i + LEVELS/2)}: the same type).
 *
 * To shrink the search each base round is made invariant under a map σ, and tables are chosen
 * in whole σ-orbits: σ: (x, i) ↦ (m·x, i + s), ∞_a ↦ ∞_π(a) (--mult m, a unit, field element
 * or "oK", the least of multiplicative order K; --shift s; --perm "π(0),π(1),…"), or per base
 * round --sigma "m;λ(0),λ(1),…;t_0,t_1,…;π(0),…[;r']": (x, i) ↦ (m·x + t_i, λ(i)), ∞_a ↦ ∞_π(a),
 * into base round r' (by default the same one).
 * The result is developed and checked (no pair twice) before it is printed.
 *
 * The search seats the first unseated person (∞s first), or with --mrv the one with the fewest
 * possible table-mates (and backtracks when someone has fewer than 3), in a table of people
 * whose differences are all free, tried in a random order.
 *
 * Options: --seed (1), --nodes per attempt (200 000), --attempts (1000), --seconds (300).
 */
import { parseArgs } from 'node:util'
import { galoisField } from '#server/mixer/galois-field.ts'
import { mulberry32, shuffle } from '#server/mixer/mulberry32.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string', default: '1' },
    nodes: { type: 'string', default: '200000' },
    attempts: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '300' },
    mult: { type: 'string' },
    shift: { type: 'string', default: '0' },
    perm: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    sigma: { type: 'string', multiple: true },
    mrv: { type: 'boolean', default: false },
  },
})
const [vText, groupText = '', levelsText, fixedText, groupsText = 'none'] = positionals
const v = Number(vText)
const levels = Number(levelsText)
const fixed = Number(fixedText)
const rng = mulberry32(Number(values.seed))
const nodeLimit = Number(values.nodes)
const attempts = Number(values.attempts)
const deadline = Date.now() + 1000 * Number(values.seconds)
const baseRounds = Number(values.rounds)

const [kind, sizeText] = groupText.split(':')
const n = Number(sizeText)
const field = kind === 'field' ? galoisField(n) : null
if (kind === 'field' && !field) throw new Error(`no field of order ${n}`)
const add = (a: number, b: number) => (field ? field.add(a, b) : (a + b) % n)
const sub = (a: number, b: number) => (field ? field.sub(a, b) : (((a - b) % n) + n) % n)
const times = (m: number, a: number) => (field ? field.mul(m, a) : (m * a) % n)

const finite = n * levels
const points = finite + fixed
if (points !== v || v % 4 !== 0) throw new Error('V must be n·LEVELS + FIXED, a multiple of 4')
/** The least unit of multiplicative order `k` (for a multiplier given as "oK"). */
function unitOfOrder(k: number): number {
  for (let m = 2; m < n; m++) {
    let power = m
    let order = 1
    while (power !== 1 && order <= n) {
      power = times(m, power)
      order++
    }
    if (power === 1 && order === k) return m
  }
  throw new Error(`no unit of order ${k}`)
}

/**
 * σ for one base round, "m;levels;translations;∞s": (x, i) ↦ (m·x + t_i, λ(i)), ∞_a ↦ ∞_π(a),
 * where levels lists λ(0), λ(1), …, translations t_0, t_1, … and ∞s π(0), π(1), ….
 */
function parseSigma(text: string): Int32Array {
  const [m = '1', lambda = '', t = '', pi = ''] = text.split(';')
  const list = (s: string, fallback: (i: number) => number, length: number) =>
    s ? s.split(',').map(Number) : Array.from({ length }, (_, i) => fallback(i))
  const levelMap = list(lambda, (i) => i, levels)
  const translation = list(t, () => 0, levels).map((x) => ((x % n) + n) % n)
  const infinity = list(pi, (a) => a, fixed)
  const multiplier = m.startsWith('o') ? unitOfOrder(Number(m.slice(1))) : Number(m)
  return Int32Array.from({ length: points }, (_, p) =>
    p >= finite
      ? finite + (infinity[p - finite] ?? 0)
      : (levelMap[Math.floor(p / n)] ?? 0) * n +
        add(times(multiplier, p % n), translation[Math.floor(p / n)] ?? 0),
  )
}
const shorthand = `${values.mult ?? '1'};${Array.from({ length: levels }, (_, i) => (i + Number(values.shift)) % levels).join(',')};;${values.perm ?? ''}`
const sigmaTexts = values.sigma ?? [shorthand]
/** σ on (base round, point) = round · points + point: a 5th field sends the round elsewhere. */
const sigma = new Int32Array(points * baseRounds)
for (let r = 0; r < baseRounds; r++) {
  const text = sigmaTexts[Math.min(r, sigmaTexts.length - 1)] ?? ''
  const local = parseSigma(text)
  const target = Number(text.split(';')[4] || r)
  for (let p = 0; p < points; p++) sigma[r * points + p] = target * points + (local[p] ?? 0)
}

// Differences: (i, j, d) for finite pairs, (a, i) for ∞_a with level i.
const diffCount = levels * levels * n + fixed * levels
const forbidden = new Uint8Array(diffCount)
const index = (i: number, j: number, d: number) => (i * levels + j) * n + d
for (let i = 0; i < levels; i++) {
  forbidden[index(i, i, 0)] = 1
  for (let j = 0; j < levels; j++)
    if (groupsText === 'pairs' && j !== i) forbidden[index(i, j, 0)] = 1
  if (groupsText === 'half') forbidden[index(i, i, n / 2)] = 1
  if (groupsText === 'levelpairs') {
    const j = (i + levels / 2) % levels
    forbidden[index(i, j, 0)] = 1
  }
}
const differences = (p: number, q: number): number[] | null => {
  if (p >= finite && q >= finite) return null
  if (p >= finite || q >= finite) {
    const [a, x] = p >= finite ? [p - finite, q] : [q - finite, p]
    return [levels * levels * n + a * levels + Math.floor(x / n)]
  }
  const [i, j] = [Math.floor(p / n), Math.floor(q / n)]
  return [index(i, j, sub(q % n, p % n)), index(j, i, sub(p % n, q % n))]
}

/** The σ-orbit of a table (as sorted tables), or null when its tables overlap. */
function orbit(block: readonly number[]): number[][] | null {
  const out: number[][] = []
  const key = (b: readonly number[]) => [...b].sort((x, y) => x - y).join(',')
  const first = key(block)
  let current = [...block]
  for (;;) {
    out.push(current)
    current = current.map((p) => sigma[p] ?? 0)
    if (key(current) === first) break
    if (out.length > points) return null
  }
  return new Set(out.flat()).size === out.length * 4 ? out : null
}

/** Every difference of these tables, or null when one repeats or is forbidden. */
function tableDifferences(
  blocks: readonly (readonly number[])[],
  used: Uint8Array,
): number[] | null {
  const seen = new Set<number>()
  for (const block of blocks)
    for (let s = 0; s < block.length; s++)
      for (let t = s + 1; t < block.length; t++) {
        const ds = differences(block[s] ?? 0, block[t] ?? 0)
        if (!ds) return null
        for (const d of ds) {
          if (used[d] || forbidden[d] || seen.has(d)) return null
          seen.add(d)
        }
      }
  return [...seen]
}

// Per base round, ∞s first (their tables are the most constrained); entries round·points + p.
const order = Array.from({ length: baseRounds }, (_, r) => [
  ...Array.from({ length: fixed }, (_, a) => r * points + finite + a),
  ...Array.from({ length: finite }, (_, x) => r * points + x),
]).flat()

function attempt(): number[][][] | null {
  const seated = new Uint8Array(points * baseRounds)
  const used = new Uint8Array(diffCount)
  const rounds: number[][][] = Array.from({ length: baseRounds }, () => [])
  let nodes = 0
  /**
   * --mrv: the unseated person with the fewest possible table-mates (pairs whose differences
   * are still free), or −1 when someone has fewer than 3 (a dead end).
   */
  const mostConstrained = (): number => {
    let best = -1
    let bestCount = Infinity
    for (let i = 0; i < order.length; i++) {
      const p = order[i] ?? 0
      if (seated[p]) continue
      const r = Math.floor(p / points)
      let count = 0
      for (let j = r * points; j < (r + 1) * points; j++) {
        const q = order[j] ?? 0
        if (j !== i && !seated[q] && tableDifferences([[p - r * points, q - r * points]], used))
          count++
      }
      if (count < 3) return -1
      if (count < bestCount) [best, bestCount] = [i, count]
    }
    return best
  }
  const fill = (): boolean => {
    let at = order.findIndex((x) => !seated[x])
    if (at === -1) return true
    if (values.mrv) at = mostConstrained()
    if (at === -1) return false
    const r = Math.floor((order[at] ?? 0) / points)
    const end = (r + 1) * points
    const block = [(order[at] ?? 0) - r * points]
    const extend = (from: number): boolean => {
      if (++nodes > nodeLimit) return false
      if (block.length === 4) {
        const tables = orbit(block.map((x) => r * points + x))
        if (!tables || tables.flat().some((x) => seated[x])) return false
        const marks = tableDifferences(
          tables.map((table) => table.map((x) => x % points)),
          used,
        )
        if (!marks) return false
        for (const x of tables.flat()) seated[x] = 1
        for (const d of marks) used[d] = 1
        for (const table of tables)
          rounds[Math.floor((table[0] ?? 0) / points)]?.push(table.map((x) => x % points))
        if (fill()) return true
        for (const table of tables) rounds[Math.floor((table[0] ?? 0) / points)]?.pop()
        for (const x of tables.flat()) seated[x] = 0
        for (const d of marks) used[d] = 0
        return false
      }
      const candidates: number[] = []
      for (let i = from; i < end; i++) {
        const x = (order[i] ?? 0) - r * points
        if (seated[r * points + x] || x === block[0]) continue
        if (tableDifferences([[...block, x]], used)) candidates.push(i)
      }
      for (const i of shuffle(candidates, rng)) {
        block.push((order[i] ?? 0) - r * points)
        if (extend(i + 1)) return true
        block.pop()
        if (nodes > nodeLimit) return false
      }
      return false
    }
    return extend(values.mrv ? r * points : at + 1)
  }
  return fill() ? rounds : null
}

/** Develops the base round over G and counts every pair: true when none meets twice. */
function verify(rounds: readonly (readonly (readonly number[])[])[]): boolean {
  const count = new Uint8Array(points * points)
  for (let g = 0; g < n; g++)
    for (const block of rounds.flat()) {
      const shifted = block.map((p) => (p >= finite ? p : Math.floor(p / n) * n + add(p % n, g)))
      for (const a of shifted)
        for (const b of shifted) {
          if (a >= b) continue
          const meetings = (count[a * points + b] ?? 0) + 1
          if (meetings > 1) return false
          count[a * points + b] = meetings
        }
    }
  return true
}

let result: number[][][] | null = null
for (let tries = 0; tries < attempts && !result && Date.now() < deadline; tries++) {
  result = attempt()
  if (result && !verify(result)) throw new Error('found a round that repeats a pair')
  if (result) console.error(`attempt ${tries + 1}`)
}
console.log(
  result
    ? JSON.stringify({
        v,
        group: field ? { field: n } : { cyclic: n },
        levels,
        baseRounds: result.map((round) => round.map((b) => [...b].sort((x, y) => x - y))),
      })
    : 'none',
)
