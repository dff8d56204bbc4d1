/**
 * npm run mixer:coverage [-- --budget MS] [--max-people N] [--sizes 3,4] [--out FILE]
 *
 * How often the mixer reaches the best known value, on every equal-table instance: g tables of
 * k people (k from 3 to 10, g ≥ 2, g·k ≤ 150), each run with the server's default budget
 * (MIXER_TIME_MS, 1.5 s) and seed 1. Writes docs/mixer-coverage.md.
 *
 * For each shape (g, k) it asks two questions (decision 44):
 * - **Rounds with no repeat.** For how many rounds is a schedule with no repeated pair known
 *   (`zeroKnown`: the catalogue, existence theorems, transversal designs from Latin squares,
 *   published maxima, or a schedule the mixer itself found)? Every round count from 2 up to that
 *   is an instance whose best known value is 0; the coverage is the share of them where the mixer
 *   reaches 0 within its budget.
 * - **The most rounds** in which anyone could still meet only new people, ⌊(g·k − 1)/(k − 1)⌋:
 *   our value, the lower bound, and whether the bound proves it optimal.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { catalogueResolution } from '#server/mixer/design-catalogue.ts'
import { galoisField } from '#server/mixer/galois-field.ts'
import { planEqualTables } from '../bench/mixer.ts'

const { values } = parseArgs({
  options: {
    budget: { type: 'string', default: '1500' },
    'max-people': { type: 'string', default: '150' },
    sizes: { type: 'string', default: '3,4,5,6,7,8,9,10' },
    out: { type: 'string', default: 'docs/mixer-coverage.md' },
  },
})
const budget = Number(values.budget)
const maxPeople = Number(values['max-people'])
const sizes = values.sizes.split(',').map(Number)

/**
 * The most rounds with no repeat for g tables of k, g ≤ 7, as published: OEIS A107431 (W.
 * Harvey's results page for the social golfer problem; "T(n, k), n groups of k"). Keyed "g/k".
 */
const PUBLISHED_MAXIMA: Readonly<Record<string, number>> = {
  '3/3': 4,
  '4/3': 4,
  '4/4': 5,
  '5/3': 7,
  '5/4': 5,
  '5/5': 6,
  '6/3': 8,
  '6/4': 7,
  '6/5': 6,
  '6/6': 3,
  '7/3': 10,
  '7/4': 9,
}

/**
 * Mutually orthogonal Latin squares known to exist, N(n) ≥ this, for orders that are not prime
 * powers (prime powers q have q − 1): N(n) ≥ 2 for n ≠ 2, 6 (Bose, Shrikhande & Parker 1960);
 * N(n) ≥ 3 for n ∉ {2, 3, 6, 10} (Todorov 1985 for n = 14, the last case); N(12) ≥ 5 (Johnson,
 * Dulmage & Mendelsohn 1961). Conservative: the Handbook of Combinatorial Designs lists more
 * for several orders.
 */
function latinSquares(n: number): number {
  if (galoisField(n)) return n - 1
  if (n === 12) return 5
  if (n === 6) return 1
  if (n === 10) return 2
  return 3
}

/**
 * For how many rounds a schedule with no repeated pair is known for g tables of k, and why.
 * Without the mixer's own results (they are added by the caller).
 */
function zeroKnown(g: number, k: number): { rounds: number; from: string } {
  const v = g * k
  const known: { rounds: number; from: string }[] = [{ rounds: 1, from: 'one round' }]
  const design = catalogueResolution(v, k)
  if (design) known.push({ rounds: design.length, from: 'catalogue' })
  if (k === 3 && v % 6 === 3)
    known.push({ rounds: (v - 1) / 2, from: 'KTS(v) exists (Ray-Chaudhuri & Wilson 1971)' })
  if (k === 3 && v % 6 === 0 && v >= 18)
    known.push({ rounds: (v - 2) / 2, from: 'NKTS(v) exists (Baker & Wilson 1977)' })
  if (k === 4 && v % 12 === 4)
    known.push({
      rounds: (v - 1) / 3,
      from: 'RBIBD(v, 4, 1) exists (Hanani, Ray-Chaudhuri & Wilson 1972)',
    })
  // A resolvable transversal design RTD(k, g) (from k − 1 MOLS of order g): g rounds.
  if (g >= k && latinSquares(g) >= k - 1)
    known.push({ rounds: g, from: `RTD(${k}, ${g}) from ${k - 1} MOLS(${g})` })
  const published = PUBLISHED_MAXIMA[`${g}/${k}`]
  if (published) known.push({ rounds: published, from: 'published maximum (OEIS A107431)' })
  return known.reduce((best, entry) => (entry.rounds > best.rounds ? entry : best))
}

interface Run {
  rounds: number
  repeats: number
  maxMeetings: number
  squaredExcess: number
  bound: { maxMeetings: number; squaredExcess: number }
  optimal: boolean
  ms: number
}

interface Shape {
  people: number
  tables: number
  size: number
  most: number
  known: { rounds: number; from: string }
  /** Runs from 2 rounds up, then the most rounds (if not among them). */
  runs: Run[]
  /** Zero-repeat instances: every round count from 2 up to the known (or our own) maximum. */
  zeroUpTo: number
  missed: number[]
}

function run(people: number, tables: number, size: number, rounds: number): Run {
  const { stats, elapsed } = planEqualTables(people, tables, size, rounds, budget, 1)
  return {
    rounds,
    repeats: stats.repeats,
    maxMeetings: stats.maxMeetings,
    squaredExcess: stats.squaredExcess,
    bound: stats.lowerBound,
    optimal: stats.optimal,
    ms: elapsed,
  }
}

const shapes: Shape[] = []
for (const size of sizes)
  for (let tables = 2; tables * size <= maxPeople; tables++) {
    const people = tables * size
    const most = Math.floor((people - 1) / (size - 1))
    const known = zeroKnown(tables, size)
    const runs: Run[] = []
    // Every round count where 0 is known, and on while the mixer keeps finding 0 (its own
    // schedule is then the best known); stop at the first miss past what is known.
    for (let rounds = 2; rounds <= most; rounds++) {
      const result = run(people, tables, size, rounds)
      runs.push(result)
      if (rounds > known.rounds && result.repeats > 0) break
    }
    if (runs.at(-1)?.rounds !== most) runs.push(run(people, tables, size, most))
    const ours = runs
      .filter((r) => r.repeats === 0)
      .reduce((most, r) => Math.max(most, r.rounds), 1)
    const zeroUpTo = Math.max(known.rounds, ours)
    const missed = runs.filter((r) => r.rounds <= zeroUpTo && r.repeats > 0).map((r) => r.rounds)
    shapes.push({ people, tables, size, most, known, runs, zeroUpTo, missed })
    process.stderr.write(
      `${people}:${tables}×${size} zero known ${known.rounds}, ours ${ours}, missed ${missed.join(' ') || '–'}; ${runs.length} runs, slowest ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms\n`,
    )
  }

/** The instances issue 26 names: the long schedules, and the open eight of 4–6 rounds. */
const NAMED: readonly { spec: [number, number, number, number]; note: string }[] = [
  { spec: [32, 8, 4, 10], note: '0: Aguado 2004, transcribed in the catalogue' },
  { spec: [32, 8, 4, 11], note: '32: 8-4-10 plus a round of the pairs never met; bound 32' },
  { spec: [33, 11, 3, 16], note: '0: KTS(33), catalogue' },
  { spec: [52, 13, 4, 17], note: '0: resolvable (52, 4, 1), catalogue' },
  {
    spec: [36, 6, 6, 6],
    note: 'open; no 4 rounds without a repeat (3 is the most, OEIS A107431); Σ (m − 1)² ≥ 3 by hand: the rounds with a pair in common form a graph whose complement has no K4, ≥ 15 − 12 edges (Turán)',
  },
  { spec: [35, 6, 6, 6], note: 'open' },
  { spec: [32, 6, 6, 6], note: 'open' },
  { spec: [35, 6, 6, 4], note: 'open' },
  {
    spec: [20, 5, 4, 6],
    note: 'open; 5 rounds is the most without a repeat (OEIS A107431), so ≥ 1',
  },
  { spec: [80, 10, 8, 6], note: 'open' },
  {
    spec: [24, 3, 8, 6],
    note: 'open; with max 2, Σ ≥ 315 (pigeonhole), which we do not reach; repeats ≥ 504 − 276 = 228 (counting)',
  },
  {
    spec: [28, 4, 8, 6],
    note: 'open; with max 2, Σ ≥ 180 (pigeonhole) and 180 would be optimal; repeats ≥ 126 (counting)',
  },
]
const named = NAMED.map(({ spec: [people, tables, size, rounds], note }) => {
  const r = run(people, tables, size, rounds)
  return `| ${people}:${tables}×${size}×${rounds} | ${r.repeats} | ${r.maxMeetings} | ${r.squaredExcess} | ${r.bound.squaredExcess} / ${r.bound.maxMeetings} | ${r.optimal ? 'optimal' : '–'} | ${r.ms.toFixed(0)} | ${note} |`
})

const zeroInstances = shapes.reduce((sum, s) => sum + Math.max(0, s.zeroUpTo - 1), 0)
const zeroMissed = shapes.reduce((sum, s) => sum + s.missed.length, 0)
const fromUs = shapes.filter((s) => s.zeroUpTo > s.known.rounds)
const allRuns = shapes.flatMap((s) => s.runs)
const slowest = Math.max(...allRuns.map((r) => r.ms))
const atMost = shapes.map((s) => ({ shape: s, result: s.runs.find((r) => r.rounds === s.most) }))
const mostZero = atMost.filter(({ result }) => result?.repeats === 0).length
const mostOptimal = atMost.filter(({ result }) => result?.optimal).length
const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`
const mostStatus = (shape: Shape, result: Run | undefined) =>
  !result
    ? '–'
    : result.repeats === 0
      ? 'no repeat'
      : result.optimal
        ? 'optimal (bound)'
        : shape.zeroUpTo >= shape.most
          ? 'below best known'
          : 'open'

const lines = [
  '# Mixer coverage',
  '',
  `Generated by \`npm run mixer:coverage\` on ${new Date().toISOString().slice(0, 10)}: budget ${budget} ms,`,
  'seed 1, work cap budget × 100 000, one run per instance. Every equal-table shape with 3 to 10',
  `people a table, at least 2 tables and at most ${maxPeople} people. Decisions 41 and 44 explain it.`,
  '',
  '## Rounds with no repeated pair',
  '',
  'For each shape, every round count from 2 up to the most for which a schedule with no repeated',
  'pair is known (from the catalogue, an existence theorem, a transversal design from Latin',
  'squares, a published maximum, or the mixer itself) is an instance whose best known value is 0.',
  '',
  `- Instances: ${zeroInstances}; the mixer reaches 0 in ${zeroInstances - zeroMissed} (${percent(zeroInstances - zeroMissed, zeroInstances)}).`,
  `- Runs: ${allRuns.length}; slowest ${slowest.toFixed(0)} ms; over 2 s: ${allRuns.filter((r) => r.ms > 2000).length}.`,
  `- Shapes where the mixer's own schedule goes past every other source we know: ${fromUs.length}.`,
  '- What "known" misses: Miller, Valkov & Abel (Symmetry 18(2):269, 2026) tabulate the most',
  '  rounds known for every shape up to 150 people; we could not consult their tables, so where',
  '  they know more rounds than this table, those instances are missing here.',
  '',
  '## The instances issue 26 names',
  '',
  'people:tables×capacity×rounds. Tables not filled are water-filled: 28 people at 4 tables of 8',
  'sit 7, 7, 7, 7; 35 at 6 tables of 6 sit 6, 6, 6, 6, 6, 5; 32 sit 6, 6, 5, 5, 5, 5.',
  '',
  '| instance | repeats | max | Σ (m − 1)² | bound Σ / max | proved | ms | best known, bounds |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...named,
  '',
  '## Every shape',
  '',
  '"No repeat known" is the most rounds with no repeated pair we know of, and its source; "ours',
  'with 0" the round counts where the mixer reached 0, and the ones where it did not. The last',
  'columns are the most rounds in which anyone could meet only new people: repeats, Σ (m − 1)²',
  '(equal to the repeats when no pair meets more than twice) and its lower bound, and the status.',
  '',
  `At the most rounds: ${mostZero} of ${atMost.length} shapes with no repeat, ${mostOptimal} proved optimal by the bound (the zeros included).`,
  '',
  '| people | tables × size | no repeat known | from | ours with 0 | missed | most rounds | repeats | Σ / bound | status | slowest ms |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...atMost.map(({ shape: s, result: r }) => {
    const reached = s.runs.filter((x) => x.repeats === 0).map((x) => x.rounds)
    const ours = reached.length === 0 ? '–' : `2–${Math.max(...reached)}`
    return `| ${s.people} | ${s.tables} × ${s.size} | ${s.known.rounds} | ${s.known.from} | ${ours} | ${s.missed.join(', ') || '–'} | ${s.most} | ${r?.repeats ?? '–'} | ${r?.squaredExcess ?? '–'} / ${r?.bound.squaredExcess ?? '–'} | ${mostStatus(s, r)} | ${Math.max(...s.runs.map((x) => x.ms)).toFixed(0)} |`
  }),
  '',
]
writeFileSync(values.out, lines.join('\n'))
console.log(
  `${zeroInstances - zeroMissed} of ${zeroInstances} zero-repeat instances reached (${percent(zeroInstances - zeroMissed, zeroInstances)}); slowest ${slowest.toFixed(0)} ms; written to ${values.out}`,
)
