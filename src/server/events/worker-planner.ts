import { Worker } from 'node:worker_threads'
import type { MixerInput, TableAssignment } from '../mixer/plan-rounds.ts'
import type { SeatingPlanner } from './seating-planner.ts'

type WorkerAnswer =
  { ok: true; assignment: TableAssignment } | { ok: false; code: string; message: string }

/** The mixing engine in a worker thread, one per planning (an admin's click, not a hot path). */
export function createWorkerPlanner({ timeBudgetMs }: { timeBudgetMs: number }): SeatingPlanner {
  return (request) =>
    new Promise((resolve, reject) => {
      const input: MixerInput = {
        participants: request.people,
        tables: request.tables,
        history: request.history,
        roundsRemaining: request.roundsToPlan,
        seed: request.seed,
        timeBudgetMs,
      }
      const worker = new Worker(new URL('./mixer-worker.ts', import.meta.url), {
        workerData: input,
      })
      worker.once('message', (answer: WorkerAnswer) => {
        void worker.terminate()
        if (!answer.ok) {
          reject(new Error(`mixer: ${answer.code}: ${answer.message}`))
          return
        }
        resolve(
          request.tables.map((table) => ({
            tableId: table.id,
            people: answer.assignment[table.id] ?? [],
          })),
        )
      })
      worker.once('error', reject)
    })
}
