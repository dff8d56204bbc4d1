import type { Campaign, CampaignDraft } from '#shared/schemas/campaigns.ts'
import { audited } from '../../audit/audit.ts'
import { createCampaign as insertCampaign } from '../campaigns.ts'
import { campaignSubject, campaignValues, type CampaignCommandContext } from './campaign-command.ts'

/** A new campaign, as a draft (it may be incomplete: it is checked when tested or sent). */
export async function createCampaign(
  context: CampaignCommandContext,
  draft: CampaignDraft,
  userId: string | null,
): Promise<Campaign> {
  const campaign = await audited(context.db, context.origin, async (tx) => {
    const created = await insertCampaign(tx, draft, userId)
    return {
      result: created,
      audit: {
        action: 'campaign.create',
        subject: campaignSubject(created),
        after: campaignValues(created),
      },
    }
  })
  context.log.info({ campaignId: campaign.id, by: userId }, 'campaign drafted')
  return campaign
}
