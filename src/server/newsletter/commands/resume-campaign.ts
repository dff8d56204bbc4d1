import type { Campaign } from '#shared/schemas/campaigns.ts'
import { resumeCampaign as resume } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** A paused campaign sends again, from where it stopped. */
export async function resumeCampaign(
  context: CampaignCommandContext,
  id: string,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.resume', (tx) => resume(tx, id))
  context.log.info({ campaignId: id, by: context.origin.actor.userId }, 'campaign resumed')
  context.changed(id)
  context.wakeSender()
  return campaign
}
