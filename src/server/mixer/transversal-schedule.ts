import { galoisField } from './galois-field.ts'

/**
 * Rounds with no repeated pair from a transversal design over GF(q): k·q people (person i·q + j
 * is point (i, j)), q tables of k with k ≤ q. In round m, table t seats {(i, t + m·i)}: two
 * people of different i meet exactly when m = (j − j′)/(i − i′), so in one round at most. With
 * k = q this is the affine plane AG(2, q), whose last parallel class (the rows i) adds a round.
 * Returns null when q is not a prime power, the shape does not fit or more rounds are asked for.
 */
export function transversalSchedule(
  tables: number,
  tableSize: number,
  rounds: number,
): number[][][] | null {
  const q = tables
  const k = tableSize
  if (k < 2 || k > q || rounds > (k === q ? q + 1 : q)) return null
  const field = galoisField(q)
  if (!field) return null
  const schedule: number[][][] = []
  for (let m = 0; m < Math.min(rounds, q); m++) {
    const round: number[][] = Array.from({ length: q }, () => [])
    for (let i = 0; i < k; i++)
      for (let j = 0; j < q; j++) {
        // Point (i, j) sits at table t = j − m·i.
        const t = field.sub(j, field.mul(m, i))
        round[t]?.push(i * q + j)
      }
    schedule.push(round)
  }
  if (rounds === q + 1)
    schedule.push(
      Array.from({ length: q }, (_, i) => Array.from({ length: q }, (_, j) => i * q + j)),
    )
  return schedule
}
