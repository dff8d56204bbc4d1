import { eq } from 'drizzle-orm'
import type { SeriesRuleEdit } from '#shared/schemas/series.ts'
import { seriesHorizon, seriesOccurrences } from '#shared/series-rule.ts'
import { audited, recordAudit } from '../../audit/audit.ts'
import { events } from '../../db/schema/events.ts'
import { eventSeries } from '../../db/schema/series.ts'
import { DomainError } from '../../domain-error.ts'
import { eventSubject, eventValues } from '../event-audit.ts'
import type { EventRow } from '../event-base.ts'
import * as series from '../series.ts'
import { seriesAuditValues } from './create-series.ts'
import type { EventCommandContext } from './event-change.ts'

const DAY_MS = 24 * 60 * 60_000

/** What a new rule did to the series' evenings still to come. */
export interface RuleEdited {
  series: series.SeriesRow
  made: EventRow[]
  moved: EventRow[]
  removed: EventRow[]
  /** Evenings someone is on whose date the new rule does not give: the host moves each herself. */
  kept: EventRow[]
}

/**
 * A new rule (and registration-opens days) for a series. Its evenings still to come that nobody
 * is on follow it: one on a day the rule still gives moves to the rule's time, the others go, and
 * the rule's new dates are made up to the horizon. Evenings someone is on stay as they are, and
 * those off the rule are listed to the host. Evenings that have run never change. A rule with no
 * date to come, or a date already past, is refused before anything is written. One entry for the
 * series, and one per evening moved (`event.update`), removed (`event.delete`) or made
 * (`event.create`).
 */
export async function editSeriesRule(
  ctx: EventCommandContext,
  seriesId: string,
  edit: SeriesRuleEdit,
  now = new Date(),
): Promise<RuleEdited> {
  series.checkRule(edit.rule, now)
  const done = await audited(ctx.db, ctx.origin, async (tx) => {
    const row = await series.findSeries(tx, seriesId, true)
    const toCome = (await series.eveningsFrom(tx, seriesId, now)).filter(
      (evening) => !series.hasRun(evening, now),
    )
    const withPeople = await series.eveningsWithPeople(
      tx,
      toCome.map((evening) => evening.id),
    )
    const [after] = await tx
      .update(eventSeries)
      .set({ rule: edit.rule, registrationOpensDays: edit.registrationOpensDays, updatedAt: now })
      .where(eq(eventSeries.id, seriesId))
      .returning()
    if (!after) throw new DomainError('seriesNotFound')
    // The rule's dates as far as the evenings already made reach (a list may go past the horizon).
    const last = toCome.at(-1)?.startTime.getTime() ?? 0
    const until = new Date(Math.max(seriesHorizon(now).getTime(), last + DAY_MS))
    const wanted = new Map(
      seriesOccurrences(edit.rule, now, until).map((o) => [o.slot, o.startTime]),
    )
    const moved: EventRow[] = []
    const removed: EventRow[] = []
    const kept: EventRow[] = []
    for (const evening of toCome) {
      const start = evening.seriesSlot === null ? undefined : wanted.get(evening.seriesSlot)
      if (withPeople.has(evening.id)) {
        if (start?.getTime() !== evening.startTime.getTime()) kept.push(evening)
        continue
      }
      if (!start) {
        removed.push(evening)
        continue
      }
      const opensAt = registrationOpening(evening, start, edit.registrationOpensDays, now)
      if (
        start.getTime() === evening.startTime.getTime() &&
        opensAt?.getTime() === evening.registrationOpensAt?.getTime()
      )
        continue
      const [changed] = await tx
        .update(events)
        .set({ startTime: start, registrationOpensAt: opensAt, updatedAt: now })
        .where(eq(events.id, evening.id))
        .returning()
      if (changed) {
        moved.push(changed)
        await recordAudit(
          tx,
          {
            action: 'event.update',
            subject: eventSubject(changed),
            before: eventValues(evening),
            after: eventValues(changed),
          },
          ctx.origin,
        )
      }
    }
    await series.deleteEvenings(tx, seriesId, removed)
    for (const evening of removed)
      await recordAudit(
        tx,
        { action: 'event.delete', subject: eventSubject(evening), before: eventValues(evening) },
        ctx.origin,
      )
    const made = await series.makeEvenings(tx, after, now)
    for (const evening of made)
      await recordAudit(
        tx,
        { action: 'event.create', subject: eventSubject(evening), after: eventValues(evening) },
        ctx.origin,
      )
    const counts = {
      madeEvenings: made.length,
      movedEvenings: moved.length,
      removedEvenings: removed.length,
      keptEvenings: kept.length,
    }
    return {
      result: { series: after, made, moved, removed, kept },
      audit: {
        action: 'series.update' as const,
        subject: { type: 'series' as const, id: row.id, label: row.eventName },
        before: seriesAuditValues(row),
        after: { ...seriesAuditValues(after), ...counts },
      },
    }
  })
  for (const evening of [...done.made, ...done.moved, ...done.removed]) ctx.live.changed(evening.id)
  return done
}

/**
 * When registration opens for an evening the rule moves: the new days before its new start, except
 * that registration which has opened (by its time, or its followers were told) never closes again.
 * Decided by the clock, not by whether the followers' job has run yet.
 */
export function registrationOpening(
  evening: Pick<EventRow, 'registrationOpensAt' | 'followersToldAt'>,
  start: Date,
  days: number,
  now: Date,
): Date | null {
  if (evening.registrationOpensAt === null) return null
  const wanted = new Date(start.getTime() - days * DAY_MS)
  const opened =
    evening.followersToldAt !== null || evening.registrationOpensAt.getTime() <= now.getTime()
  return opened && wanted.getTime() > now.getTime() ? evening.registrationOpensAt : wanted
}
