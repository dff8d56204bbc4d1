import type { Campaign } from '#shared/schemas/campaigns.ts'
import { unscheduleCampaign as backToDraft } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** A scheduled campaign goes back to being a draft. */
export async function unscheduleCampaign(
  context: CampaignCommandContext,
  id: string,
): Promise<Campaign> {
  const campaign = await changeCampaign(context, id, 'campaign.unschedule', (tx) =>
    backToDraft(tx, id),
  )
  context.changed(id)
  return campaign
}
