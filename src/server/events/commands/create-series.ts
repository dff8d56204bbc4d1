import type { SeriesInput } from '#shared/schemas/series.ts'
import { describeRule } from '#shared/series-rule.ts'
import { audited } from '../../audit/audit.ts'
import type { EventRow } from '../event-base.ts'
import * as series from '../series.ts'
import type { EventCommandContext } from './event-change.ts'

/**
 * A new series and its evenings up to the horizon, with one audit entry, in one transaction. A
 * rule that gives no date, or a date already past, is refused before anything is written.
 */
export async function createSeries(
  { db, origin, live }: EventCommandContext,
  input: SeriesInput,
  now = new Date(),
): Promise<{ series: series.SeriesRow; evenings: EventRow[] }> {
  series.checkRule(input.rule, now)
  const created = await audited(db, origin, async (tx) => {
    const row = await series.insertSeries(tx, input)
    const evenings = await series.makeEvenings(tx, row, now)
    return {
      result: { series: row, evenings },
      audit: {
        action: 'series.create',
        subject: { type: 'series', id: row.id, label: row.eventName },
        after: { ...seriesAuditValues(row), evenings: evenings.length },
      },
    }
  })
  for (const evening of created.evenings) live.changed(evening.id)
  return created
}

/** A series as its audit entries show it. */
export const seriesAuditValues = (row: series.SeriesRow) => ({
  eventName: row.eventName,
  description: row.description,
  placeName: row.placeName,
  address: row.address,
  duration: row.duration,
  places: row.places,
  seriesRule: describeRule(row.rule),
  registrationOpensDays: row.registrationOpensDays,
})
