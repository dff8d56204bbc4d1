import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/audit.ts'
import { welcomeSeries } from '../../db/schema/welcome-series.ts'
import { DomainError } from '../../domain-error.ts'
import { earlierSubscribersCount, lockSeries, readWelcomeSeries } from '../welcome-series.ts'
import type { WelcomeCommandContext } from './welcome-command.ts'

/**
 * The owner's one-time choice: subscribers who confirmed before the series started get it too,
 * their delays counted from now. Once only; before the series ever started there is nobody
 * "earlier" to include. `shown` is the count she confirmed, recorded beside the count now.
 */
export async function includeEarlierSubscribers(context: WelcomeCommandContext, shown: number) {
  await context.db.transaction(async (tx) => {
    const series = await lockSeries(tx)
    if (!series.startedAt) throw new DomainError('welcomeNotStarted')
    if (series.earlierIncludedAt) throw new DomainError('welcomeEarlierIncluded')
    const count = await earlierSubscribersCount(tx, series)
    await tx
      .update(welcomeSeries)
      .set({ earlierIncludedAt: new Date(), updatedAt: new Date() })
      .where(eq(welcomeSeries.id, 1))
    await recordAudit(
      tx,
      {
        action: 'welcome.include_earlier',
        subject: { type: 'welcome', id: null, label: null },
        after: { earlierCount: count, shownCount: shown },
      },
      context.origin,
    )
  })
  context.wakeSender()
  return readWelcomeSeries(context.db)
}
