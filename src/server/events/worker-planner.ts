import { Worker } from 'node:worker_threads'
import type { TableAssignment } from '../mixer/plan-rounds.ts'
import { mixerInput, seatingPlan, type SeatingPlanner } from './seating-planner.ts'

type WorkerAnswer =
  { ok: true; assignment: TableAssignment } | { ok: false; code: string; message: string }

/** The mixing engine in a worker thread, one per planning (an admin's click, not a hot path). */
export function createWorkerPlanner({ timeBudgetMs }: { timeBudgetMs: number }): SeatingPlanner {
  return (request) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./mixer-worker.ts', import.meta.url), {
        workerData: mixerInput(request, timeBudgetMs),
      })
      worker.once('message', (answer: WorkerAnswer) => {
        void worker.terminate()
        if (!answer.ok) {
          reject(new Error(`mixer: ${answer.code}: ${answer.message}`))
          return
        }
        resolve(seatingPlan(request, answer.assignment))
      })
      worker.once('error', reject)
    })
}
