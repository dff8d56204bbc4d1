/**
 * The table-mixing engine for klikk events: who sits at which table in the coming rounds, so that
 * everyone meets as many new people as possible. Pure computation, no I/O.
 *
 * The problem is the Social Golfer Problem (CSPLib 010) turned into an optimisation with history,
 * uneven tables and keep-apart pairs. Built on:
 * - I. Dotú, P. Van Hentenryck, "Scheduling social golfers locally", CPAIOR 2005: tabu search
 *   over swaps of two people in different groups of one round, restricted to people in conflict,
 *   with random tabu tenure, aspiration and restarts from the best schedule with perturbation.
 * - M. Triska, N. Musliu, "An effective greedy heuristic for the Social Golfer Problem",
 *   Annals of OR 194 (2012): a greedy start that avoids pairs that already met.
 * - Design theory: the transversal design TD(k, q) over GF(q), and for k = q the affine plane
 *   AG(2, q) with its q + 1 parallel classes, give q (or q + 1) rounds with no repeated pair for
 *   k·q people at q tables of k; used as a starting schedule when the tables have that shape,
 *   and near it: with up to q − 1 people fewer (left out of one group, so the tables stay
 *   balanced), or up to q − 1 more than AG(2, q) (at most two meetings a pair), decision 19.
 * - A catalogue of resolvable designs (Kirkman and nearly Kirkman triple systems, resolvable
 *   (v, 4, 1) designs, affine geometries AG(n, q)) as starts where it has more rounds, with up to
 *   k people left out, decision 41.
 */
import { MixerError } from './mixer-error.ts'
import { scorePlan, type PlanScore } from './score-plan.ts'
import { MAX_EARLIER, searchSchedule, type StopReason } from './search-schedule.ts'
import { tableSizes } from './table-sizes.ts'

export interface MixerTable {
  id: string
  /** Seats at the table, a whole number ≥ 0. */
  capacity: number
}

export interface MixerInput {
  /** Ids of the people to seat, each once. */
  participants: readonly string[]
  /** Tables in display order. */
  tables: readonly MixerTable[]
  /** Earlier rounds of the event, each a list of groups who sat together. Unknown ids are ignored. */
  history?: readonly (readonly (readonly string[])[])[]
  /** Pairs who must not sit together (a hard rule while one can be kept, else a heavy penalty). */
  keepApart?: readonly (readonly [string, string])[]
  /**
   * Seating memory: pairs who sat together at earlier evenings, with at how many. The engine
   * avoids seating them together again, after everything about tonight (decision 0072).
   */
  metAtEarlierEvenings?: readonly (readonly [string, string, number])[]
  /**
   * People at their first evening. Where tonight allows, none sits alone among regulars, and
   * they are spread over the tables (after tonight's repeats, before seating memory; decision
   * 0082). Unknown ids are ignored.
   */
  firstTimers?: readonly string[]
  /** Same seed and input give the same plan. Default 0. */
  seed?: number
  /** Upper bound on the search time, in ms. Default 1000. */
  timeBudgetMs?: number
  /** Rounds still to come, the next one included. Default 1. */
  roundsRemaining?: number
  /**
   * Cap on search work. Default: what this budget allows on an ordinary machine, so the result
   * depends on the seed and the budget only; the clock just stops an overloaded machine. Set it
   * (with a generous budget) for results that are reproducible under any load.
   */
  maxWork?: number
  /** Whether design-theory constructions may seed the search. Default true. */
  constructions?: boolean
}

/** Table id → participant ids seated there (every table is listed, empty ones with []). */
export type TableAssignment = Record<string, string[]>

export interface MixerStats extends PlanScore {
  /** What no plan can beat for these tables (history counted); reaching it proves optimality. */
  lowerBound: { maxMeetings: number; squaredExcess: number }
  /**
   * No plan for these tables can do better: it reaches the lower bound, every planned pair is
   * new with no keep-apart broken, or there is only one way to seat people.
   */
  optimal: boolean
  stoppedBy: StopReason
  steps: number
  work: number
  elapsedMs: number
}

export interface MixerResult {
  /** The next round. */
  assignment: TableAssignment
  /** All remaining rounds, the next one first. */
  plan: TableAssignment[]
  /** Scores over the earlier rounds and the whole plan (pairs of current participants only). */
  stats: MixerStats
}

/**
 * Search work (pair-count lookups) per ms of budget: about half of what one core of the
 * development machine does, so the work cap, not the clock, normally ends the search (decision 13).
 */
export const WORK_PER_MS = 100_000
/** The engine keeps n×n pair counts; beyond this they would take too much memory. */
export const MAX_PARTICIPANTS = 2000
export const MAX_ROUNDS = 100

/**
 * Plans the remaining rounds of an event and returns the next one. Hard rules: everyone seated
 * once per round, no table over capacity, table sizes balanced by water-filling (see
 * `tableSizes`). Among those, minimises keep-apart violations, then the most meetings of any
 * pair, then Σ (meetings − 1)² over pairs that met, counting the earlier rounds.
 */
export function planRounds(input: MixerInput): MixerResult {
  const clockStart = performance.now()
  const { participants, tables } = input
  const rounds = input.roundsRemaining ?? 1
  const budget = input.timeBudgetMs ?? 1000
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)
    throw new MixerError(
      'invalid_rounds',
      `Rounds to plan must be a whole number from 1 to ${MAX_ROUNDS}, not ${rounds}.`,
      { rounds },
    )
  if (!(budget > 0) || !Number.isFinite(budget))
    throw new MixerError(
      'invalid_time_budget',
      'The time budget must be a positive number of ms.',
      {
        timeBudgetMs: budget,
      },
    )
  const n = participants.length
  if (n > MAX_PARTICIPANTS)
    throw new MixerError(
      'too_many_participants',
      `At most ${MAX_PARTICIPANTS} people can be planned at once, not ${n}.`,
      { people: n, max: MAX_PARTICIPANTS },
    )
  const index = new Map<string, number>()
  participants.forEach((id, i) => {
    if (index.has(id))
      throw new MixerError('duplicate_participant', `Participant ${id} is listed twice.`, { id })
    index.set(id, i)
  })
  const tableIds = new Set<string>()
  for (const table of tables) {
    if (tableIds.has(table.id))
      throw new MixerError('duplicate_table', `Table ${table.id} is listed twice.`, {
        id: table.id,
      })
    tableIds.add(table.id)
  }
  const sizes = tableSizes(
    tables.map((table) => table.capacity),
    n,
  )

  const met = new Int32Array(n * n)
  for (const round of input.history ?? [])
    for (const group of round) {
      const present = [...new Set(group.flatMap((id) => index.get(id) ?? []))]
      for (const a of present)
        for (const b of present) if (a !== b) met[a * n + b] = (met[a * n + b] ?? 0) + 1
    }
  let apart: Uint8Array | null = null
  for (const [x, y] of input.keepApart ?? []) {
    const a = index.get(x)
    const b = index.get(y)
    if (a === undefined || b === undefined || a === b) continue
    apart ??= new Uint8Array(n * n)
    apart[a * n + b] = 1
    apart[b * n + a] = 1
  }

  let earlier: Uint8Array | null = null
  for (const [x, y, evenings] of input.metAtEarlierEvenings ?? []) {
    const a = index.get(x)
    const b = index.get(y)
    if (a === undefined || b === undefined || a === b || !(evenings > 0)) continue
    earlier ??= new Uint8Array(n * n)
    const weight = Math.min(MAX_EARLIER, Math.max(earlier[a * n + b] ?? 0, Math.round(evenings)))
    earlier[a * n + b] = weight
    earlier[b * n + a] = weight
  }

  let firstTimers: Uint8Array | null = new Uint8Array(n)
  let newcomers = 0
  for (const id of new Set(input.firstTimers ?? [])) {
    const p = index.get(id)
    if (p === undefined) continue
    firstTimers[p] = 1
    newcomers++
  }
  // One first-timer sits among regulars wherever she sits.
  if (newcomers < 2) firstTimers = null

  const outcome = searchSchedule(
    { people: n, sizes, rounds, met, apart, earlier, firstTimers },
    {
      seed: input.seed ?? 0,
      maxWork: input.maxWork ?? budget * WORK_PER_MS,
      deadline: clockStart + budget,
      now: () => performance.now(),
      constructions: input.constructions ?? true,
    },
  )
  const plan = outcome.schedule.map((round) =>
    Object.fromEntries(
      tables.map((table, t) => [
        table.id,
        [...(round[t] ?? [])].sort((a, b) => a - b).map((p) => participants[p] ?? ''),
      ]),
    ),
  )
  const score = scorePlan(input, plan)
  const optimal =
    outcome.stoppedBy === 'optimal' ||
    (score.keepApartViolations === 0 &&
      score.maxMeetings === outcome.bound.maxMeetings &&
      score.squaredExcess === outcome.bound.squaredExcess)
  return {
    assignment: plan[0] ?? {},
    plan,
    stats: {
      ...score,
      lowerBound: outcome.bound,
      optimal,
      stoppedBy: outcome.stoppedBy,
      steps: outcome.steps,
      work: outcome.work,
      elapsedMs: performance.now() - clockStart,
    },
  }
}
