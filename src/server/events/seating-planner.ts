import { planRounds, type MixerInput, type TableAssignment } from '../mixer/plan-rounds.ts'

/** What the events domain asks of the mixing engine (src/server/mixer), however it runs. */
export interface SeatingRequest {
  /** User ids of the present participants. */
  people: string[]
  /** Tables in display order, with the seats in use tonight. */
  tables: { id: string; capacity: number }[]
  /** The event's earlier rounds, each a list of the groups that sat together. */
  history: string[][][]
  /** Pairs of user ids the host wants at different tables. */
  keepApart: [string, string][]
  /** Pairs who sat together at earlier evenings, with at how many (seating memory). */
  metAtEarlierEvenings?: [string, string, number][]
  /** People at their first evening, to be spread over the tables (decision 82). */
  firstTimers?: string[]
  /** This round and the ones still to come, planned together. */
  roundsToPlan: number
  seed: number
}

export type SeatingPlan = { tableId: string; people: string[] }[]

export type SeatingPlanner = (request: SeatingRequest) => Promise<SeatingPlan>

/** The request in the mixing engine's terms. */
export const mixerInput = (request: SeatingRequest, timeBudgetMs: number): MixerInput => ({
  participants: request.people,
  tables: request.tables,
  history: request.history,
  keepApart: request.keepApart,
  metAtEarlierEvenings: request.metAtEarlierEvenings,
  firstTimers: request.firstTimers,
  roundsRemaining: request.roundsToPlan,
  seed: request.seed,
  timeBudgetMs,
})

/** The engine's next round as a plan, table by table in display order. */
export const seatingPlan = (request: SeatingRequest, assignment: TableAssignment): SeatingPlan =>
  request.tables.map((table) => ({ tableId: table.id, people: assignment[table.id] ?? [] }))

/** The engine in this thread: for scripts (the demo seed), where nothing else waits on it. */
export function createInProcessPlanner({ timeBudgetMs }: { timeBudgetMs: number }): SeatingPlanner {
  return async (request) =>
    seatingPlan(request, planRounds(mixerInput(request, timeBudgetMs)).assignment)
}
