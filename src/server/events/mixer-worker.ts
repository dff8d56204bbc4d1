import { parentPort, workerData } from 'node:worker_threads'
import { MixerError } from '../mixer/mixer-error.ts'
import { planRounds, type MixerInput } from '../mixer/plan-rounds.ts'

// Runs one planning in its own thread, so a second of search never stalls the server's requests.
try {
  const result = planRounds(workerData as MixerInput)
  parentPort?.postMessage({ ok: true, assignment: result.assignment })
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    code: error instanceof MixerError ? error.code : 'internal',
    message: error instanceof Error ? error.message : String(error),
    details: error instanceof MixerError ? error.details : undefined,
  })
}
