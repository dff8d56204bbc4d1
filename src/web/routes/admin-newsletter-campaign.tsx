import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { CampaignWorkspace } from '../features/newsletter/components/campaign-workspace.tsx'

/** /admin/newsletter/campaigns/new and /:id: write, test and send one campaign, or watch it go. */
export default function AdminNewsletterCampaignPage() {
  const { id = 'new' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <CampaignWorkspace id={id} />
    </RequireRole>
  )
}
