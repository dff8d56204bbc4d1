import { Worker } from 'node:worker_threads'
import { MixerError, type MixerErrorCode } from '../mixer/mixer-error.ts'
import type { TableAssignment } from '../mixer/plan-rounds.ts'
import { mixerInput, seatingPlan, type SeatingPlanner } from './seating-planner.ts'

type WorkerAnswer =
  | { ok: true; assignment: TableAssignment }
  | {
      ok: false
      code: MixerErrorCode | 'internal'
      message: string
      details?: MixerError['details']
    }

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
          // The engine's refusal crosses the thread as data; it is a MixerError again here, so
          // the app answers it as the in-process engine's would be answered.
          reject(
            answer.code === 'internal'
              ? new Error(`mixer: ${answer.message}`)
              : new MixerError(answer.code, answer.message, answer.details),
          )
          return
        }
        resolve(seatingPlan(request, answer.assignment))
      })
      worker.once('error', reject)
    })
}
