import type { Campaign, CampaignDraft } from '#shared/schemas/campaigns.ts'
import { updateCampaign as saveDraft } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/** Saves a draft's content and audience (a scheduled or sending campaign's no longer change). */
export function updateCampaign(
  context: CampaignCommandContext,
  id: string,
  draft: CampaignDraft,
): Promise<Campaign> {
  return changeCampaign(context, id, 'campaign.update', (tx) => saveDraft(tx, id, draft))
}
