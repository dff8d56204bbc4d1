import { planRounds, type MixerInput } from './plan-rounds.ts'
import { scorePlan, type PlanScore } from './score-plan.ts'

/**
 * A series of klikk evenings as the issue describes them (issue 40, part 2): 40 guests at 5 tables
 * of 8, 5 rounds, 70 % of each evening's guests back at the next one (28) and 12 new. Each
 * evening is planned whole at its start, with or without the seating memory of the evenings
 * before. For the seating-memory test and the bench.
 */
export interface SeriesOptions {
  evenings: number
  remember: boolean
  /** Whether the engine is told who is at her first evening (and spreads them). */
  spreadFirstTimers?: boolean
  keepApart?: [string, string][]
  /** The engine's budget and work cap per evening. */
  timeBudgetMs: number
  maxWork?: number
}

const TABLES = Array.from({ length: 5 }, (_, t) => ({ id: `t${t}`, capacity: 8 }))
const ROUNDS = 5
const GUESTS = 40
const RETURNING = 28

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`)

/** Each evening's score; `earlierRepeats` counts meetings of pairs who met at an earlier one. */
export function simulateSeries({
  evenings,
  remember,
  spreadFirstTimers = false,
  keepApart = [],
  timeBudgetMs,
  maxWork,
}: SeriesOptions): PlanScore[] {
  const memory = new Map<string, number>()
  const asInput = () =>
    [...memory].map(([key, count]) => {
      const [a = '', b = ''] = key.split('|')
      return [a, b, count] as const
    })
  let guests = Array.from({ length: GUESTS }, (_, i) => `p${i}`)
  let next = GUESTS
  const seen = new Set<string>()
  const scores: PlanScore[] = []
  for (let e = 0; e < evenings; e++) {
    const firstTimers = guests.filter((guest) => !seen.has(guest))
    const input: MixerInput = {
      participants: guests,
      tables: TABLES,
      roundsRemaining: ROUNDS,
      keepApart,
      seed: e + 1,
      timeBudgetMs,
      maxWork,
      metAtEarlierEvenings: remember ? asInput() : undefined,
      firstTimers: spreadFirstTimers ? firstTimers : undefined,
    }
    const { plan } = planRounds(input)
    scores.push(scorePlan({ ...input, metAtEarlierEvenings: asInput(), firstTimers }, plan))
    for (const guest of guests) seen.add(guest)
    const met = new Set<string>()
    for (const round of plan)
      for (const group of Object.values(round))
        for (let i = 0; i < group.length; i++)
          for (let j = i + 1; j < group.length; j++)
            met.add(pairKey(group[i] ?? '', group[j] ?? ''))
    for (const pair of met) memory.set(pair, (memory.get(pair) ?? 0) + 1)
    // Every fifth stays away and so do the last four of the rest; twelve come for the first time.
    guests = [
      ...guests.filter((_, i) => i % 5 !== 0).slice(0, RETURNING),
      ...Array.from({ length: GUESTS - RETURNING }, () => `p${next++}`),
    ]
  }
  return scores
}

/** Table-rounds where one first-timer sat with regulars only, over the whole series. */
export const firstTimersAloneAcross = (scores: readonly PlanScore[]) =>
  scores.reduce((sum, score) => sum + score.firstTimersAlone, 0)

/** Meetings of pairs who had met at an earlier evening, over the whole series. */
export const repeatsAcross = (scores: readonly PlanScore[]) =>
  scores.reduce((sum, score) => sum + score.earlierRepeats, 0)
