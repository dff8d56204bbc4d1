import { RequireRole } from '../features/auth/components/require-role.tsx'
import { NewsletterAdminNav } from '../features/newsletter/components/newsletter-admin-nav.tsx'
import { SubscribersPanel } from '../features/newsletter/components/subscribers-panel.tsx'

/** /admin/newsletter: the subscribers list, export and removal (admins only). */
export default function AdminNewsletterPage() {
  return (
    <RequireRole allow={['admin']}>
      <NewsletterAdminNav current="subscribers" />
      <SubscribersPanel />
    </RequireRole>
  )
}
