/**
 * Finds Kirkman and nearly Kirkman triple systems for src/server/mixer/design-data-triples.ts
 * by exact cover (Knuth's Algorithm X with dancing links), seeded and bounded. Prints one entry
 * as JSON, or "none".
 *
 *   node scripts/mixer-triple-systems.ts Q LEVELS FIXED BASE [options]
 *
 * Points (level, x) = level · Q + x, x ∈ Z_Q, and FIXED points ∞ after them. The design is
 * developed over Z_Q: each of the BASE base rounds gives Q rounds (its shifts), each orbit round
 * (tables with one person of each level between them, no ∞) one round (the shifts of its
 * tables). Everything is invariant under x ↦ μx (--multiplier μ, a unit of Z_Q; default 1),
 * which is what makes the search small (cyclotomy: the base round is a union of μ-orbits).
 * The exact cover: each base round covers each μ-orbit of points once, and each μ-orbit of
 * pair orbits under Z_Q (a "difference") is covered once, except the groups' own.
 *
 * With FIXED = 3 (and orbit rounds) the three ∞s sit together at one table of the first orbit
 * round, which the counting then makes the only one.
 *
 * Options: --groups none | across (the pairs {(x, i), (x, i + LEVELS/2)} and {∞2j, ∞2j+1}
 * never meet: a nearly Kirkman triple system) | within (the pairs {(x, i), (x + Q/2, i)} and
 * {∞2j, ∞2j+1}) | columns (the points (x, i) of one x never meet: a resolvable 3-GDD of type
 * LEVELS^Q) | blocks (levels 2j and 2j + 1 are one group: type (2Q)^(LEVELS/2)); --seed (1); --nodes per attempt (2 000 000); --attempts (20); --sample (at most
 * this many orbit-round options per level partition, drawn at random; 0 = all).
 */
import { parseArgs } from 'node:util'
import { mulberry32, shuffle } from '#server/mixer/mulberry32.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    multiplier: { type: 'string', default: '1' },
    rotate: { type: 'string', default: '' },
    groups: { type: 'string', default: 'none' },
    seed: { type: 'string', default: '1' },
    nodes: { type: 'string', default: '2000000' },
    attempts: { type: 'string', default: '20' },
    sample: { type: 'string', default: '0' },
  },
})
const [q, levels, fixed, baseRounds] = positionals.map(Number) as [number, number, number, number]
const mu = Number(values.multiplier)
const groups = values.groups
const rng = mulberry32(Number(values.seed))
const finite = q * levels
const v = finite + fixed
const mod = (x: number) => ((x % q) + q) % q
const level = (p: number) => (p >= finite ? -1 : Math.floor(p / q))
const pos = (p: number) => p % q
const point = (l: number, x: number) => l * q + mod(x)
/** The level permutation that goes with μ (--rotate "1,2,0": level 0 to 1, 1 to 2, 2 to 0). */
const rotate = values.rotate
  ? values.rotate.split(',').map(Number)
  : Array.from({ length: levels }, (_, l) => l)
/** The automorphisms x ↦ μ^i x with the levels permuted i times, i below their order. */
const powers: { m: number; perm: number[] }[] = [
  { m: 1, perm: Array.from({ length: levels }, (_, l) => l) },
]
for (;;) {
  const last = powers.at(-1) ?? { m: 1, perm: [] }
  const next = { m: mod(last.m * mu), perm: last.perm.map((l) => rotate[l] ?? l) }
  if (next.m === 1 && next.perm.every((l, i) => l === i)) break
  powers.push(next)
}
const times = (p: number, g: { m: number; perm: number[] }) =>
  p >= finite ? p : point(g.perm[level(p)] ?? 0, pos(p) * g.m)

/** The orbit of the pair {a, b} under Z_Q, as a number; −1 for pairs that must never meet. */
function pairOrbit(a: number, b: number): number {
  if (a > b) [a, b] = [b, a]
  const la = level(a)
  const lb = level(b)
  if (la < 0) return -1 // two ∞s: a group or impossible
  if (lb < 0) return levels * levels * q + (b - finite) * levels + la
  if (la === lb) {
    if (groups === 'blocks') return -1
    const d = mod(pos(b) - pos(a))
    const e = Math.min(d, q - d)
    if (e === 0 || (2 * e === q && groups !== 'none')) return -1
    if (2 * e === q) return -1 // developed, it would meet twice
    return (la * levels + la) * q + e
  }
  const d = mod(pos(b) - pos(a))
  if (groups === 'across' && d === 0 && lb - la === levels / 2) return -1
  if (groups === 'columns' && d === 0) return -1
  if (groups === 'blocks' && Math.floor(la / 2) === Math.floor(lb / 2)) return -1
  return (la * levels + lb) * q + d
}
const pairOrbitCount = levels * levels * q + fixed * levels
/** The μ-orbit of a pair orbit: its least member, as an item number below. */
const pairClass = new Int32Array(pairOrbitCount).fill(-1)
for (let a = 0; a < v; a++)
  for (let b = a + 1; b < v; b++) {
    const o = pairOrbit(a, b)
    if (o < 0 || pairClass[o] !== -1) continue
    const members = powers.map((m) => pairOrbit(times(a, m), times(b, m)))
    const least = Math.min(...members)
    for (const m of members) pairClass[m] = least
  }
const pointClass = new Int32Array(v)
for (let p = 0; p < v; p++) pointClass[p] = Math.min(...powers.map((m) => times(p, m)))

const items = new Map<string, number>()
const item = (key: string) => {
  let id = items.get(key)
  if (id === undefined) items.set(key, (id = items.size))
  return id
}
for (let o = 0; o < pairOrbitCount; o++) if (pairClass[o] === o) item(`d${o}`)
for (let b = 0; b < baseRounds; b++)
  for (let p = 0; p < v; p++) if (pointClass[p] === p) item(`p${b}:${p}`)

interface Option {
  items: number[]
  /** Base round (−1: an orbit round) and its tables. */
  round: number
  tables: number[][]
}
const options: Option[] = []

/** The tables' images under the automorphisms (each table sorted; orbit rounds normalized). */
function orbitOf(tables: number[][], normalize: boolean): number[][] {
  const seen = new Set<string>()
  const out: number[][] = []
  for (const g of powers) {
    const image = tables.map((t) => {
      const u = t.map((p) => times(p, g)).sort((x, y) => x - y)
      return normalize ? u.map((p) => point(level(p), pos(p) - pos(u[0] ?? 0))) : u
    })
    if (normalize) image.sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))
    const k = JSON.stringify(image)
    if (seen.has(k)) continue
    seen.add(k)
    out.push(...image)
  }
  return out
}
function pairsOf(tables: number[][]): number[] | null {
  const orbits = new Set<number>()
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) {
        const o = pairOrbit(t[i] ?? 0, t[j] ?? 0)
        if (o < 0 || orbits.has(o)) return null
        orbits.add(o)
      }
  return [...new Set([...orbits].map((o) => pairClass[o] ?? 0))].map((c) => item(`d${c}`))
}
// Base-round options: μ-orbits of triples.
for (let a = 0; a < v; a++)
  for (let b = a + 1; b < v; b++)
    for (let c = b + 1; c < v; c++) {
      const t = [a, b, c]
      const orbit = orbitOf([t], false)
      if (orbit.some((u) => [...u].sort((x, y) => x - y).join() < t.join())) continue
      const pts = orbit.flat()
      if (new Set(pts).size !== pts.length) continue
      const diffs = pairsOf(orbit)
      if (!diffs) continue
      const classes = [...new Set(pts.map((p) => pointClass[p] ?? 0))]
      for (let r = 0; r < baseRounds; r++)
        options.push({
          round: r,
          tables: orbit,
          items: [...diffs, ...classes.map((p) => item(`p${r}:${p}`))],
        })
    }
// Orbit-round options: level partitions into triples, each table starting at x = 0.
function partitions(rest: number[]): number[][][] {
  if (rest.length === 0) return [[]]
  const [first, ...others] = rest as [number, ...number[]]
  const out: number[][][] = []
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++) {
      const remaining = others.filter((_, k) => k !== i && k !== j)
      for (const p of partitions(remaining))
        out.push([[first, others[i] ?? 0, others[j] ?? 0], ...p])
    }
  return out
}
const sample = Number(values.sample)
if (levels % 3 === 0)
  for (const partition of partitions(Array.from({ length: levels }, (_, l) => l))) {
    const free = partition.length * 2
    const total = q ** free
    const draws = sample > 0 && sample < total ? sample : total
    const seenKeys = new Set<string>()
    for (let n = 0; n < draws; n++) {
      let code = draws === total ? n : Math.floor(rng.next() * total)
      const tables = partition.map(([l0, l1, l2]) => {
        const x1 = code % q
        code = Math.floor(code / q)
        const x2 = code % q
        code = Math.floor(code / q)
        return [point(l0 ?? 0, 0), point(l1 ?? 0, x1), point(l2 ?? 0, x2)]
      })
      const orbit = orbitOf(tables, true)
      const k = JSON.stringify(tables)
      const images = []
      for (let i = 0; i < orbit.length; i += tables.length)
        images.push(JSON.stringify(orbit.slice(i, i + tables.length)))
      if (images.some((image) => image < k) || seenKeys.has(k)) continue
      seenKeys.add(k)
      // With three ∞s there is one orbit round, so it must be invariant itself.
      if (fixed === 3 && orbit.length > tables.length) continue
      const diffs = pairsOf(orbit)
      if (diffs) options.push({ round: -1, tables: orbit, items: diffs })
    }
  }
console.error(`${items.size} items, ${options.length} options`)

/** Algorithm X over `options`, columns chosen by fewest options, ties and rows at random. */
const optionItems = (o: number) => options[o]?.items ?? []
function solve(nodeLimit: number): Option[] | null {
  const n = items.size
  const byItem: number[][] = Array.from({ length: n }, () => [])
  const order = shuffle(
    options.map((_, i) => i),
    rng,
  )
  for (const o of order) for (const it of optionItems(o)) byItem[it]?.push(o)
  const covered = new Uint8Array(n)
  const blocked = new Int32Array(options.length) // how many covered items an option touches
  const live = new Int32Array(n)
  for (let it = 0; it < n; it++) live[it] = byItem[it]?.length ?? 0
  const chosen: number[] = []
  let nodes = 0
  const choose = (o: number, sign: number) => {
    for (const it of optionItems(o)) {
      covered[it] = sign > 0 ? 1 : 0
      for (const other of byItem[it] ?? []) {
        if (sign > 0) {
          if ((blocked[other] = (blocked[other] ?? 0) + 1) === 1)
            for (const jt of optionItems(other)) live[jt] = (live[jt] ?? 0) - 1
        } else if ((blocked[other] = (blocked[other] ?? 0) - 1) === 0)
          for (const jt of optionItems(other)) live[jt] = (live[jt] ?? 0) + 1
      }
    }
  }
  const step = (): boolean => {
    if (++nodes > nodeLimit) return false
    let best = -1
    for (let it = 0; it < n; it++)
      if (!covered[it] && (best < 0 || (live[it] ?? 0) < (live[best] ?? 0))) best = it
    if (best < 0) return true
    if (live[best] === 0) return false
    for (const o of byItem[best] ?? []) {
      if (blocked[o]) continue
      choose(o, 1)
      chosen.push(o)
      if (step()) return true
      chosen.pop()
      choose(o, -1)
      if (nodes > nodeLimit) return false
    }
    return false
  }
  return step() ? chosen.flatMap((o) => options[o] ?? []) : null
}

const fixedTable = Array.from({ length: fixed }, (_, f) => finite + f)
function build(found: Option[]): number[][][] {
  const rounds: number[][][] = []
  for (let r = 0; r < baseRounds; r++) {
    const base = found.filter((o) => o.round === r).flatMap((o) => o.tables)
    for (let g = 0; g < q; g++)
      rounds.push(base.map((t) => t.map((p) => (p >= finite ? p : point(level(p), pos(p) + g)))))
  }
  for (const o of found.filter((o) => o.round === -1))
    for (let i = 0; i < o.tables.length; i += levels / 3) {
      const tables = o.tables.slice(i, i + levels / 3)
      rounds.push(
        Array.from({ length: q }, (_, g) =>
          tables.map((t) => t.map((p) => point(level(p), pos(p) + g))),
        ).flat(),
      )
    }
  // Three ∞s and orbit rounds: the ∞s meet each other at one table of the first orbit round.
  if (fixed === 3 && rounds.length > baseRounds * q) rounds[baseRounds * q]?.push(fixedTable)
  return rounds
}

function verify(rounds: number[][][]): boolean {
  const met = new Uint8Array(v * v)
  for (const round of rounds) {
    const seen = round.flat()
    if (new Set(seen).size !== v || seen.length !== v) return false
    for (const t of round)
      for (const a of t)
        for (const b of t) {
          if (a >= b) continue
          if (met[a * v + b]) return false
          met[a * v + b] = 1
        }
  }
  return true
}

const attempts = Number(values.attempts)
let result: object | null = null
for (let attempt = 0; attempt < attempts && !result; attempt++) {
  const started = Date.now()
  const found = solve(Number(values.nodes))
  console.error(`attempt ${attempt}: ${found ? 'found' : 'none'} in ${Date.now() - started} ms`)
  if (!found) continue
  const rounds = build(found)
  if (!verify(rounds)) throw new Error('the exact cover does not give a design')
  const base = Array.from({ length: baseRounds }, (_, r) =>
    found.filter((o) => o.round === r).flatMap((o) => o.tables),
  )
  const orbitRounds = found
    .filter((o) => o.round === -1)
    .flatMap((o) => {
      const out = []
      for (let i = 0; i < o.tables.length; i += levels / 3)
        out.push(o.tables.slice(i, i + levels / 3))
      return out
    })
  if (fixed === 3 && orbitRounds.length > 0) orbitRounds[0]?.push(fixedTable)
  result = {
    v,
    rounds: rounds.length,
    modulus: q,
    levels,
    baseRounds: base,
    ...(orbitRounds.length ? { orbitRounds } : {}),
  }
}
console.log(result ? JSON.stringify(result) : 'none')
