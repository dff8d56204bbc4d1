import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { NewsletterIssueArticle } from '../features/newsletter/components/newsletter-issue-article.tsx'

/**
 * /admin/newsletter/campaigns/:id/preview: the campaign's web version before it is sent (the
 * "open in the browser" link of a test e-mail), in the e-mail's language. Admins only.
 */
export default function AdminNewsletterCampaignPreviewPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <NewsletterIssueArticle id={id} preview />
    </RequireRole>
  )
}
