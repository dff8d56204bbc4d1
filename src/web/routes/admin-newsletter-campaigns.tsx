import { RequireRole } from '../features/auth/components/require-role.tsx'
import { CampaignList } from '../features/newsletter/components/campaign-list.tsx'
import { NewsletterAdminNav } from '../features/newsletter/components/newsletter-admin-nav.tsx'

/** /admin/newsletter/campaigns: the campaigns, and a new one (admins only). */
export default function AdminNewsletterCampaignsPage() {
  return (
    <RequireRole allow={['admin']}>
      <NewsletterAdminNav current="campaigns" />
      <CampaignList />
    </RequireRole>
  )
}
