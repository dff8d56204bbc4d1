import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventSeries } from '../../db/schema/series.ts'
import * as series from '../series.ts'

/**
 * The `series-horizon` job's pass (jobs.ts): every series gets the evenings its rule gives up to
 * the horizon that it does not have yet. The server's own work, not an admin's: no audit entry.
 * Two processes at once make each evening once (the unique series slot, decision 0088). Returns
 * the new evenings' ids.
 */
export async function fillSeriesHorizon(db: Db, now: Date): Promise<string[]> {
  const all = await db.select().from(eventSeries).orderBy(asc(eventSeries.createdAt))
  const made: string[] = []
  for (const row of all) {
    // Under the series' lock, with its rule as now: a rule changed meanwhile (edit-series-rule.ts)
    // is followed, and a series ended meanwhile makes nothing.
    const evenings = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(eventSeries)
        .where(eq(eventSeries.id, row.id))
        .for('update')
      return locked ? series.makeEvenings(tx, locked, now) : []
    })
    made.push(...evenings.map((e) => e.id))
  }
  return made
}
