import type { Campaign } from '#shared/schemas/campaigns.ts'
import { cancelCampaign as cancel } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** Stops a campaign for good: e-mails not sent yet are not sent. */
export async function cancelCampaign(
  context: CampaignCommandContext,
  id: string,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.cancel', (tx) => cancel(tx, id))
  context.log.info({ campaignId: id, by: context.origin.actor.userId }, 'campaign cancelled')
  context.changed(id)
  return campaign
}
