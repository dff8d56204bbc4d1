/**
 * Seating memory (issue 40, part 2): a series of monthly evenings of 40 women at 5 tables of 8,
 * 5 rounds each, 70 % returning each month; the pairs who meet again from earlier evenings, with
 * the engine told of them and without, in one run (6 evenings; 3 under BENCH_QUICK=1); and the
 * table-rounds where a first-timer sits alone among regulars, with first-timers spread and
 * without (decision 0082). Each
 * evening has the server's default budget (MIXER_TIME_MS, 1.5 s). Pure computation.
 */
import {
  boundAcross,
  firstTimersAloneAcross,
  repeatsAcross,
  simulateSeries,
} from '#server/mixer/series-simulation.ts'
import type { MixerBenchRow } from './mixer.ts'
import { sized } from './sizes.ts'

/** The goal: at least this much fewer repeat meetings across evenings. */
const FEWER = 0.6

export function benchSeatingMemory(): MixerBenchRow[] {
  const evenings = sized(6, 3)
  const options = { evenings, timeBudgetMs: 1_500 }
  const without = simulateSeries({ ...options, remember: false })
  // As the server seats: with memory and first-timers spread.
  const remembered = simulateSeries({ ...options, remember: true, spreadFirstTimers: true })
  const before = repeatsAcross(without)
  const after = repeatsAcross(remembered)
  const fewer = before > 0 ? 1 - after / before : 0
  // The arithmetic's floor for the evenings as the seating with memory met them (decision 0094).
  const floor = boundAcross(remembered)
  const most = before > 0 ? 1 - floor / before : 0
  const tonight = (scores: typeof without) => scores.reduce((sum, s) => sum + s.repeats, 0)
  return [
    {
      measure: `seating memory: ${evenings} evenings of 40 at 5 tables of 8, 5 rounds, 70 % returning; pairs meeting again from earlier evenings, without → with memory`,
      value: `${before} → ${after} (${(fewer * 100).toFixed(0)} % fewer)`,
      // Out of reach by any seating: decision 0094 has the floor and its arithmetic.
      target: `≥ ${FEWER * 100} % fewer`,
      ok: fewer >= FEWER,
    },
    {
      measure:
        'seating memory: the floor no seating as good tonight can go below (those evenings), and so the most fewer possible',
      value: `${floor} (at most ${(most * 100).toFixed(0)} % fewer)`,
      target: `≥ ${FEWER * 100} % fewer possible`,
      ok: most >= FEWER,
    },
    {
      measure: 'seating memory: repeats within each evening, without → with memory',
      value: `${tonight(without)} → ${tonight(remembered)}`,
      target: 'no more with memory',
      ok: tonight(remembered) <= tonight(without),
    },
    {
      measure:
        'first-timers: table-rounds where one sits alone among regulars (12 new each evening after the first), without → with spreading',
      value: `${firstTimersAloneAcross(without)} → ${firstTimersAloneAcross(remembered)}`,
      // 12 first-timers over 5 tables of 8 can always sit two or three to a table.
      target: 'none',
      ok: firstTimersAloneAcross(remembered) === 0,
    },
  ]
}

// `node bench/seating-memory.ts` runs this part alone.
if (import.meta.main) console.table(benchSeatingMemory())
