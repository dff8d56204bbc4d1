/**
 * The table-mixing engine on fixed instances, in process, each with its target time as the
 * budget: the four, three near a design's size (issue 13), and the long schedules of
 * issue 26 at the server's default budget (MIXER_TIME_MS, 1.5 s). Each row shows the best
 * known value beside ours. Pure computation: runs before (and without) the server and browser
 * measurements.
 */
import { planRounds } from '#server/mixer/plan-rounds.ts'

export interface MixerBenchRow {
  measure: string
  value: string
  target: string
  ok: boolean | null
}

interface Instance {
  people: number
  tables: number
  size: number
  rounds: number
  /** The budget, in ms. */
  ms: number
  /** The best known plan, and where it comes from. */
  best: { repeats: number; maxMeetings: number; by: string }
  /** Ours must reach this many repeats at most, with no pair meeting more than `goalMax` times. */
  goal: number
  goalMax: number
  target: string
}

export const mixerInstances: readonly Instance[] = [
  {
    people: 15,
    tables: 5,
    size: 3,
    rounds: 7,
    ms: 1000,
    best: { repeats: 0, maxMeetings: 1, by: "Kirkman's schoolgirls, optimum" },
    goal: 0,
    goalMax: 1,
    target: '0 in 1 s',
  },
  {
    people: 20,
    tables: 5,
    size: 4,
    rounds: 7,
    ms: 1000,
    best: { repeats: 20, maxMeetings: 2, by: 'optimum' },
    goal: 20,
    goalMax: 2,
    target: '20 in 1 s',
  },
  {
    people: 32,
    tables: 8,
    size: 4,
    rounds: 10,
    ms: 1500,
    best: { repeats: 0, maxMeetings: 1, by: 'Aguado 2004, in the catalogue, optimum' },
    goal: 0,
    goalMax: 1,
    target: '0 in 1.5 s (open tool ≈ 30)',
  },
  {
    people: 200,
    tables: 25,
    size: 8,
    rounds: 6,
    ms: 2000,
    best: { repeats: 0, maxMeetings: 1, by: 'TD(8, 25)' },
    goal: 0,
    goalMax: 1,
    target: '0 in 2 s',
  },
  {
    people: 24,
    tables: 5,
    size: 5,
    rounds: 6,
    ms: 1000,
    best: { repeats: 0, maxMeetings: 1, by: 'AG(2, 5) less one person' },
    goal: 0,
    goalMax: 1,
    target: '0 in 1 s',
  },
  {
    // Optimal among plans where no pair meets three times: any two rounds share a pair from the
    // table of 6, so Σ (m − 1)² ≥ C(5, 2) = 10 (decision 19).
    people: 26,
    tables: 5,
    size: 6,
    rounds: 5,
    ms: 1000,
    best: { repeats: 10, maxMeetings: 2, by: 'AG(2, 5) plus one person, optimum' },
    goal: 10,
    goalMax: 2,
    target: '10, max 2 in 1 s',
  },
  {
    // Tables 8, 8, 8, 8, 8, 7, 7, 7: AG(2, 8) less three points of one row, which share a line
    // only in the rows' parallel class; any 5 of the other 8 classes give 5 rounds with no pair
    // twice, each removed point on its own table. 0 is also the least possible (decision 19).
    people: 61,
    tables: 8,
    size: 8,
    rounds: 5,
    ms: 2000,
    best: { repeats: 0, maxMeetings: 1, by: 'AG(2, 8) less three people, optimum' },
    goal: 0,
    goalMax: 1,
    target: '0 in 2 s',
  },
  {
    people: 33,
    tables: 11,
    size: 3,
    rounds: 16,
    ms: 1500,
    best: { repeats: 0, maxMeetings: 1, by: 'KTS(33), optimum' },
    goal: 0,
    goalMax: 1,
    target: '0 in 1.5 s',
  },
  {
    people: 52,
    tables: 13,
    size: 4,
    rounds: 17,
    ms: 1500,
    best: { repeats: 0, maxMeetings: 1, by: 'resolvable (52, 4, 1) design, optimum' },
    goal: 0,
    goalMax: 1,
    target: '0 in 1.5 s',
  },
  {
    // 11 rounds seat 528 pairs among C(32, 2) = 496: at least 32 meet twice.
    people: 32,
    tables: 8,
    size: 4,
    rounds: 11,
    ms: 1500,
    best: { repeats: 32, maxMeetings: 2, by: 'the 8-4-10 schedule plus one round, optimum' },
    goal: 32,
    goalMax: 2,
    target: '32 in 1.5 s',
  },
]

const meetings = (most: number) => (most === 1 ? '1 meeting' : `${most} meetings`)

/** Plans `rounds` rounds for `people` at `tables` tables of `size`; the stats and the time taken. */
export function planEqualTables(
  people: number,
  tables: number,
  size: number,
  rounds: number,
  budgetMs: number,
  seed: number,
) {
  const started = performance.now()
  const { stats } = planRounds({
    participants: Array.from({ length: people }, (_, i) => `p${i}`),
    tables: Array.from({ length: tables }, (_, t) => ({ id: `t${t}`, capacity: size })),
    roundsRemaining: rounds,
    timeBudgetMs: budgetMs,
    seed,
  })
  return { stats, elapsed: performance.now() - started }
}

export function benchMixer(seed = 1, instances = mixerInstances): MixerBenchRow[] {
  return instances.map(({ people, tables, size, rounds, ms, best, goal, goalMax, target }) => {
    const { stats, elapsed } = planEqualTables(people, tables, size, rounds, ms, seed)
    return {
      measure: `mixer: ${people} people, ${tables} tables of ${size}, ${rounds} rounds`,
      value: `${stats.repeats} repeats, max ${meetings(stats.maxMeetings)}, ${elapsed.toFixed(0)} ms`,
      target: `best known ${best.repeats}, max ${best.maxMeetings} (${best.by}); ${target}`,
      ok: stats.repeats <= goal && stats.maxMeetings <= goalMax && elapsed <= ms,
    }
  })
}
