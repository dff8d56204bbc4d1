import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/audit.ts'
import { welcomeEmails, welcomeSeries } from '../../db/schema/welcome-series.ts'
import { DomainError } from '../../domain-error.ts'
import { lockSeries, readWelcomeSeries, welcomeReadiness } from '../welcome-series.ts'
import type { WelcomeCommandContext } from './welcome-command.ts'

/**
 * Turns the series on or off. The first time it is turned on is its start: who confirmed before
 * gets it only if the owner includes them. Off, nothing more is queued; on again, each subscriber
 * goes on where she stopped. Turning it on needs one ready e-mail. A repeat changes nothing.
 */
export async function switchWelcomeSeries(context: WelcomeCommandContext, enabled: boolean) {
  const changed = await context.db.transaction(async (tx) => {
    const series = await lockSeries(tx)
    if (series.enabled === enabled) return false
    if (enabled) {
      const emails = await tx.select({ content: welcomeEmails.content }).from(welcomeEmails)
      if (!emails.some((email) => welcomeReadiness(email.content).length === 0))
        throw new DomainError('welcomeNoEmails')
    }
    const now = new Date()
    await tx
      .update(welcomeSeries)
      .set({ enabled, startedAt: series.startedAt ?? (enabled ? now : null), updatedAt: now })
      .where(eq(welcomeSeries.id, 1))
    await recordAudit(
      tx,
      {
        action: enabled ? 'welcome.enable' : 'welcome.disable',
        subject: { type: 'welcome', id: null, label: null },
        before: { enabled: series.enabled },
        after: { enabled },
      },
      context.origin,
    )
    return true
  })
  if (changed && enabled) context.wakeSender()
  return readWelcomeSeries(context.db)
}
