import type { Campaign } from '#shared/schemas/campaigns.ts'
import { sendCampaign } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** A complete draft with an audience starts sending at once. */
export async function sendCampaignNow(
  context: CampaignCommandContext,
  id: string,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.send', (tx) =>
    sendCampaign(tx, id, { scheduledAt: null }),
  )
  context.log.info(
    { campaignId: id, scheduledAt: campaign.scheduledAt, by: context.origin.actor.userId },
    campaign.status === 'scheduled' ? 'campaign scheduled' : 'campaign started',
  )
  context.changed(id)
  // After the answer is on its way: the start's first statements would hold it back.
  setImmediate(context.wakeSender)
  return campaign
}
