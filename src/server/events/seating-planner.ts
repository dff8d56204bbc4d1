/** What the events domain asks of the mixing engine (src/server/mixer), however it runs. */
export interface SeatingRequest {
  /** User ids of the present participants. */
  people: string[]
  /** Tables in display order, with the seats in use tonight. */
  tables: { id: string; capacity: number }[]
  /** The event's earlier rounds, each a list of the groups that sat together. */
  history: string[][][]
  /** This round and the ones still to come, planned together. */
  roundsToPlan: number
  seed: number
}

export type SeatingPlan = { tableId: string; people: string[] }[]

export type SeatingPlanner = (request: SeatingRequest) => Promise<SeatingPlan>
