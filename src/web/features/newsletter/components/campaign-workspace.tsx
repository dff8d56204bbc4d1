import { useEffect, useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { fetchCampaign, type Campaign } from '../api/campaigns-api.ts'
import { CampaignEditor } from './campaign-editor.tsx'
import { CampaignProgress } from './campaign-progress.tsx'

/**
 * /admin/newsletter/campaigns/new and /:id: the editor while the campaign is a draft or
 * scheduled, its progress once it goes out. A new campaign keeps its editor when its first save
 * gives it an address.
 */
export function CampaignWorkspace({ id }: { id: string }) {
  const { t } = useTranslation('newsletter')
  const [campaign, setCampaign] = useState<Campaign | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [sentHere, setSentHere] = useState(false)
  const known = id === 'new' || campaign?.id === id

  useEffect(() => {
    if (known) return
    let current = true
    void fetchCampaign(id).then((result) => {
      if (!current) return
      if (result.ok) setCampaign(result.data)
      else setFailure(result.message)
    })
    return () => {
      current = false
    }
  }, [id, known])

  if (failure !== null)
    return (
      <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8">
        <BackLink href="/admin/newsletter/campaigns">{t('campaigns.ui.editor.back')}</BackLink>
        <div className="mt-6">
          <Alert tone="error">{failure || t('campaigns.ui.editor.loadFailed')}</Alert>
        </div>
      </div>
    )
  if (!known) return <PageSpinner />
  if (campaign && !editable(campaign))
    return <CampaignProgress initial={campaign} arrived={sentHere} />
  return (
    <CampaignEditor
      initial={campaign}
      onChange={(next) => {
        if (!editable(next)) setSentHere(true)
        setCampaign(next)
      }}
    />
  )
}

const editable = (campaign: Campaign) =>
  campaign.status === 'draft' || campaign.status === 'scheduled'
