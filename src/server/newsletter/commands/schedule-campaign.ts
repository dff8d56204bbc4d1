import type { Campaign } from '#shared/schemas/campaigns.ts'
import { sendCampaign } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/**
 * A complete draft with an audience is scheduled for `scheduledAt` (in the future): the campaigns
 * job starts it then, in whichever process gets there first.
 */
export async function scheduleCampaign(
  context: CampaignCommandContext,
  id: string,
  scheduledAt: Date,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.schedule', (tx) =>
    sendCampaign(tx, id, { scheduledAt }),
  )
  context.log.info(
    { campaignId: id, scheduledAt: campaign.scheduledAt, by: context.origin.actor.userId },
    'campaign scheduled',
  )
  context.changed(id)
  setImmediate(context.wakeSender)
  return campaign
}
