import { eq } from 'drizzle-orm'
import type { WelcomeEmailDraft, WelcomePosition } from '#shared/schemas/welcome-series.ts'
import { auditEntry, recordAudit } from '../../audit/audit.ts'
import { welcomeEmails } from '../../db/schema/welcome-series.ts'
import { lockSeries, readWelcomeSeries } from '../welcome-series.ts'
import { welcomeSubject, welcomeValues, type WelcomeCommandContext } from './welcome-command.ts'

/**
 * Writes the welcome e-mail in `position` (a new one, or new text and delay for the one there).
 * Its id stays, so subscribers who got it do not get it again and the rest get the new text. An
 * unchanged e-mail writes no entry.
 */
export async function updateWelcomeEmail(
  context: WelcomeCommandContext,
  position: WelcomePosition,
  draft: WelcomeEmailDraft,
) {
  const content = Object.fromEntries(
    Object.entries(draft.content).filter(([, version]) => version !== undefined),
  ) as WelcomeEmailDraft['content']
  await context.db.transaction(async (tx) => {
    await lockSeries(tx)
    const [before] = await tx
      .select()
      .from(welcomeEmails)
      .where(eq(welcomeEmails.position, position))
    const after = { position, delayDays: draft.delayDays, content }
    const details = {
      action: before ? ('welcome.update' as const) : ('welcome.create' as const),
      subject: welcomeSubject(position),
      before: before ? welcomeValues(before) : null,
      after: welcomeValues(after),
      keep: ['position'] as const,
    }
    const entry = auditEntry(details, context.origin)
    if (before && entry.before === null && entry.after === null) return
    const by = context.origin.actor.userId
    if (before)
      await tx
        .update(welcomeEmails)
        .set({ delayDays: draft.delayDays, content, updatedAt: new Date(), updatedBy: by })
        .where(eq(welcomeEmails.id, before.id))
    else await tx.insert(welcomeEmails).values({ ...after, updatedBy: by })
    await recordAudit(tx, details, context.origin)
  })
  return readWelcomeSeries(context.db)
}
