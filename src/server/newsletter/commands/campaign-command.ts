import { eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { AuditAction } from '#shared/audit.ts'
import type { Campaign } from '#shared/schemas/campaigns.ts'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db, Tx } from '../../db/client.ts'
import { newsletterCampaigns } from '../../db/schema/campaigns.ts'
import { getCampaign } from '../campaigns.ts'

/** What every campaign command is given: the database, who asks, and the effects after commit. */
export interface CampaignCommandContext {
  db: Db
  /** The audit entry's actor (the signed-in admin) and where she asked from. */
  origin: AuditOrigin
  log: Logger
  /** After commit: the campaign's open pages hear of the change. */
  changed: (id: string) => void
  /** After commit: the mail worker looks for due work at once (the outbox and campaigns jobs). */
  wakeSender: () => void
}

export const campaignSubject = (campaign: Campaign) =>
  ({ type: 'campaign', id: campaign.id, label: campaign.subject || null }) as const

/** What an entry shows of a campaign: its state, audience and every version's text. */
export function campaignValues(campaign: Campaign): Record<string, unknown> {
  const versions = Object.entries(campaign.content).flatMap(([language, version]) => [
    [`subject_${language}`, version.subject],
    [`body_${language}`, version.body],
  ])
  return {
    status: campaign.status,
    scheduledAt: campaign.scheduledAt,
    audienceLanguages: campaign.audience.languages,
    audienceMembership: campaign.audience.membership,
    audienceCameWithinMonths:
      campaign.audience.attendance === 'cameWithin' ? campaign.audience.months : null,
    audienceNeverCame: campaign.audience.attendance === 'neverCame',
    audienceSeries: campaign.audience.seriesName,
    audienceSeriesId: campaign.audience.seriesId,
    ...Object.fromEntries(versions),
  }
}

/**
 * A change to one campaign and its audit entry, in one transaction. The campaign's row is locked
 * first, so the entry's "before" is what the change changed; `afterCommit` effects run once it is
 * committed, in order.
 */
export function changeCampaign<T>(
  { db, origin }: CampaignCommandContext,
  id: string,
  action: AuditAction,
  work: (tx: Tx, afterCommit: (effect: () => void) => void) => Promise<T>,
): Promise<T> {
  return audited(db, origin, async (tx, afterCommit) => {
    await tx
      .select({ id: newsletterCampaigns.id })
      .from(newsletterCampaigns)
      .where(eq(newsletterCampaigns.id, id))
      .for('update')
    const before = await getCampaign(tx, id)
    const result = await work(tx, afterCommit)
    const after = action === 'campaign.delete' ? null : await getCampaign(tx, id)
    return {
      result,
      audit: {
        action,
        subject: campaignSubject(before),
        before: campaignValues(before),
        after: after && campaignValues(after),
      },
    }
  })
}
