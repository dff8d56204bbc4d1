import { eq } from 'drizzle-orm'
import { audited } from '../../audit/audit.ts'
import { events } from '../../db/schema/events.ts'
import { eventSeries } from '../../db/schema/series.ts'
import * as series from '../series.ts'
import { seriesAuditValues } from './create-series.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * Ends a series: it makes no more evenings and its followers are let go. Its evenings still to
 * come where nobody holds a place or waits for one go with it; one with sign-ups stays, as an
 * evening of its own (the host can still call it off on its page, which tells each woman), and
 * evenings that have run stay as they were. One audit entry, with both counts.
 */
export async function deleteSeries(
  { db, origin, live }: EventCommandContext,
  seriesId: string,
  now = new Date(),
): Promise<{ deletedEvenings: number; keptEvenings: number }> {
  const { result, gone } = await audited(db, origin, async (tx) => {
    const row = await series.findSeries(tx, seriesId, true)
    const evenings = await tx
      .select()
      .from(events)
      .where(eq(events.seriesId, seriesId))
      .for('update')
    const toCome = evenings.filter((evening) => !series.hasRun(evening, now))
    const signedUp = await series.eveningsWithPeople(
      tx,
      toCome.map((evening) => evening.id),
    )
    const emptyEvenings = toCome.filter((evening) => !signedUp.has(evening.id))
    const empty = emptyEvenings.map((evening) => evening.id)
    // An image given to one of them goes with it, as when an evening is deleted alone.
    await series.deleteEvenings(tx, seriesId, emptyEvenings)
    // The rest keep their place in the calendar; the row's going leaves them without a series.
    await tx.delete(eventSeries).where(eq(eventSeries.id, seriesId))
    const counts = { deletedEvenings: empty.length, keptEvenings: evenings.length - empty.length }
    return {
      result: { result: counts, gone: evenings.map((evening) => evening.id) },
      audit: {
        action: 'series.delete',
        subject: { type: 'series', id: row.id, label: row.eventName },
        before: seriesAuditValues(row),
        after: counts,
      },
    }
  })
  for (const id of gone) live.changed(id)
  return result
}
