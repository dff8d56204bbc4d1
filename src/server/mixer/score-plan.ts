import { alone } from './first-timers.ts'

export interface PlanScore {
  /** Pair meetings beyond each pair's first: Σ over pairs of max(0, meetings − 1). */
  repeats: number
  /** The most times any pair meets. */
  maxMeetings: number
  /** Σ over pairs that met of (meetings − 1)²: the second thing the engine minimises. */
  squaredExcess: number
  /** Times a keep-apart pair sits together in the plan. */
  keepApartViolations: number
  /** Times a pair who sat together at an earlier evening sits together again in the plan. */
  earlierRepeats: number
  /**
   * Table-rounds where one first-timer sits with regulars only (counted when at least two
   * first-timers are seated).
   */
  firstTimersAlone: number
}

/** A pair's term of Σ (meetings − 1)²: nothing for a pair that met at most once. */
export const excess = (meetings: number) => (meetings > 1 ? (meetings - 1) ** 2 : 0)

export interface ScoredEvent {
  participants: readonly string[]
  history?: readonly (readonly (readonly string[])[])[]
  keepApart?: readonly (readonly [string, string])[]
  metAtEarlierEvenings?: readonly (readonly [string, string, number])[]
  firstTimers?: readonly string[]
}

/**
 * Scores a plan (one table id → people record per round) together with the earlier rounds,
 * counting only pairs of current participants.
 */
export function scorePlan(event: ScoredEvent, plan: readonly Record<string, readonly string[]>[]) {
  const n = event.participants.length
  const index = new Map(event.participants.map((id, i) => [id, i]))
  const count = new Int32Array(n * n)
  const seat = (group: readonly string[]) => {
    const present = [...new Set(group.flatMap((id) => index.get(id) ?? []))]
    for (let i = 0; i < present.length; i++)
      for (let j = i + 1; j < present.length; j++) {
        const a = present[i] ?? 0
        const b = present[j] ?? 0
        const pair = Math.min(a, b) * n + Math.max(a, b)
        count[pair] = (count[pair] ?? 0) + 1
      }
    return present
  }
  for (const round of event.history ?? []) for (const group of round) seat(group)

  const pairsOf = (pairs: readonly (readonly [string, string, ...unknown[]])[] | undefined) => {
    const set = new Set<number>()
    for (const [x, y] of pairs ?? []) {
      const a = index.get(x)
      const b = index.get(y)
      if (a !== undefined && b !== undefined && a !== b)
        set.add(Math.min(a, b) * n + Math.max(a, b))
    }
    return set
  }
  const apart = pairsOf(event.keepApart)
  const earlier = pairsOf(event.metAtEarlierEvenings?.filter(([, , evenings]) => evenings > 0))
  const firstTimers = new Set(event.firstTimers?.filter((id) => index.has(id)))
  let keepApartViolations = 0
  let earlierRepeats = 0
  let firstTimersAlone = 0
  for (const round of plan)
    for (const group of Object.values(round)) {
      const present = seat(group)
      if (firstTimers.size > 1)
        firstTimersAlone += alone(
          present.filter((p) => firstTimers.has(event.participants[p] ?? '')).length,
          present.length,
        )
      for (let i = 0; i < present.length; i++)
        for (let j = i + 1; j < present.length; j++) {
          const a = present[i] ?? 0
          const b = present[j] ?? 0
          const pair = Math.min(a, b) * n + Math.max(a, b)
          if (apart.has(pair)) keepApartViolations++
          if (earlier.has(pair)) earlierRepeats++
        }
    }

  const score: PlanScore = {
    repeats: 0,
    maxMeetings: 0,
    squaredExcess: 0,
    keepApartViolations,
    earlierRepeats,
    firstTimersAlone,
  }
  for (const c of count) {
    if (c > score.maxMeetings) score.maxMeetings = c
    if (c > 1) {
      score.repeats += c - 1
      score.squaredExcess += excess(c)
    }
  }
  return score
}

/** Negative when `a` is the better plan: fewer keep-apart violations, then lower max, then Σ. */
export function comparePlanScores(a: PlanScore, b: PlanScore): number {
  return (
    a.keepApartViolations - b.keepApartViolations ||
    a.maxMeetings - b.maxMeetings ||
    a.squaredExcess - b.squaredExcess
  )
}
