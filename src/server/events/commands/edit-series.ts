import { eq } from 'drizzle-orm'
import type { SeriesEdit } from '#shared/schemas/series.ts'
import { retimeRule, siteLocalTime, siteTimeToInstant } from '#shared/series-rule.ts'
import { audited, recordAudit } from '../../audit/audit.ts'
import { eventSeries } from '../../db/schema/series.ts'
import { DomainError } from '../../domain-error.ts'
import type { PlaceMail } from '../calendar-mail.ts'
import { eventSubject, eventValues } from '../event-audit.ts'
import { findEvent, type EventRow } from '../event-base.ts'
import * as steps from '../events.ts'
import * as series from '../series.ts'
import { seriesAuditValues } from './create-series.ts'
import { mailAfterCommit, type EventCommandContext } from './event-change.ts'

/**
 * Changes an evening of a series, alone (`evening`) or with every later one (`following`, which
 * also changes what the series' evenings still to be made start with). Evenings that have run
 * never change: one chosen alone is refused, and `following` passes over them. If the new number
 * of places is below what any evening in the edit has registered, the whole edit is refused and
 * nothing changes. One audit entry per evening changed, and one for the series.
 */
export async function editSeries(
  ctx: EventCommandContext,
  seriesId: string,
  eventId: string,
  edit: SeriesEdit,
  mail: PlaceMail,
  now = new Date(),
): Promise<{ evenings: EventRow[] }> {
  const { scope, startTime, time, ...fields } = edit
  const changed = await audited(ctx.db, ctx.origin, async (tx, afterCommit) => {
    const row = await series.findSeries(tx, seriesId, true)
    const chosen = await findEvent(tx, eventId)
    const evenings = await series.eveningsInScope(tx, seriesId, chosen, scope, now)
    if (fields.places !== null) {
      const taken = await series.placesTakenAt(
        tx,
        evenings.map((e) => e.id),
      )
      const short = evenings.find((e) => (taken.get(e.id) ?? 0) > (fields.places ?? 0))
      if (short)
        throw new DomainError('seriesPlacesBelowRegistered', undefined, {
          date: siteLocalTime(short.startTime).replace('T', ' '),
          taken: taken.get(short.id) ?? 0,
        })
    }
    const placeMail = mailAfterCommit(mail, afterCommit)
    const updated: EventRow[] = []
    const entries: { before: EventRow; after: EventRow }[] = []
    for (const evening of evenings) {
      const start =
        scope === 'evening'
          ? startTime
            ? new Date(startTime)
            : evening.startTime
          : time
            ? siteTimeToInstant(`${siteLocalTime(evening.startTime).slice(0, 10)}T${time}`)
            : evening.startTime
      const input = series.eveningInput(fields, start)
      const after = await steps.updateEvent(tx, evening.id, input, placeMail)
      await series.retimeRegistration(tx, after, row.registrationOpensDays)
      entries.push({ before: evening, after })
      updated.push(after)
    }
    const eveningAudit = ({ before, after }: { before: EventRow; after: EventRow }) => ({
      action: 'event.update' as const,
      subject: eventSubject(after),
      before: eventValues(before),
      after: eventValues(after),
    })
    if (scope === 'evening') {
      const [only] = entries
      if (!only) throw new DomainError('eventNotFound')
      return { result: updated, audit: eveningAudit(only) }
    }
    for (const entry of entries) await recordAudit(tx, eveningAudit(entry), ctx.origin)
    const fromDay = chosen.seriesSlot ?? siteLocalTime(chosen.startTime).slice(0, 10)
    const rule = time === undefined ? row.rule : retimeRule(row.rule, fromDay, time)
    const values = series.seriesValues(
      { ...fields, tables: row.tables, rule, registrationOpensDays: row.registrationOpensDays },
      row.translations,
    )
    const [after] = await tx
      .update(eventSeries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(eventSeries.id, seriesId))
      .returning()
    if (!after) throw new DomainError('seriesNotFound')
    return {
      result: updated,
      audit: {
        action: 'series.update' as const,
        subject: { type: 'series' as const, id: row.id, label: after.eventName },
        before: seriesAuditValues(row),
        after: { ...seriesAuditValues(after), evenings: updated.length },
      },
    }
  })
  for (const evening of changed) ctx.live.changed(evening.id)
  return { evenings: changed }
}
