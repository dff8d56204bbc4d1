import type { Campaign } from '#shared/schemas/campaigns.ts'
import { pauseCampaign as pause } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** No further e-mail of a sending campaign goes out (within a batch) until it is resumed. */
export async function pauseCampaign(
  context: CampaignCommandContext,
  id: string,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.pause', (tx) => pause(tx, id))
  context.log.info({ campaignId: id, by: context.origin.actor.userId }, 'campaign paused')
  context.changed(id)
  return campaign
}
