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

export interface EveningScore extends PlanScore {
  /**
   * What no seating of this evening as good as tonight's best (at most `maxMeetings` a pair,
   * `repeats` repeats) can go below in `earlierRepeats`, given who met before (decision 0094).
   */
  earlierBound: number
}

/**
 * The fewest meetings of pairs who met at earlier evenings that any seating of one evening can
 * have, tonight's repeats and most meetings a pair as given (decision 0094). Only returners (not
 * first-timers) can have met before. Each person has rounds·(size − 1) seats beside her; the
 * first-timers' seats go to each other at most Σ C(k, 2) times a round, k of them spread evenly
 * over the tables, so the rest go to returners, and the returners fill what remains among
 * themselves: returner-returner meetings are at least (returners − first-timers)·seats / 2 +
 * first-timer pairs. Of these, pairs who never met can take at most min(maxMeetings·U, U +
 * repeats), U their number; every other one is an earlier-evening pair meeting again.
 */
export function earlierRepeatsBound({
  returners,
  firstTimers,
  knownPairs,
  tableSize,
  tables,
  rounds,
  maxMeetings,
  repeats,
}: {
  returners: number
  firstTimers: number
  /** Pairs of returners who met at an earlier evening. */
  knownPairs: number
  tableSize: number
  tables: number
  rounds: number
  maxMeetings: number
  repeats: number
}): number {
  const seats = rounds * (tableSize - 1)
  let firstTimerPairs = 0
  for (let t = 0; t < tables; t++) {
    const k = Math.floor(firstTimers / tables) + (t < firstTimers % tables ? 1 : 0)
    firstTimerPairs += (k * (k - 1)) / 2
  }
  const amongReturners = ((returners - firstTimers) * seats) / 2 + rounds * firstTimerPairs
  const unknown = (returners * (returners - 1)) / 2 - knownPairs
  return Math.max(0, amongReturners - Math.min(maxMeetings * unknown, unknown + repeats))
}

/** Each evening's score; `earlierRepeats` counts meetings of pairs who met at an earlier one. */
export function simulateSeries({
  evenings,
  remember,
  spreadFirstTimers = false,
  keepApart = [],
  timeBudgetMs,
  maxWork,
}: SeriesOptions): EveningScore[] {
  const memory = new Map<string, number>()
  const asInput = () =>
    [...memory].map(([key, count]) => {
      const [a = '', b = ''] = key.split('|')
      return [a, b, count] as const
    })
  let guests = Array.from({ length: GUESTS }, (_, i) => `p${i}`)
  let next = GUESTS
  const seen = new Set<string>()
  const scores: EveningScore[] = []
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
    const score = scorePlan({ ...input, metAtEarlierEvenings: asInput(), firstTimers }, plan)
    const returners = guests.filter((guest) => seen.has(guest))
    let knownPairs = 0
    for (let i = 0; i < returners.length; i++)
      for (let j = i + 1; j < returners.length; j++)
        if (memory.has(pairKey(returners[i] ?? '', returners[j] ?? ''))) knownPairs++
    const earlierBound = earlierRepeatsBound({
      returners: returners.length,
      firstTimers: firstTimers.length,
      knownPairs,
      tableSize: 8,
      tables: TABLES.length,
      rounds: ROUNDS,
      // Any seating with tonight no worse than this one's (150 repeats, none a third time, is
      // the best 40 at 5 tables of 8 can do in 5 rounds).
      maxMeetings: score.maxMeetings,
      repeats: score.repeats,
    })
    scores.push({ ...score, earlierBound })
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

/** What no seating could go below, over the whole series (decision 0094). */
export const boundAcross = (scores: readonly EveningScore[]) =>
  scores.reduce((sum, score) => sum + score.earlierBound, 0)

/** Meetings of pairs who had met at an earlier evening, over the whole series. */
export const repeatsAcross = (scores: readonly PlanScore[]) =>
  scores.reduce((sum, score) => sum + score.earlierRepeats, 0)
