/**
 * npm run mixer -- FILE.json [--stats]
 *
 * Reads { "people": N, "tables": [capacity, ...], "rounds": R, "timeLimitMs"?: ms, "seed"?: n }
 * and prints { "rounds": [ [ [people at table 0], [table 1], ... ], ... ] } to stdout, people
 * numbered 0..N−1 and tables in the order given. With --stats the object also has "stats":
 * repeats, the most meetings of a pair, Σ (m − 1)², the lower bound, and "optimal" when the
 * plan reaches it. Errors go to stderr with exit code 1 (2 for
 * usage). The same file and seed give the same rounds unless the machine is too busy to finish
 * the search in the time limit.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { MixerError } from '#server/mixer/mixer-error.ts'
import { MAX_PARTICIPANTS, MAX_ROUNDS, planRounds } from '#server/mixer/plan-rounds.ts'

const fileSchema = z
  .object({
    people: z.number().int().min(0).max(MAX_PARTICIPANTS),
    tables: z.array(z.number().int().min(0)).max(MAX_PARTICIPANTS),
    rounds: z.number().int().min(1).max(MAX_ROUNDS),
    timeLimitMs: z.number().positive().max(3_600_000).optional(),
    seed: z.number().int().optional(),
  })
  .strict()

function fail(message: string, exitCode = 1): never {
  console.error(message)
  process.exit(exitCode)
}

const args = process.argv.slice(2)
const withStats = args.includes('--stats')
const [file, ...extra] = args.filter((arg) => arg !== '--stats')
if (!file || extra.length > 0) fail('Usage: npm run mixer -- FILE.json [--stats]', 2)

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch (error) {
  fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
}
let json: unknown
try {
  json = JSON.parse(text)
} catch (error) {
  fail(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
}
const parsed = fileSchema.safeParse(json)
if (!parsed.success) fail(`${file} does not describe an event:\n${z.prettifyError(parsed.error)}`)
const { people, tables, rounds, timeLimitMs, seed } = parsed.data

try {
  const { plan, stats } = planRounds({
    participants: Array.from({ length: people }, (_, i) => String(i)),
    tables: tables.map((capacity, t) => ({ id: String(t), capacity })),
    roundsRemaining: rounds,
    ...(timeLimitMs === undefined ? {} : { timeBudgetMs: timeLimitMs }),
    ...(seed === undefined ? {} : { seed }),
  })
  const output = plan.map((round) => tables.map((_, t) => (round[String(t)] ?? []).map(Number)))
  const { repeats, maxMeetings, squaredExcess, lowerBound, optimal, elapsedMs } = stats
  const summary = { repeats, maxMeetings, squaredExcess, lowerBound, optimal, elapsedMs }
  process.stdout.write(
    `${JSON.stringify(withStats ? { rounds: output, stats: summary } : { rounds: output })}\n`,
  )
} catch (error) {
  if (error instanceof MixerError) fail(error.message)
  throw error
}
