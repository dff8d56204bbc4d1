import { deleteCampaign as deleteDraft } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** Deletes a draft (a campaign that went out stays, with its figures). */
export async function deleteCampaign(context: CampaignCommandContext, id: string): Promise<void> {
  await changeCampaign(context, id, 'campaign.delete', (tx) => deleteDraft(tx, id))
}
