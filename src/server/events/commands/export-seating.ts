import type { Language } from '#shared/languages.ts'
import { exportSeatingCsv } from '../seating-export.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * Every round's seating as CSV for the admin's spreadsheet. It changes nothing, but who took the
 * seating out of the site is audited, so it is a command; no screen needs to hear of it.
 */
export async function exportSeating(ctx: EventCommandContext, eventId: string, language: Language) {
  return auditedEventChange(ctx, eventId, 'export.seating', async (tx) => ({
    result: await exportSeatingCsv(tx, eventId, language),
  }))
}
