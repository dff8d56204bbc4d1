import { eq } from 'drizzle-orm'
import type { WelcomePosition } from '#shared/schemas/welcome-series.ts'
import { recordAudit } from '../../audit/audit.ts'
import { welcomeEmails } from '../../db/schema/welcome-series.ts'
import { DomainError } from '../../domain-error.ts'
import { lockSeries, readWelcomeSeries, welcomeReadiness } from '../welcome-series.ts'
import { welcomeSubject, welcomeValues, type WelcomeCommandContext } from './welcome-command.ts'

/**
 * Removes the welcome e-mail in `position`: nobody gets it any more. What went out stays counted
 * under its id; an e-mail written there later is a new one. The series, while on, keeps one
 * e-mail ready at least.
 */
export async function removeWelcomeEmail(
  context: WelcomeCommandContext,
  position: WelcomePosition,
) {
  await context.db.transaction(async (tx) => {
    const series = await lockSeries(tx)
    const emails = await tx.select().from(welcomeEmails)
    const removed = emails.find((email) => email.position === position)
    if (!removed) throw new DomainError('welcomeEmailNotFound')
    const readyLeft = emails.filter(
      (email) => email !== removed && welcomeReadiness(email.content).length === 0,
    )
    if (series.enabled && readyLeft.length === 0) throw new DomainError('welcomeLastEmail')
    await tx.delete(welcomeEmails).where(eq(welcomeEmails.id, removed.id))
    await recordAudit(
      tx,
      {
        action: 'welcome.remove',
        subject: welcomeSubject(position),
        before: welcomeValues(removed),
      },
      context.origin,
    )
  })
  return readWelcomeSeries(context.db)
}
