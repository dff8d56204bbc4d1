/**
 * The table-mixing engine on the four instances, in process, each with its target time as
 * the budget. Pure computation: runs before (and without) the server and browser measurements.
 */
import { planRounds } from '../src/server/mixer/plan-rounds.ts'

export interface MixerBenchRow {
  measure: string
  value: string
  target: string
  ok: boolean | null
}

const instances = [
  {
    people: 15,
    tables: 5,
    size: 3,
    rounds: 7,
    ms: 1000,
    goal: 0,
    target: '0 repeats (optimum) in 1 s',
  },
  {
    people: 20,
    tables: 5,
    size: 4,
    rounds: 7,
    ms: 1000,
    goal: 20,
    target: '20 repeats (optimum) in 1 s',
  },
  {
    people: 32,
    tables: 8,
    size: 4,
    rounds: 10,
    ms: 10_000,
    goal: 29,
    target: 'lowest in 10 s (best known 0, open tool ≈ 30)',
  },
  { people: 200, tables: 25, size: 8, rounds: 6, ms: 2000, goal: 0, target: '0 repeats in 2 s' },
]

export function benchMixer(seed = 1): MixerBenchRow[] {
  return instances.map(({ people, tables, size, rounds, ms, goal, target }) => {
    const started = performance.now()
    const { stats } = planRounds({
      participants: Array.from({ length: people }, (_, i) => `p${i}`),
      tables: Array.from({ length: tables }, (_, t) => ({ id: `t${t}`, capacity: size })),
      roundsRemaining: rounds,
      timeBudgetMs: ms,
      seed,
    })
    const elapsed = performance.now() - started
    const most = stats.maxMeetings === 1 ? '1 meeting' : `${stats.maxMeetings} meetings`
    return {
      measure: `mixer: ${people} people, ${tables} tables of ${size}, ${rounds} rounds`,
      value: `${stats.repeats} repeats, max ${most}, ${elapsed.toFixed(0)} ms`,
      target,
      ok: stats.repeats <= goal && elapsed <= ms,
    }
  })
}
